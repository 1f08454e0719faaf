import { Printer, Search, Trash2, Truck } from "lucide-react";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import {
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
import { OrderInvoice } from "~/components/admin/order-invoice";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Input, NativeSelect } from "~/components/ui/input";
import { nextStatuses, ORDER_STATUSES, type OrderStatus } from "~/lib/admin-schemas";
import { api, type Order } from "~/lib/api-client";
import { formatBDT } from "~/lib/money";

export function meta() {
  return [{ title: "Orders — Tweest admin" }];
}

const LIMIT = 20;
const ACTION_LABEL: Record<OrderStatus, string> = {
  PENDING: "Pending",
  PLACED: "Mark placed",
  CONFIRMED: "Confirm",
  SHIPPED: "Mark shipped",
  DELIVERED: "Mark delivered",
  CANCELLED: "Cancel order",
};

function customerOf(order: Order): string {
  const address = order.shippingAddress;
  const name = [address?.firstName, address?.lastName].filter(Boolean).join(" ");
  return name || order.guest?.email || order.guest?.mobile || "—";
}

function OrderDetail({
  order,
  onClose,
  onChanged,
  onDeleted,
}: {
  order: Order;
  onClose: () => void;
  onChanged: (order: Order) => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const moves = nextStatuses(order.orderStatus);

  async function move(status: OrderStatus) {
    setBusy(true);
    try {
      const saved = await api.admin.setOrderStatus(
        order._id,
        status.toLowerCase() as Parameters<typeof api.admin.setOrderStatus>[1],
      );
      toast.success(`Order ${saved.orderNumber ?? ""} is ${saved.orderStatus}`.replace("  ", " "));
      onChanged(saved);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  }

  async function bookCourier() {
    setBusy(true);
    try {
      const saved = await api.admin.bookCourier(order._id);
      toast.success(`Parcel booked: ${saved.courier?.consignmentId ?? "done"}`);
      onChanged(saved);
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    try {
      const answer = await api.admin.deleteOrder(order._id);
      toast.success((answer as { message?: string } | null)?.message ?? "Order deleted");
      onDeleted();
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="invoice-print-dialog max-w-3xl">
        <DialogTitle className="no-print">Order #{order.orderNumber ?? order._id}</DialogTitle>
        <DialogDescription className="no-print">
          <span className="mr-2">Status</span>
          <StatusBadge status={order.orderStatus} />
        </DialogDescription>
        <div className="no-print mt-3 flex flex-wrap gap-2" data-testid="order-actions">
          {moves.map((status) =>
            status === "CANCELLED" ? (
              <ConfirmAction
                key={status}
                title="Cancel this order?"
                description="The order is cancelled and its stock returned. This cannot be undone."
                confirmLabel="Cancel order"
                onConfirm={() => move(status)}
              >
                <Button variant="outline" disabled={busy}>
                  {ACTION_LABEL[status]}
                </Button>
              </ConfirmAction>
            ) : (
              <Button key={status} disabled={busy} onClick={() => void move(status)}>
                {ACTION_LABEL[status]}
              </Button>
            ),
          )}
          {["PLACED", "CONFIRMED"].includes(order.orderStatus) && !order.courier?.consignmentId && (
            <Button variant="outline" disabled={busy} onClick={() => void bookCourier()}>
              <Truck className="h-4 w-4" aria-hidden="true" /> Book courier
            </Button>
          )}
          <Button variant="outline" onClick={() => window.print()}>
            <Printer className="h-4 w-4" aria-hidden="true" /> Print invoice
          </Button>
          <ConfirmAction
            title="Delete this order?"
            description="The order is removed for good (its stock returns unless it was shipped)."
            onConfirm={remove}
          >
            <Button variant="ghost" className="text-red-600">
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
            </Button>
          </ConfirmAction>
        </div>
        {order.courier?.consignmentId && (
          <p className="no-print mt-3 rounded-md bg-stone-50 px-3 py-2 text-sm">
            Courier {order.courier.name ?? "Pathao"}: consignment{" "}
            <span className="font-mono">{order.courier.consignmentId}</span>
            {order.courier.trackingCode && <> · tracking {order.courier.trackingCode}</>}
          </p>
        )}
        <div className="invoice-frame mt-4 rounded-md border border-stone-200 p-4">
          <OrderInvoice order={order} />
        </div>
        {order.statusHistory && order.statusHistory.length > 0 && (
          <div className="no-print mt-4">
            <h3 className="text-sm font-semibold">History</h3>
            <ol className="mt-2 space-y-1 text-sm">
              {order.statusHistory.map((entry, index) => (
                <li key={index} className="flex gap-2">
                  <StatusBadge status={entry.status} />
                  <span className="text-stone-600">{formatDate(entry.at, true)}</span>
                  {entry.by && <span className="text-stone-500">by {entry.by}</span>}
                </li>
              ))}
            </ol>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

export default function AdminOrders() {
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "";
  const search = params.get("search") ?? "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const [draft, setDraft] = useState(search);
  const [selected, setSelected] = useState<Order | null>(null);

  const orders = useAdminData(
    () =>
      api.admin.orders({
        status,
        search,
        from: from ? `${from}T00:00:00+06:00` : "",
        to: to ? `${to}T23:59:59+06:00` : "",
        page,
        limit: LIMIT,
      }),
    `${status}|${search}|${from}|${to}|${page}`,
  );
  const rows = listOf<Order>(orders.data, "orders");
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

  return (
    <div>
      <PageHeader title="Orders" description="Newest first. Open an order to move it along." />
      <form
        role="search"
        className="mb-3 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          update({ search: draft.trim(), page: "" });
        }}
      >
        <div className="relative min-w-48 flex-1">
          <Search className="absolute top-3 left-3 h-4 w-4 text-stone-400" aria-hidden="true" />
          <Input
            className="pl-9"
            placeholder="Order number, name, phone or email"
            aria-label="Search orders"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <NativeSelect
          aria-label="Status"
          className="w-40"
          value={status}
          onChange={(event) => update({ status: event.target.value, page: "" })}
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </NativeSelect>
        <label className="flex flex-col gap-1 text-xs text-stone-600">
          From
          <Input
            type="date"
            className="w-40"
            value={from}
            onChange={(event) => update({ from: event.target.value, page: "" })}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-stone-600">
          To
          <Input
            type="date"
            className="w-40"
            value={to}
            onChange={(event) => update({ to: event.target.value, page: "" })}
          />
        </label>
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
              <th>Order</th>
              <th>Date</th>
              <th>Customer</th>
              <th>Payment</th>
              <th>Status</th>
              <th className="text-right">Total</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow colSpan={6} text="No orders match." />}
            {rows.map((order) => (
              <tr
                key={order._id}
                data-testid="order-row"
                className="cursor-pointer hover:bg-stone-50"
                onClick={() => setSelected(order)}
              >
                <td>
                  <button
                    type="button"
                    className="font-medium whitespace-nowrap text-brand-700 hover:underline"
                    onClick={(event) => {
                      event.stopPropagation();
                      setSelected(order);
                    }}
                  >
                    #{order.orderNumber ?? order._id.slice(-6)}
                  </button>
                </td>
                <td>{formatDate(order.createdAt, true)}</td>
                <td>{customerOf(order)}</td>
                <td>
                  {order.paymentMethod}{" "}
                  {order.paymentDetails?.status && (
                    <span className="text-xs text-stone-500">({order.paymentDetails.status})</span>
                  )}
                </td>
                <td>
                  <StatusBadge status={order.orderStatus} />
                </td>
                <td className="text-right tabular-nums">
                  {formatBDT(order.totalDiscountedPrice ?? order.totalPrice)}
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
      {selected && (
        <OrderDetail
          order={selected}
          onClose={() => setSelected(null)}
          onChanged={(saved) => {
            setSelected({ ...selected, ...saved });
            orders.setData((current) =>
              current && !Array.isArray(current)
                ? {
                    ...current,
                    orders: current.orders.map((item) =>
                      item._id === saved._id ? { ...item, ...saved } : item,
                    ),
                  }
                : current,
            );
          }}
          onDeleted={() => {
            setSelected(null);
            orders.reload();
          }}
        />
      )}
    </div>
  );
}
