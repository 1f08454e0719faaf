import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useLingui } from "@lingui/react";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  showFieldErrors,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import { formatDate, loadForAdmin, PageHeader, StatusBadge } from "~/components/admin/common";
import {
  ConfirmDelete,
  EditButton,
  FormActions,
  ListTable,
  ListToolbar,
  RowActions,
  TextField,
  listQuery,
  usePagedList,
  type ListSpec,
} from "~/components/admin/list";
import { Button } from "~/components/ui/button";
import { PhoneHistory } from "~/components/admin/phone-history";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field, NativeSelect } from "~/components/ui/input";
import { CustomerUpdateBody, ResetPasswordBody, validateInto } from "~/lib/admin-schemas";
import { api, type User } from "~/lib/admin-api-client";
import type { Route } from "./+types/customers";
import { backOfficeI18n, serverText } from "~/components/admin/admin-i18n";

export function meta() {
  return [{ title: `${backOfficeI18n._("Customers")} — Tweest admin` }];
}

const LIMIT = 20;
const FIELDS = ["firstName", "lastName", "email", "mobile", "role", "isOTPVerified"] as const;

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  role: "CUSTOMER" | "ADMIN";
  isOTPVerified: boolean;
}

function CustomerEditor({
  customer,
  onClose,
  onSaved,
}: {
  customer: User;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { i18n } = useLingui();
  const { register, handleSubmit, setError, clearErrors, formState, reset } = useForm<Values>();
  const { errors } = formState;
  const save = useAdminAction({
    onSuccess: onSaved,
    onFailure: (result) => showFieldErrors(result, setError, FIELDS),
  });
  useEffect(() => {
    reset({
      firstName: customer.firstName ?? "",
      lastName: customer.lastName ?? "",
      email: customer.email ?? "",
      mobile: customer.mobile ?? customer.phone ?? "",
      role: customer.role ?? "CUSTOMER",
      isOTPVerified: customer.isOTPVerified ?? false,
    });
  }, [customer, reset]);

  async function onSubmit(values: Values) {
    clearErrors();
    const parsed = validateInto(CustomerUpdateBody, values, setError, FIELDS);
    if (!parsed) return;
    await save.submit("update", { id: customer._id, body: values });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>{i18n._("Edit customer")}</DialogTitle>
        <DialogDescription translate="no">{customer.email}</DialogDescription>
        <PhoneHistory phone={customer.mobile || customer.phone || ""} />
        <form onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-3" noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              id="u-first"
              label={i18n._("First name")}
              error={errors.firstName?.message}
              {...register("firstName")}
            />
            <TextField
              id="u-last"
              label={i18n._("Last name")}
              error={errors.lastName?.message}
              {...register("lastName")}
            />
          </div>
          <TextField
            id="u-email"
            label={i18n._("Email")}
            type="email"
            error={errors.email?.message}
            {...register("email")}
          />
          <TextField
            id="u-mobile"
            label={i18n._("Mobile")}
            error={errors.mobile?.message}
            {...register("mobile")}
          />
          <Field
            id="u-role"
            label={i18n._("Role")}
            error={errors.role?.message && serverText(errors.role.message)}
          >
            <NativeSelect id="u-role" {...register("role")}>
              <option value="CUSTOMER">{i18n._("Customer")}</option>
              <option value="ADMIN">{i18n._("Admin")}</option>
            </NativeSelect>
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-500"
              {...register("isOTPVerified")}
            />
            {i18n._("Phone verified")}
          </label>
          <FormActions onCancel={onClose} submitting={save.pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ResetPassword({ customer, onClose }: { customer: User; onClose: () => void }) {
  const { i18n } = useLingui();
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<{
    newPassword: string;
  }>({ defaultValues: { newPassword: "" } });
  const { errors } = formState;
  const reset = useAdminAction({
    onSuccess: onClose,
    onFailure: (result) => showFieldErrors(result, setError, ["newPassword"]),
  });

  async function onSubmit(values: { newPassword: string }) {
    clearErrors();
    const parsed = validateInto(ResetPasswordBody, values, setError, ["newPassword"]);
    if (!parsed) return;
    await reset.submit("reset-password", { id: customer._id, body: values });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>{i18n._("Reset password")}</DialogTitle>
        <DialogDescription>
          {i18n._("Set a new password for {name} ({email}).", {
            name: `${customer.firstName} ${customer.lastName}`,
            email: customer.email,
          })}
        </DialogDescription>
        <form onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-3" noValidate>
          <TextField
            id="u-password"
            label={i18n._("New password")}
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...register("newPassword")}
          />
          <FormActions
            onCancel={onClose}
            submitting={reset.pending}
            submitLabel={i18n._("Reset password")}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

const LIST: ListSpec = { key: "customers", filters: ["search"], limit: LIMIT };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = listQuery(request.url, LIST);
  return { customers: await loadForAdmin(request, () => api.admin.customers(query)) };
}

/** Update, reset a password and delete; React Router then loads the page again (not after a refusal). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "update":
      return runAdminAction(
        async () => api.admin.updateCustomer(id, parseSubmitted(CustomerUpdateBody, body)),
        i18n._("Customer saved"),
      );
    case "reset-password":
      return runAdminAction(
        async () =>
          api.admin.resetCustomerPassword(id, parseSubmitted(ResetPasswordBody, body).newPassword),
        i18n._("Password reset"),
      );
    case "delete":
      return runAdminAction(() => api.admin.deleteCustomer(id), i18n._("Customer deleted"));
    default:
      return unknownIntent(intent);
  }
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const customers = usePagedList<User>(LIST, loaderData.customers);
  const remove = useAdminAction();

  return (
    <div>
      <PageHeader title={i18n._("Customers")} description={i18n._("Newest first.")} />
      <ListToolbar
        search={customers.filters.search}
        onSearch={(search) => customers.update({ search, page: "" })}
        label={i18n._("Search customers")}
        placeholder={i18n._("Name, email or phone")}
      />
      <ListTable
        list={customers}
        columns={[
          i18n._("Name"),
          i18n._("Email"),
          i18n._("Mobile"),
          i18n._("Role"),
          i18n._("Joined"),
          { label: i18n._("Actions"), right: true },
        ]}
        emptyText={i18n._("No customers match.")}
        onPage={(next) => customers.update({ page: String(next) })}
      >
        {customers.rows.map((customer) => (
          <tr key={customer._id} data-testid="customer-row">
            <td className="font-medium" translate="no">
              {customer.firstName} {customer.lastName}
            </td>
            <td>{customer.email}</td>
            <td translate="no">
              {customer.mobile || customer.phone || "—"}
              {customer.isOTPVerified && <span className="ml-1 text-xs text-emerald-700">✓</span>}
            </td>
            <td>
              <StatusBadge status={customer.role ?? "CUSTOMER"} />
            </td>
            <td>{formatDate(customer.createdAt)}</td>
            <td>
              <RowActions>
                <EditButton
                  label={i18n._("Edit {title}", { title: customer.email })}
                  onClick={() => setEditing(customer)}
                />
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={i18n._("Reset the password of {email}", { email: customer.email })}
                  onClick={() => setResetting(customer)}
                >
                  <KeyRound className="h-4 w-4" aria-hidden="true" />
                </Button>
                <ConfirmDelete
                  title={i18n._("Delete this customer?")}
                  description={i18n._("{email} and their account are removed for good.", {
                    email: customer.email,
                  })}
                  label={i18n._("Delete {title}", { title: customer.email })}
                  onConfirm={() => void remove.submit("delete", { id: customer._id })}
                />
              </RowActions>
            </td>
          </tr>
        ))}
      </ListTable>
      {editing && (
        <CustomerEditor
          customer={editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      {resetting && <ResetPassword customer={resetting} onClose={() => setResetting(null)} />}
    </div>
  );
}
