/**
 * Many orders at once (docs/order-desk.md): the bar above the orders list once orders are
 * selected: one by one, the page, or everything in the filter. Confirm and Cancel go to
 * POST /api/admin/orders/bulk (each order answered on its own); "Book courier" hands the selected
 * orders to the courier booking (BulkShipment); anything else that works on a selection (printing
 * labels and invoices) is one entry of SELECTION_ACTIONS. Export CSV downloads the filtered list.
 */
import type { ReactNode } from "react";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { backOfficeI18n, formatCount, serverText } from "./admin-i18n";
import { useAdminAction } from "~/components/admin/admin-action";
import { BulkShipment } from "~/components/admin/bulk-shipment";
import { CancelOrderAction } from "~/components/admin/cancel-order";
import { CsvDownloadButton } from "~/components/admin/csv-download";
import { PrintMenu } from "~/components/admin/print-menu";
import { useStaffAccess } from "~/components/admin/staff-access";
import { Button } from "~/components/ui/button";
import { api, type AdminOrder } from "~/lib/admin-api-client";
import type { OrderFilterQuery } from "~/lib/api/order-desk";
import type { BulkOrdersAnswer } from "#contract/schemas/order-desk";
import { MAX_BULK_ORDERS } from "#contract/schemas/order-desk";
import type { AdminCancelledBy } from "#contract/order-status";

/** What is selected: orders picked on this page, or everything the filter matches. */
export type Selection =
  { kind: "orders"; orders: AdminOrder[] } | { kind: "filter"; count: number };

/**
 * Actions on the selected orders that other screens provide: printing their invoices, packing
 * slips or labels (docs/printing.md). They get the selected orders of the page (a whole filter is
 * selected by ids only here).
 */
export const SELECTION_ACTIONS: {
  id: string;
  render: (orders: readonly AdminOrder[]) => ReactNode;
}[] = [
  {
    id: "print",
    render: (orders) => <PrintSelected orders={orders} />,
  },
];

function PrintSelected({ orders }: { orders: readonly AdminOrder[] }) {
  const { i18n } = useLingui();
  return (
    <PrintMenu
      target={{ orders: orders.map((order) => order._id) }}
      count={orders.length}
      label={i18n._("Print {orders}", { orders: ordersCount(i18n, orders.length) })}
    />
  );
}

/** "3 orders" / "৩টি অর্ডার". */
function ordersCount(i18n: I18n, count: number): string {
  const number = formatCount(count);
  return count === 1 ? i18n._("{number} order", { number }) : i18n._("{number} orders", { number });
}

/** "2 orders confirmed; 1 not: <its reason>" (the first reason; each order was answered alone). */
export function bulkSummary(
  { done, refused, results }: BulkOrdersAnswer,
  action: "confirm" | "cancel",
): string {
  const i18n = backOfficeI18n;
  const orders = ordersCount(i18n, done);
  const summary =
    action === "confirm"
      ? i18n._("{orders} confirmed", { orders })
      : i18n._("{orders} cancelled", { orders });
  const first = results.find((result) => !result.ok);
  if (!first || first.ok) return summary;
  return i18n._("{summary}; {count} not: {reason}", {
    summary,
    count: formatCount(refused),
    reason: serverText(first.message),
  });
}

export function ExportCsvButton({ filter }: { filter: OrderFilterQuery }) {
  return <CsvDownloadButton load={() => api.orderDesk.exportCsv(filter)} fileName="orders.csv" />;
}

export function SelectionBar({
  selection,
  filter,
  total,
  pageCount,
  onSelectFilter,
  onClear,
}: {
  selection: Selection;
  filter: OrderFilterQuery;
  /** Orders the filter matches, and how many of them the page shows. */
  total: number;
  pageCount: number;
  onSelectFilter: () => void;
  onClear: () => void;
}) {
  const { i18n } = useLingui();
  const change = useAdminAction({ onSuccess: onClear });
  const { can } = useStaffAccess();
  const count = selection.kind === "orders" ? selection.orders.length : selection.count;
  const target =
    selection.kind === "orders"
      ? { orderIds: selection.orders.map((order) => order._id) }
      : { filter };
  const orders = ordersCount(i18n, count);
  const submit = (action: "confirm" | "cancel", cancelledBy?: AdminCancelledBy) =>
    void change.submit("bulk-orders", { body: { action, ...target, cancelledBy } });
  const wholePageSelected = selection.kind === "orders" && count === pageCount;
  return (
    <div
      className="sticky top-0 z-10 mb-3 space-y-2 rounded-md border border-brand-300 bg-brand-50 p-3 text-sm"
      data-testid="selection-bar"
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold" data-testid="selection-count">
          {selection.kind === "filter"
            ? i18n._("All {orders} in this filter selected", { orders })
            : i18n._("{orders} selected", { orders })}
        </span>
        {wholePageSelected && total > pageCount && total <= MAX_BULK_ORDERS && (
          <Button variant="ghost" className="min-h-11 underline" onClick={onSelectFilter}>
            {i18n._("Select all {total} in this filter", { total: formatCount(total) })}
          </Button>
        )}
        <Button variant="ghost" className="min-h-11" onClick={onClear}>
          {i18n._("Clear")}
        </Button>
      </p>
      <div className="flex flex-wrap gap-2">
        {can("orders.confirm") && (
          <Button className="min-h-11" disabled={change.pending} onClick={() => submit("confirm")}>
            {i18n._("Confirm {orders}", { orders })}
          </Button>
        )}
        {can("orders.cancel") && (
          <CancelOrderAction
            disabled={change.pending}
            label={i18n._("Cancel {orders}", { orders })}
            title={i18n._("Cancel {orders}?", { orders })}
            onCancel={(cancelledBy) => submit("cancel", cancelledBy)}
          />
        )}
        {selection.kind === "orders" &&
          SELECTION_ACTIONS.map((action) => (
            <span key={action.id}>{action.render(selection.orders)}</span>
          ))}
      </div>
      {selection.kind === "orders" && <BulkShipment orders={selection.orders} which="selected" />}
    </div>
  );
}
