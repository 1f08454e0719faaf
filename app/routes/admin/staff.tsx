import { useForm } from "react-hook-form";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  showFieldErrors,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import {
  ConfirmAction,
  ErrorNote,
  loadForAdmin,
  PageHeader,
  Panel,
  TableSkeleton,
  useLoadedData,
} from "~/components/admin/common";
import { TextField } from "~/components/admin/list";
import { useStaffAccess } from "~/components/admin/staff-access";
import { Button } from "~/components/ui/button";
import { api } from "~/lib/admin-api-client";
import { validateInto } from "~/lib/form-validation";
import { StaffInviteBody, StaffUpdateBody } from "#contract/schemas/staff";
import { STAFF_ROLES, type StaffRole } from "#contract/staff-roles";
import { useLingui } from "@lingui/react";
import { backOfficeI18n, formatCount, roleLabel } from "~/components/admin/admin-i18n";
import type { Route } from "./+types/staff";

export function meta() {
  return [{ title: `${backOfficeI18n._("Staff")} — Tweest admin` }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { staff: await loadForAdmin(request, () => api.staff.list()) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "invite": {
      const invite = parseSubmitted(StaffInviteBody, body);
      return runAdminAction(
        () => api.staff.invite(invite),
        i18n._("Invitation sent to {email}", { email: invite.email }),
      );
    }
    case "update":
      return runAdminAction(
        () => api.staff.update(id, parseSubmitted(StaffUpdateBody, body)),
        i18n._("Staff member updated"),
      );
    case "revoke":
      return runAdminAction(() => api.staff.revoke(id), i18n._("Staff access revoked"));
    default:
      return unknownIntent(intent);
  }
}

const FIELDS = ["firstName", "email", "mobile", "role"] as const;
type InviteValues = { firstName: string; email: string; mobile: string; role: StaffRole };

function InviteForm() {
  const { i18n } = useLingui();
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm<InviteValues>(
    { defaultValues: { firstName: "", email: "", mobile: "", role: "orderDesk" } },
  );
  const { errors } = formState;
  const invite = useAdminAction({
    onSuccess: () => reset(),
    onFailure: (result) => showFieldErrors(result, setError, FIELDS),
  });
  async function onSubmit(values: InviteValues) {
    clearErrors();
    const parsed = validateInto(
      StaffInviteBody,
      { ...values, mobile: values.mobile.trim() || undefined },
      setError,
      FIELDS,
    );
    if (parsed) await invite.submit("invite", { body: parsed });
  }
  return (
    <Panel title={i18n._("Invite a staff member")} className="mb-5">
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="grid gap-3 md:grid-cols-[1fr_1fr_1fr_160px_auto]"
      >
        <TextField
          id="staff-name"
          label={i18n._("First name")}
          error={errors.firstName?.message}
          {...register("firstName")}
        />
        <TextField
          id="staff-email"
          label={i18n._("Email (to sign in)")}
          type="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          id="staff-mobile"
          label={i18n._("Mobile (link by SMS)")}
          inputMode="tel"
          placeholder="01XXXXXXXXX"
          error={errors.mobile?.message}
          {...register("mobile")}
        />
        <label className="text-sm font-medium text-stone-700">
          {i18n._("Role")}
          <select
            className="mt-1 block h-10 w-full rounded-md border border-stone-300 px-2"
            {...register("role")}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {roleLabel(i18n, role)}
              </option>
            ))}
          </select>
        </label>
        <div className="md:pt-6">
          <Button type="submit" disabled={invite.pending} className="w-full md:w-auto">
            {i18n._("Send invitation")}
          </Button>
        </div>
      </form>
      <p className="mt-2 text-xs text-stone-500">
        {i18n._(
          "The link sets the password once and works for {days} days; by SMS when a mobile is given, else by email.",
          { days: formatCount(3) },
        )}
      </p>
    </Panel>
  );
}

/** /admin/staff (owners): who is on the staff, with which role; invite, change, deactivate, revoke. */
export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const staff = useLoadedData(loaderData.staff);
  const change = useAdminAction();
  const { role: myRole } = useStaffAccess();
  return (
    <div>
      <PageHeader
        title={i18n._("Staff")}
        description={i18n._(
          "Each role sees and does only its part of the back office. Only owners manage the staff.",
        )}
      />
      {myRole === "owner" && <InviteForm />}
      {staff.error && <ErrorNote message={staff.error} onRetry={staff.reload} />}
      {!staff.data && !staff.error && <TableSkeleton rows={3} />}
      {staff.data && (
        <ul className="space-y-2" data-testid="staff-list">
          {staff.data.staff.map((member) => (
            <li
              key={member._id}
              data-testid="staff-member"
              className="flex flex-col gap-2 rounded-md border border-stone-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words" translate="no">
                  {member.firstName} {member.lastName}
                </p>
                <p className="text-sm break-all text-stone-600">{member.email}</p>
                <p className="text-xs text-stone-500">
                  {member.status === "invited"
                    ? i18n._("Invited")
                    : member.active
                      ? i18n._("Active")
                      : i18n._("Deactivated")}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <select
                  aria-label={i18n._("Role of {email}", { email: member.email })}
                  className="h-10 rounded-md border border-stone-300 px-2 text-sm"
                  value={member.role ?? ""}
                  onChange={(event) =>
                    void change.submit("update", {
                      id: member._id,
                      body: { role: event.target.value },
                    })
                  }
                >
                  {STAFF_ROLES.map((role) => (
                    <option key={role} value={role}>
                      {roleLabel(i18n, role)}
                    </option>
                  ))}
                </select>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() =>
                    void change.submit("update", {
                      id: member._id,
                      body: { active: !member.active },
                    })
                  }
                >
                  {member.active ? i18n._("Deactivate") : i18n._("Reactivate")}
                </Button>
                <ConfirmAction
                  title={i18n._("Take {name} off the staff?", { name: member.firstName })}
                  description={i18n._(
                    "Their account stays, as a customer's; every session of theirs ends at once.",
                  )}
                  confirmLabel={i18n._("Revoke access")}
                  onConfirm={() => void change.submit("revoke", { id: member._id })}
                >
                  <Button variant="outline" size="sm">
                    {i18n._("Revoke")}
                  </Button>
                </ConfirmAction>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
