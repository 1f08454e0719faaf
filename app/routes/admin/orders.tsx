import { Printer, Trash2, Truck } from "lucide-react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import {
  readSubmission,
  runAdminAction,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import {
  ConfirmAction,
  ErrorNote,
  formatDate,
  PageHeader,
  StatusBadge,
  TableSkeleton,
  loadForAdmin,
  useAdminData,
} from "~/components/admin/common";
import {
  FilterSelect,
  listQuery,
  ListToolbar,
  usePagedList,
  type ListSpec,
} from "~/components/admin/list";
import { OrderContact } from "~/components/admin/order-contact";
import { OrderList } from "~/components/admin/order-list";
import { QueueTabs, useQueues } from "~/components/admin/order-queues";
import {
  bulkSummary,
  ExportCsvButton,
  SelectionBar,
  type Selection,
} from "~/components/admin/order-selection";
import { CancelOrderAction, cancelledByLabel } from "~/components/admin/cancel-order";
import { OrderInvoicePreview } from "~/components/admin/order-documents";
import { PrintMenu, printPath } from "~/components/admin/print-menu";
import { PhoneHistory } from "~/components/admin/phone-history";
import { CancelShipmentAction, ShipmentForm } from "~/components/admin/shipment-form";
import { BulkShipment } from "~/components/admin/bulk-shipment";
import { RefundsPanel } from "~/components/admin/refunds-panel";
import { DeliveryDetailsEdit } from "~/components/admin/delivery-details-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { EntityHistory } from "~/components/admin/audit-entries";
import { useStaffAccess } from "~/components/admin/staff-access";
import { ORDER_MOVE_PERMISSIONS } from "#contract/staff-roles";
import { Input } from "~/components/ui/input";
import { nextStatuses, ORDER_STATUSES, type OrderStatus } from "~/lib/admin-schemas";
import { api, type AdminOrder } from "~/lib/admin-api-client";
import { NewOrderButton } from "~/components/admin/new-order-dialog";
import type { Route } from "./+types/orders";
import type { AdminCancelledBy } from "#contract/order-status";
import type { BookShipmentBody, BookShipmentsAnswer, CourierId } from "#contract/couriers";
import type { BulkOrdersAnswer } from "#contract/schemas/order-desk";
import type { OrderFilterQuery } from "~/lib/api/order-desk";
import { useState } from "react";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { backOfficeI18n, formatCount, serverText, statusText } from "~/components/admin/admin-i18n";

export function meta() {
  return [{ title: `${backOfficeI18n._("Orders")} — Tweest admin` }];
}

const LIMIT = 20;
const actionLabel = (i18n: I18n, status: OrderStatus) =>
  ({
    PENDING: i18n._("Pending"),
    PLACED: i18n._("Mark placed"),
    CONFIRMED: i18n._("Confirm"),
    SHIPPED: i18n._("Mark shipped"),
    DELIVERED: i18n._("Mark delivered"),
    CANCELLED: i18n._("Cancel order"),
    RETURNING: i18n._("Mark returning"),
    RETURNED: i18n._("Mark returned"),
  })[status];

function OrderDetail({
  order,
  onClose,
  onChanged,
  onDeleted,
}: {
  order: AdminOrder;
  onClose: () => void;
  onChanged: (order: AdminOrder) => void;
  onDeleted: () => void;
}) {
  const { i18n } = useLingui();
  // Status moves, courier booking and delete post to the route's clientAction (see there).
  const change = useAdminAction({ onSuccess: (result) => onChanged(result.answer as AdminOrder) });
  const deletion = useAdminAction({ onSuccess: onDeleted });
  const busy = change.pending;
  // The buttons a role cannot use are not shown (the server refuses them anyway).
  const { can } = useStaffAccess();
  const moves = nextStatuses(order.orderStatus).filter((status) =>
    can(ORDER_MOVE_PERMISSIONS[status]),
  );

  const move = (status: OrderStatus, cancelledBy?: AdminCancelledBy) =>
    change.submit("set-status", {
      id: order._id,
      body: { status, ...(cancelledBy ? { cancelledBy } : {}) },
    });
  const bookCourier = () => change.submit("book-courier", { id: order._id });
  const bookShipment = (body: BookShipmentBody) =>
    change.submit("book-shipment", { id: order._id, body });
  const shipped = Boolean(order.shipment || order.courier);
  const remove = () => deletion.submit("delete", { id: order._id });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>
          {i18n._("Order #{number}", { number: order.orderNumber ?? order._id })}
        </DialogTitle>
        <DialogDescription>
          <span className="mr-2">{i18n._("Status")}</span>
          <StatusBadge status={order.orderStatus} />
          {order.orderStatus === "CANCELLED" && order.cancelledBy && (
            <span className="ml-2" data-testid="cancelled-by">
              {i18n._("by {who}", { who: cancelledByLabel(i18n, order.cancelledBy) })}
            </span>
          )}
        </DialogDescription>
        <div className="mt-3 flex flex-wrap gap-2" data-testid="order-actions">
          {moves.map((status) =>
            status === "CANCELLED" ? (
              <CancelOrderAction
                key={status}
                disabled={busy}
                onCancel={(cancelledBy) => void move(status, cancelledBy)}
              />
            ) : status === "RETURNED" ? (
              <ConfirmAction
                key={status}
                title={i18n._("Mark this parcel returned?")}
                description={i18n._(
                  "The parcel is back at the shop: its units return to stock and the delivery charge is recorded as lost. This cannot be undone.",
                )}
                confirmLabel={actionLabel(i18n, status)}
                onConfirm={() => move(status)}
              >
                <Button variant="outline" disabled={busy}>
                  {actionLabel(i18n, status)}
                </Button>
              </ConfirmAction>
            ) : (
              <Button key={status} disabled={busy} onClick={() => void move(status)}>
                {actionLabel(i18n, status)}
              </Button>
            ),
          )}
          {["PLACED", "CONFIRMED"].includes(order.orderStatus) &&
            !shipped &&
            can("orders.ship") && (
              <Button variant="outline" disabled={busy} onClick={() => void bookCourier()}>
                <Truck className="h-4 w-4" aria-hidden="true" /> {i18n._("Book courier")}
              </Button>
            )}
          {can("orders.print") && (
            <Button variant="outline" asChild>
              <a
                href={printPath({ kind: "invoice", paper: "a4" }, { orders: [order._id] })}
                target="_blank"
                rel="noopener"
              >
                <Printer className="h-4 w-4" aria-hidden="true" /> {i18n._("Print invoice")}
              </a>
            </Button>
          )}
          {can("orders.delete") && (
            <ConfirmAction
              title={i18n._("Delete this order?")}
              description={i18n._(
                "The order is removed for good (its stock returns unless it was shipped).",
              )}
              onConfirm={remove}
            >
              <Button variant="ghost" className="text-red-600">
                <Trash2 className="h-4 w-4" aria-hidden="true" /> {i18n._("Delete")}
              </Button>
            </ConfirmAction>
          )}
        </div>
        {order.shippingAddress?.mobile && (
          <OrderContact
            mobile={order.shippingAddress.mobile}
            note={order.note}
            address={order.shippingAddress}
          />
        )}
        <DeliveryDetailsEdit order={order} onChanged={onChanged} />
        {order.shippingAddress?.mobile && (
          <PhoneHistory
            phone={order.deliveryPhone ?? order.shippingAddress.mobile}
            orderId={order._id}
            phoneConfirmedAt={order.phoneConfirmed ? order.phoneConfirmedAt : null}
          />
        )}
        <p className="mt-3 text-sm text-stone-600" data-testid="terms-accepted-version">
          {order.termsAcceptedVersion != null ? (
            <>
              {i18n._("Terms accepted at checkout:")}{" "}
              <a className="underline" href="/pages/terms" target="_blank" rel="noopener">
                {i18n._("version {version}", {
                  version: formatCount(order.termsAcceptedVersion),
                })}
              </a>
            </>
          ) : (
            i18n._("Placed before the checkout asked to accept the terms")
          )}
        </p>
        {order.courier?.consignmentId && (
          <p className="mt-3 rounded-md bg-stone-50 px-3 py-2 text-sm">
            {i18n._("Courier {name}: consignment", { name: order.courier.name ?? "Pathao" })}{" "}
            <span className="font-mono">{order.courier.consignmentId}</span>
            {order.courier.trackingCode &&
              ` · ${i18n._("tracking {code}", { code: order.courier.trackingCode })}`}
          </p>
        )}
        {order.shipment && !order.courier?.consignmentId && (
          <p className="mt-3 rounded-md bg-stone-50 px-3 py-2 text-sm" data-testid="shipment">
            {i18n._("Shipped with {courier}: tracking", { courier: order.shipment.courierName })}{" "}
            <span className="font-mono">{order.shipment.trackingNumber}</span>
            {order.shipment.status && ` · ${statusText(i18n, order.shipment.status)}`}
            {order.shipment.trackingUrl && (
              <>
                {" · "}
                <a
                  className="underline"
                  href={order.shipment.trackingUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                >
                  {i18n._("tracking page")}
                </a>
              </>
            )}
          </p>
        )}
        {["PLACED", "CONFIRMED", "SHIPPED"].includes(order.orderStatus) &&
          shipped &&
          can("orders.ship") && (
            <div className="mt-2">
              <CancelShipmentAction
                courierName={
                  order.shipment?.courierName ?? order.courier?.name ?? i18n._("the courier")
                }
                disabled={busy}
                onCancel={() => void change.submit("cancel-shipment", { id: order._id })}
              />
            </div>
          )}
        {["PLACED", "CONFIRMED", "SHIPPED"].includes(order.orderStatus) &&
          !shipped &&
          can("orders.ship") && (
            <ShipmentForm
              orderId={order._id}
              disabled={busy}
              onBook={(body) => void bookShipment(body)}
            />
          )}
        {can("payments.refund") && <RefundsPanel order={order} onChanged={onChanged} />}
        {can("orders.print") && <OrderInvoicePreview order={order} />}
        {order.statusHistory && order.statusHistory.length > 0 && (
          <div className="mt-4">
            <h3 className="text-sm font-semibold">{i18n._("History")}</h3>
            <ol className="mt-2 space-y-1 text-sm">
              {order.statusHistory.map((entry, index) => (
                <li key={index} className="flex flex-wrap gap-2">
                  <StatusBadge status={entry.status} />
                  <span className="text-stone-600">{formatDate(entry.at, true)}</span>
                  {entry.by && (
                    <span className="text-stone-500">{i18n._("by {who}", { who: entry.by })}</span>
                  )}
                  {entry.note && <span className="text-stone-700">{serverText(entry.note)}</span>}
                </li>
              ))}
            </ol>
          </div>
        )}
        <EntityHistory entity="order" id={order._id} />
      </DialogContent>
    </Dialog>
  );
}

/** The order opened by `?open=<id or order number>` (a deep link works), read in full from the server. */
function OpenOrder({
  openId,
  preview,
  onClose,
  onDeleted,
}: {
  openId: string;
  preview: AdminOrder | undefined;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { i18n } = useLingui();
  const detail = useAdminData(() => api.admin.order(openId), openId);
  const full = detail.data;
  const matches =
    full && (full._id === openId || full.orderNumber?.toUpperCase() === openId.toUpperCase());
  const order = matches ? full : preview;
  if (!order)
    return (
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent className="max-w-md">
          <DialogTitle>{i18n._("Order {number}", { number: openId })}</DialogTitle>
          <DialogDescription>
            {detail.error ? i18n._("The order could not be opened.") : i18n._("Loading the order…")}
          </DialogDescription>
          {detail.error ? (
            <ErrorNote message={detail.error} onRetry={detail.reload} />
          ) : (
            <TableSkeleton rows={3} />
          )}
        </DialogContent>
      </Dialog>
    );
  return (
    <OrderDetail
      order={order}
      onClose={onClose}
      // The list is loaded again after the change; the details loaded on demand take the answer.
      onChanged={(saved) => detail.setData(() => ({ ...order, ...saved }))}
      onDeleted={onDeleted}
    />
  );
}

const LIST: ListSpec = {
  key: "orders",
  filters: ["queue", "status", "search", "from", "to"],
  limit: LIMIT,
};

/** The list's filters as the API reads them: the days as Dhaka's whole days. */
function filterQuery(filters: Record<string, string>): OrderFilterQuery {
  const { from, to, queue, status, search } = filters;
  return {
    queue,
    status,
    search,
    from: from ? `${from}T00:00:00+06:00` : "",
    to: to ? `${to}T23:59:59+06:00` : "",
  };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { page, limit, ...filters } = listQuery(request.url, LIST);
  return {
    orders: await loadForAdmin(request, () =>
      api.admin.orders({ page, limit, ...filterQuery(filters as Record<string, string>) }),
    ),
  };
}

/** Opening or closing an order's details (`?open=`) changes no list: the list is not loaded again. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const listOf = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("open");
    return `${url.pathname}?${params.toString()}`;
  };
  if (currentUrl.href !== nextUrl.href && listOf(currentUrl) === listOf(nextUrl)) return false;
  return defaultShouldRevalidate;
}

/** Status moves, courier booking and delete; React Router then loads the list again (not after a refusal). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "set-status": {
      const { status = "", cancelledBy } = (body ?? {}) as {
        status?: string;
        cancelledBy?: AdminCancelledBy;
      };
      return runAdminAction(
        () =>
          api.admin.setOrderStatus(
            id,
            status.toLowerCase() as Parameters<typeof api.admin.setOrderStatus>[1],
            cancelledBy ? { cancelledBy } : {},
          ),
        (answer) => {
          const saved = answer as AdminOrder;
          return i18n._("Order {number}: {status}", {
            number: saved.orderNumber ?? "",
            status: statusText(i18n, saved.orderStatus),
          });
        },
      );
    }
    case "book-courier":
      return runAdminAction(
        () => api.admin.bookCourier(id),
        (answer) =>
          i18n._("Parcel booked: {consignment}", {
            consignment: (answer as AdminOrder).courier?.consignmentId ?? i18n._("done"),
          }),
      );
    case "book-shipment":
      return runAdminAction(
        () => api.admin.bookShipment(id, body as BookShipmentBody),
        (answer) => {
          const shipment = (answer as AdminOrder).shipment;
          return shipment
            ? i18n._("Shipment recorded: {courier} {tracking}", {
                courier: shipment.courierName,
                tracking: shipment.trackingNumber,
              })
            : i18n._("Shipment recorded");
        },
      );
    case "cancel-shipment":
      return runAdminAction(
        () => api.admin.cancelShipment(id),
        // The history says what became of the parcel (and what to do in the courier's panel).
        (answer) => {
          const note = (answer as AdminOrder).statusHistory?.at(-1)?.note;
          return note
            ? serverText(`${note.charAt(0).toUpperCase()}${note.slice(1)}`)
            : i18n._("Shipment cancelled");
        },
      );
    case "book-shipments": {
      const { orderIds = [], courier } = (body ?? {}) as {
        orderIds?: string[];
        courier: CourierId;
      };
      return runAdminAction(
        () => api.admin.bookShipments(orderIds, courier),
        (answer) => bulkBookingSummary(answer as BookShipmentsAnswer),
      );
    }
    case "bulk-orders": {
      const bulk = body as Parameters<typeof api.orderDesk.bulk>[0];
      return runAdminAction(
        () => api.orderDesk.bulk(bulk),
        (answer) => bulkSummary(answer as BulkOrdersAnswer, bulk.action),
      );
    }
    case "delete":
      return runAdminAction(() => api.admin.deleteOrder(id), i18n._("Order deleted"));
    default:
      return unknownIntent(intent);
  }
}

/** "2 parcels booked; 1 not booked: <its reason>" (the first reason; each order was answered alone). */
function bulkBookingSummary({ results }: BookShipmentsAnswer): string {
  const i18n = backOfficeI18n;
  const booked = results.filter((result) => result.ok).length;
  const refused = results.filter((result) => !result.ok);
  const first = refused[0];
  const number = formatCount(booked);
  const summary =
    booked === 1
      ? i18n._("{number} parcel booked", { number })
      : i18n._("{number} parcels booked", { number });
  if (!first || first.ok) return summary;
  return i18n._("{summary}; {count} not booked: {reason}", {
    summary,
    count: formatCount(refused.length),
    reason: serverText(first.message),
  });
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const orders = usePagedList<AdminOrder>(LIST, loaderData.orders);
  const { queue, status, search, from, to } = orders.filters;
  const openId = orders.params.get("open") ?? "";
  const open = (order: AdminOrder) => orders.update({ open: order._id });
  // The counts are read again whenever the list comes back changed (after a move or a bulk change).
  const queues = useQueues(orders.rows.map((order) => order._id + order.orderStatus).join());
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [wholeFilter, setWholeFilter] = useState(false);
  // A selection is of the list as shown: another filter or page starts a new one.
  const listKey = JSON.stringify({ ...orders.filters, page: orders.page });
  const [selectionOf, setSelectionOf] = useState(listKey);
  if (selectionOf !== listKey) {
    setSelectionOf(listKey);
    setPicked(new Set());
    setWholeFilter(false);
  }
  const chosen = orders.rows.filter((order) => picked.has(order._id));
  const selection: Selection | null = wholeFilter
    ? { kind: "filter", count: orders.total }
    : chosen.length > 0
      ? { kind: "orders", orders: chosen }
      : null;
  const clear = () => {
    setPicked(new Set());
    setWholeFilter(false);
  };
  const toggle = (orderId: string) => {
    setWholeFilter(false);
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(orderId)) next.delete(orderId);
      else next.add(orderId);
      return next;
    });
  };
  const filterChange = (next: Record<string, string>) => orders.update({ ...next, page: "" });

  return (
    <div>
      <PageHeader
        title={i18n._("Orders")}
        description={i18n._("Newest first. Open an order to move it along, or select several.")}
        actions={
          <div className="flex flex-wrap gap-2">
            <NewOrderButton />
            <ExportCsvButton filter={filterQuery(orders.filters)} />
            {/* A queue or another filter prints whole (the unfiltered history does not). */}
            {Object.values(orders.filters).some(Boolean) && (
              <PrintMenu
                target={{ filter: filterQuery(orders.filters) }}
                count={orders.total}
                label={queue ? i18n._("Print the queue") : i18n._("Print the list")}
              />
            )}
          </div>
        }
      />
      <QueueTabs
        queues={queues.data?.queues ?? []}
        current={queue}
        onPick={(next) => filterChange({ queue: next })}
      />
      <ListToolbar
        search={search}
        onSearch={(text) => filterChange({ search: text })}
        label={i18n._("Search orders")}
        placeholder={i18n._("Order number, name, phone or email")}
      >
        <FilterSelect
          label={i18n._("Status")}
          allLabel={i18n._("All statuses")}
          className="w-40"
          value={status}
          values={ORDER_STATUSES}
          onChange={(value) => filterChange({ status: value })}
        />
        <label className="flex flex-col gap-1 text-xs text-stone-600">
          {i18n._("From")}
          <Input
            type="date"
            className="w-40"
            value={from}
            onChange={(event) => filterChange({ from: event.target.value })}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-stone-600">
          {i18n._("To")}
          <Input
            type="date"
            className="w-40"
            value={to}
            onChange={(event) => filterChange({ to: event.target.value })}
          />
        </label>
      </ListToolbar>
      {selection ? (
        <SelectionBar
          selection={selection}
          filter={filterQuery(orders.filters)}
          total={orders.total}
          pageCount={orders.rows.length}
          onSelectFilter={() => setWholeFilter(true)}
          onClear={clear}
        />
      ) : (
        <BulkShipment orders={orders.rows} />
      )}
      <OrderList
        list={orders}
        selected={wholeFilter ? new Set(orders.rows.map((order) => order._id)) : picked}
        onToggle={toggle}
        onToggleAll={(all) => {
          setWholeFilter(false);
          setPicked(new Set(all ? orders.rows.map((order) => order._id) : []));
        }}
        onOpen={open}
        onPage={(next) => orders.update({ page: String(next) })}
      />
      {openId && (
        <OpenOrder
          key={openId}
          openId={openId}
          preview={orders.rows.find(
            (order) => order._id === openId || order.orderNumber === openId.toUpperCase(),
          )}
          onClose={() => orders.update({ open: "" })}
          onDeleted={() => orders.update({ open: "" })}
        />
      )}
    </div>
  );
}
