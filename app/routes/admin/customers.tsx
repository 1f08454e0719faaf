import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
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

export function meta() {
  return [{ title: "Customers — Tweest admin" }];
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
        <DialogTitle>Edit customer</DialogTitle>
        <DialogDescription>{customer.email}</DialogDescription>
        <PhoneHistory phone={customer.mobile || customer.phone || ""} />
        <form onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-3" noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              id="u-first"
              label="First name"
              error={errors.firstName?.message}
              {...register("firstName")}
            />
            <TextField
              id="u-last"
              label="Last name"
              error={errors.lastName?.message}
              {...register("lastName")}
            />
          </div>
          <TextField
            id="u-email"
            label="Email"
            type="email"
            error={errors.email?.message}
            {...register("email")}
          />
          <TextField
            id="u-mobile"
            label="Mobile"
            error={errors.mobile?.message}
            {...register("mobile")}
          />
          <Field id="u-role" label="Role" error={errors.role?.message}>
            <NativeSelect id="u-role" {...register("role")}>
              <option value="CUSTOMER">Customer</option>
              <option value="ADMIN">Admin</option>
            </NativeSelect>
          </Field>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-500"
              {...register("isOTPVerified")}
            />
            Phone verified
          </label>
          <FormActions onCancel={onClose} submitting={save.pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ResetPassword({ customer, onClose }: { customer: User; onClose: () => void }) {
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
        <DialogTitle>Reset password</DialogTitle>
        <DialogDescription>
          Set a new password for {customer.firstName} {customer.lastName} ({customer.email}).
        </DialogDescription>
        <form onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-3" noValidate>
          <TextField
            id="u-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...register("newPassword")}
          />
          <FormActions onCancel={onClose} submitting={reset.pending} submitLabel="Reset password" />
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
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "update":
      return runAdminAction(
        async () => api.admin.updateCustomer(id, parseSubmitted(CustomerUpdateBody, body)),
        "Customer saved",
      );
    case "reset-password":
      return runAdminAction(
        async () =>
          api.admin.resetCustomerPassword(id, parseSubmitted(ResetPasswordBody, body).newPassword),
        "Password reset",
      );
    case "delete":
      return runAdminAction(() => api.admin.deleteCustomer(id), "Customer deleted");
    default:
      return unknownIntent(intent);
  }
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const customers = usePagedList<User>(LIST, loaderData.customers);
  const remove = useAdminAction();

  return (
    <div>
      <PageHeader title="Customers" description="Newest first." />
      <ListToolbar
        search={customers.filters.search}
        onSearch={(search) => customers.update({ search, page: "" })}
        label="Search customers"
        placeholder="Name, email or phone"
      />
      <ListTable
        list={customers}
        columns={["Name", "Email", "Mobile", "Role", "Joined", { label: "Actions", right: true }]}
        emptyText="No customers match."
        onPage={(next) => customers.update({ page: String(next) })}
      >
        {customers.rows.map((customer) => (
          <tr key={customer._id} data-testid="customer-row">
            <td className="font-medium">
              {customer.firstName} {customer.lastName}
            </td>
            <td>{customer.email}</td>
            <td>
              {customer.mobile || customer.phone || "—"}
              {customer.isOTPVerified && <span className="ml-1 text-xs text-emerald-700">✓</span>}
            </td>
            <td>
              <StatusBadge status={customer.role ?? "CUSTOMER"} />
            </td>
            <td>{formatDate(customer.createdAt)}</td>
            <td>
              <RowActions>
                <EditButton label={`Edit ${customer.email}`} onClick={() => setEditing(customer)} />
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Reset the password of ${customer.email}`}
                  onClick={() => setResetting(customer)}
                >
                  <KeyRound className="h-4 w-4" aria-hidden="true" />
                </Button>
                <ConfirmDelete
                  title="Delete this customer?"
                  description={`${customer.email} and their account are removed for good.`}
                  label={`Delete ${customer.email}`}
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
