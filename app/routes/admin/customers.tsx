import { KeyRound, Pencil, Search, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import {
  applyServerErrors,
  ConfirmAction,
  DataTable,
  EmptyRow,
  ErrorNote,
  formatDate,
  listOf,
  PageHeader,
  Pagination,
  StatusBadge,
  TableSkeleton,
  toastError,
  useAdminData,
} from "~/components/admin/common";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field, Input, NativeSelect } from "~/components/ui/input";
import { CustomerUpdateBody, ResetPasswordBody, validateInto } from "~/lib/admin-schemas";
import { api, type User } from "~/lib/api-client";
import { useAuth } from "~/lib/auth";

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
  onSaved: (user: User) => void;
}) {
  const { register, handleSubmit, setError, clearErrors, formState, reset } = useForm<Values>();
  const { errors, isSubmitting } = formState;
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
    try {
      const saved = await api.admin.updateCustomer(customer._id, parsed);
      toast.success("Customer saved");
      onSaved(saved);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Edit customer</DialogTitle>
        <DialogDescription>{customer.email}</DialogDescription>
        <form onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-3" noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="u-first" label="First name" error={errors.firstName?.message}>
              <Input id="u-first" aria-invalid={!!errors.firstName} {...register("firstName")} />
            </Field>
            <Field id="u-last" label="Last name" error={errors.lastName?.message}>
              <Input id="u-last" {...register("lastName")} />
            </Field>
          </div>
          <Field id="u-email" label="Email" error={errors.email?.message}>
            <Input id="u-email" type="email" aria-invalid={!!errors.email} {...register("email")} />
          </Field>
          <Field id="u-mobile" label="Mobile" error={errors.mobile?.message}>
            <Input id="u-mobile" aria-invalid={!!errors.mobile} {...register("mobile")} />
          </Field>
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
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Saving…" : "Save"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ResetPassword({ customer, onClose }: { customer: User; onClose: () => void }) {
  const auth = useAuth();
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<{
    newPassword: string;
  }>({ defaultValues: { newPassword: "" } });
  const { errors, isSubmitting } = formState;

  async function onSubmit(values: { newPassword: string }) {
    clearErrors();
    const parsed = validateInto(ResetPasswordBody, values, setError, ["newPassword"]);
    if (!parsed) return;
    try {
      const message = await auth.resetCustomerPassword(customer._id, parsed.newPassword);
      toast.success(message || "Password reset");
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, ["newPassword"]);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>Reset password</DialogTitle>
        <DialogDescription>
          Set a new password for {customer.firstName} {customer.lastName} ({customer.email}).
        </DialogDescription>
        <form onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-3" noValidate>
          <Field id="u-password" label="New password" error={errors.newPassword?.message}>
            <Input
              id="u-password"
              type="password"
              autoComplete="new-password"
              aria-invalid={!!errors.newPassword}
              {...register("newPassword")}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Saving…" : "Reset password"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export default function AdminCustomers() {
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const [draft, setDraft] = useState(search);
  const [editing, setEditing] = useState<User | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const customers = useAdminData(
    () => api.admin.customers({ search, page, limit: LIMIT }),
    `${search}|${page}`,
  );
  const rows = listOf<User>(customers.data, "customers");
  const meta =
    customers.data && !Array.isArray(customers.data)
      ? customers.data
      : { total: rows.length, totalPages: 1 };

  function update(next: Record<string, string>) {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged, { replace: true });
  }

  async function remove(customer: User) {
    try {
      const answer = await api.admin.deleteCustomer(customer._id);
      toast.success(answer?.message ?? "Customer deleted");
      customers.reload();
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <div>
      <PageHeader title="Customers" description="Newest first." />
      <form
        role="search"
        className="mb-3 flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          update({ search: draft.trim(), page: "" });
        }}
      >
        <div className="relative flex-1">
          <Search className="absolute top-3 left-3 h-4 w-4 text-stone-400" aria-hidden="true" />
          <Input
            className="pl-9"
            placeholder="Name, email or phone"
            aria-label="Search customers"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {customers.error && <ErrorNote message={customers.error} onRetry={customers.reload} />}
      {customers.loading && !customers.data ? (
        <TableSkeleton />
      ) : (
        <DataTable>
          <thead>
            <tr>
              <th>Name</th>
              <th>Email</th>
              <th>Mobile</th>
              <th>Role</th>
              <th>Joined</th>
              <th className="text-right">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow colSpan={6} text="No customers match." />}
            {rows.map((customer) => (
              <tr key={customer._id} data-testid="customer-row">
                <td className="font-medium">
                  {customer.firstName} {customer.lastName}
                </td>
                <td>{customer.email}</td>
                <td>
                  {customer.mobile || customer.phone || "—"}
                  {customer.isOTPVerified && (
                    <span className="ml-1 text-xs text-emerald-700">✓</span>
                  )}
                </td>
                <td>
                  <StatusBadge status={customer.role ?? "CUSTOMER"} />
                </td>
                <td>{formatDate(customer.createdAt)}</td>
                <td>
                  <div className="flex justify-end gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit ${customer.email}`}
                      onClick={() => setEditing(customer)}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Reset the password of ${customer.email}`}
                      onClick={() => setResetting(customer)}
                    >
                      <KeyRound className="h-4 w-4" aria-hidden="true" />
                    </Button>
                    <ConfirmAction
                      title="Delete this customer?"
                      description={`${customer.email} and their account are removed for good.`}
                      onConfirm={() => remove(customer)}
                    >
                      <Button size="sm" variant="ghost" aria-label={`Delete ${customer.email}`}>
                        <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                      </Button>
                    </ConfirmAction>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Pagination
        page={page}
        totalPages={meta.totalPages}
        total={meta.total}
        onPage={(next) => update({ page: String(next) })}
      />
      {editing && (
        <CustomerEditor
          customer={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            customers.setData((current) =>
              current && !Array.isArray(current)
                ? {
                    ...current,
                    customers: current.customers.map((item) =>
                      item._id === saved._id ? saved : item,
                    ),
                  }
                : current,
            );
          }}
        />
      )}
      {resetting && <ResetPassword customer={resetting} onClose={() => setResetting(null)} />}
    </div>
  );
}
