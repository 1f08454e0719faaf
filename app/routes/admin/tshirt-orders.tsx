import { Pencil, Search, Trash2 } from "lucide-react";
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
import { Field, Input, NativeSelect, Textarea } from "~/components/ui/input";
import { TSHIRT_ORDER_STATUSES, TshirtOrderUpdateBody, validateInto } from "~/lib/admin-schemas";
import { api } from "~/lib/api-client";
import { imageUrl } from "~/lib/image-url";
import { formatBDT } from "~/lib/money";

export function meta() {
  return [{ title: "Bulk orders — Tweest admin" }];
}

interface BulkOrder {
  _id: string;
  name: string;
  mobile: string;
  email: string;
  organization: string;
  color: string;
  printType: string;
  sizes: Record<string, number>;
  quantity: number;
  deadline: string | null;
  notes: string;
  designImagePath: string | null;
  status: string;
  quotedPrice: number | null;
  adminNote: string;
  quoteSms?: { sentAt?: string; price?: number; error?: string } | null;
  createdAt: string;
}

interface ListAnswer {
  orders: BulkOrder[];
  total: number;
  page: number;
  totalPages: number;
}

const LIMIT = 20;
const FIELDS = ["status", "quotedPrice", "adminNote"] as const;
interface Values {
  status: (typeof TSHIRT_ORDER_STATUSES)[number];
  quotedPrice: string;
  adminNote: string;
}

function BulkOrderEditor({
  order,
  onClose,
  onSaved,
}: {
  order: BulkOrder;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm<Values>();
  const { errors, isSubmitting } = formState;
  useEffect(() => {
    reset({
      status: order.status as Values["status"],
      quotedPrice: order.quotedPrice != null ? String(order.quotedPrice) : "",
      adminNote: order.adminNote ?? "",
    });
  }, [order, reset]);

  async function onSubmit(values: Values) {
    clearErrors();
    const payload = {
      status: values.status,
      quotedPrice: values.quotedPrice === "" ? null : values.quotedPrice,
      adminNote: values.adminNote,
    };
    const parsed = validateInto(TshirtOrderUpdateBody, payload, setError, FIELDS);
    if (!parsed) return;
    try {
      await api.tshirtOrders.update(order._id, parsed);
      toast.success("Bulk order saved");
      onSaved();
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogTitle>Bulk order from {order.name}</DialogTitle>
        <DialogDescription>
          {order.organization && `${order.organization} · `}
          {order.mobile} · {order.email}
        </DialogDescription>
        <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto]">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-500">Colour</dt>
            <dd>{order.color}</dd>
            <dt className="text-stone-500">Print</dt>
            <dd>{order.printType}</dd>
            <dt className="text-stone-500">Quantity</dt>
            <dd>{order.quantity}</dd>
            <dt className="text-stone-500">Sizes</dt>
            <dd>
              {Object.entries(order.sizes ?? {})
                .filter(([, count]) => count > 0)
                .map(([size, count]) => `${size} ${count}`)
                .join(" · ")}
            </dd>
            <dt className="text-stone-500">Deadline</dt>
            <dd>{formatDate(order.deadline)}</dd>
            <dt className="text-stone-500">Notes</dt>
            <dd className="whitespace-pre-wrap">{order.notes || "—"}</dd>
            {order.quoteSms && (
              <>
                <dt className="text-stone-500">Quote SMS</dt>
                <dd>
                  {order.quoteSms.error
                    ? `Failed: ${order.quoteSms.error}`
                    : `Sent ${formatDate(order.quoteSms.sentAt, true)}`}
                </dd>
              </>
            )}
          </dl>
          {order.designImagePath && (
            <a href={imageUrl(order.designImagePath)} target="_blank" rel="noreferrer">
              <img
                src={imageUrl(order.designImagePath)}
                alt="Design"
                className="h-32 w-32 rounded border border-stone-200 object-contain"
              />
            </a>
          )}
        </div>
        <form onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-3" noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id="t-status" label="Status" error={errors.status?.message}>
              <NativeSelect id="t-status" {...register("status")}>
                {TSHIRT_ORDER_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status.replace(/_/g, " ")}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="t-price" label="Quoted price (৳, total)" error={errors.quotedPrice?.message}>
              <Input
                id="t-price"
                inputMode="numeric"
                aria-invalid={!!errors.quotedPrice}
                {...register("quotedPrice")}
              />
            </Field>
          </div>
          <Field id="t-note" label="Admin note" error={errors.adminNote?.message}>
            <Textarea id="t-note" {...register("adminNote")} />
          </Field>
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

export default function AdminTshirtOrders() {
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "";
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const [draft, setDraft] = useState(search);
  const [editing, setEditing] = useState<BulkOrder | null>(null);
  const orders = useAdminData(
    () =>
      api.tshirtOrders.list({ status, search, page, limit: LIMIT }) as Promise<
        ListAnswer | BulkOrder[]
      >,
    `${status}|${search}|${page}`,
  );
  const rows = listOf<BulkOrder>(orders.data, "orders");
  const meta =
    orders.data && !Array.isArray(orders.data)
      ? orders.data
      : { total: rows.length, totalPages: 1 };

  function update(next: Record<string, string>) {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged, { replace: true });
  }

  async function remove(order: BulkOrder) {
    try {
      const answer = await api.tshirtOrders.remove(order._id);
      toast.success(answer?.message ?? "Bulk order deleted");
      orders.reload();
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <div>
      <PageHeader title="Bulk t-shirt orders" description="Requests from the bulk order form." />
      <form
        role="search"
        className="mb-3 flex flex-wrap gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          update({ search: draft.trim(), page: "" });
        }}
      >
        <div className="relative min-w-48 flex-1">
          <Search className="absolute top-3 left-3 h-4 w-4 text-stone-400" aria-hidden="true" />
          <Input
            className="pl-9"
            placeholder="Name, phone, email or organisation"
            aria-label="Search bulk orders"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <NativeSelect
          aria-label="Status"
          className="w-44"
          value={status}
          onChange={(event) => update({ status: event.target.value, page: "" })}
        >
          <option value="">All statuses</option>
          {TSHIRT_ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value.replace(/_/g, " ")}
            </option>
          ))}
        </NativeSelect>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {orders.error && <ErrorNote message={orders.error} onRetry={orders.reload} />}
      {orders.loading && !orders.data ? (
        <TableSkeleton />
      ) : (
        <DataTable>
          <thead>
            <tr>
              <th>Date</th>
              <th>Customer</th>
              <th>Shirts</th>
              <th>Status</th>
              <th className="text-right">Quote</th>
              <th className="text-right">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow colSpan={6} text="No bulk orders." />}
            {rows.map((order) => (
              <tr key={order._id} data-testid="bulk-row">
                <td>{formatDate(order.createdAt)}</td>
                <td>
                  <p className="font-medium">{order.name}</p>
                  <p className="text-xs text-stone-500">
                    {order.organization || order.email} · {order.mobile}
                  </p>
                </td>
                <td>
                  {order.quantity} × {order.color} ({order.printType})
                </td>
                <td>
                  <StatusBadge status={order.status} />
                </td>
                <td className="text-right tabular-nums">
                  {order.quotedPrice != null ? formatBDT(order.quotedPrice) : "—"}
                </td>
                <td>
                  <div className="flex justify-end gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit the order of ${order.name}`}
                      onClick={() => setEditing(order)}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </Button>
                    <ConfirmAction
                      title="Delete this bulk order?"
                      description={`The request of ${order.name} is removed for good.`}
                      onConfirm={() => remove(order)}
                    >
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Delete the order of ${order.name}`}
                      >
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
        <BulkOrderEditor
          order={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            orders.reload();
          }}
        />
      )}
    </div>
  );
}
