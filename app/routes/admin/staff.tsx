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
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "#contract/staff-roles";
import type { Route } from "./+types/staff";

export function meta() {
  return [{ title: "Staff — Tweest admin" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { staff: await loadForAdmin(request, () => api.staff.list()) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "invite": {
      const invite = parseSubmitted(StaffInviteBody, body);
      return runAdminAction(() => api.staff.invite(invite), `Invitation sent to ${invite.email}`);
    }
    case "update":
      return runAdminAction(
        () => api.staff.update(id, parseSubmitted(StaffUpdateBody, body)),
        "Staff member updated",
      );
    case "revoke":
      return runAdminAction(() => api.staff.revoke(id), "Staff access revoked");
    default:
      return unknownIntent(intent);
  }
}

const FIELDS = ["firstName", "email", "mobile", "role"] as const;
type InviteValues = { firstName: string; email: string; mobile: string; role: StaffRole };

function InviteForm() {
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
    <Panel title="Invite a staff member" className="mb-5">
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="grid gap-3 md:grid-cols-[1fr_1fr_1fr_160px_auto]"
      >
        <TextField
          id="staff-name"
          label="First name"
          error={errors.firstName?.message}
          {...register("firstName")}
        />
        <TextField
          id="staff-email"
          label="Email (to sign in)"
          type="email"
          error={errors.email?.message}
          {...register("email")}
        />
        <TextField
          id="staff-mobile"
          label="Mobile (link by SMS)"
          inputMode="tel"
          placeholder="01XXXXXXXXX"
          error={errors.mobile?.message}
          {...register("mobile")}
        />
        <label className="text-sm font-medium text-stone-700">
          Role
          <select
            className="mt-1 block h-10 w-full rounded-md border border-stone-300 px-2"
            {...register("role")}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </label>
        <div className="md:pt-6">
          <Button type="submit" disabled={invite.pending} className="w-full md:w-auto">
            Send invitation
          </Button>
        </div>
      </form>
      <p className="mt-2 text-xs text-stone-500">
        The link sets the password once and works for 3 days; by SMS when a mobile is given, else by
        email.
      </p>
    </Panel>
  );
}

/** /admin/staff (owners): who is on the staff, with which role; invite, change, deactivate, revoke. */
export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  const staff = useLoadedData(loaderData.staff);
  const change = useAdminAction();
  const { role: myRole } = useStaffAccess();
  return (
    <div>
      <PageHeader
        title="Staff"
        description="Each role sees and does only its part of the back office (docs/staff-roles.md). Only owners manage the staff."
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
                <p className="font-semibold break-words">
                  {member.firstName} {member.lastName}
                </p>
                <p className="text-sm break-all text-stone-600">{member.email}</p>
                <p className="text-xs text-stone-500">
                  {member.status === "invited"
                    ? "Invited"
                    : member.active
                      ? "Active"
                      : "Deactivated"}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <select
                  aria-label={`Role of ${member.email}`}
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
                      {ROLE_LABELS[role]}
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
                  {member.active ? "Deactivate" : "Reactivate"}
                </Button>
                <ConfirmAction
                  title={`Take ${member.firstName} off the staff?`}
                  description="Their account stays, as a customer's; every session of theirs ends at once."
                  confirmLabel="Revoke access"
                  onConfirm={() => void change.submit("revoke", { id: member._id })}
                >
                  <Button variant="outline" size="sm">
                    Revoke
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
