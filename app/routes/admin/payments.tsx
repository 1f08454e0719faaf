import { formatDate, PageHeader, StatusBadge } from "~/components/admin/common";
import { loadForAdmin } from "~/components/admin/common";
import {
  FilterSelect,
  listQuery,
  ListTable,
  ListToolbar,
  usePagedList,
  type ListSpec,
} from "~/components/admin/list";
import { api, type Payment } from "~/lib/admin-api-client";
import type { Route } from "./+types/payments";
import { formatBDT } from "#contract/money";
import { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod } from "#contract/order-status";

export function meta() {
  return [{ title: "Payments — Tweest admin" }];
}

type PaymentRow = Payment;

const PAGE_SIZE = 25;
const METHODS: PaymentMethod[] = [...PAYMENT_METHODS];

const LIST: ListSpec = {
  key: "payments",
  filters: ["status", "method", "search"],
  limit: PAGE_SIZE,
};

/** GET /api/payments pages, filters and counts on the server. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = listQuery(request.url, LIST);
  return { payments: await loadForAdmin(request, () => api.admin.payments(query)) };
}

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const payments = usePagedList<PaymentRow>(LIST, loaderData.payments);
  const statusOf = (row: PaymentRow) => row.status;
  const filtered = Object.values(payments.filters).some(Boolean);

  return (
    <div>
      <PageHeader
        title="Payments"
        description={`${payments.total} ${filtered ? "matching " : ""}payments, newest first.`}
      />
      <ListToolbar
        search={payments.filters.search}
        onSearch={(search) => payments.update({ search, page: "" })}
        label="Search payments"
        placeholder="Transaction id, payment id or order number"
      >
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={payments.filters.status}
          values={PAYMENT_STATUSES}
          onChange={(status) => payments.update({ status, page: "" })}
        />
        <FilterSelect
          label="Method"
          allLabel="All methods"
          value={payments.filters.method}
          values={METHODS}
          onChange={(method) => payments.update({ method, page: "" })}
        />
      </ListToolbar>
      <ListTable
        list={payments}
        columns={[
          "Date",
          "Order",
          "Method",
          "Transaction",
          "Status",
          { label: "Amount", right: true },
        ]}
        emptyText="No payments."
        onPage={(next) => payments.update({ page: String(next) })}
      >
        {payments.rows.map((row) => (
          <tr key={row._id} data-testid="payment-row">
            <td>{formatDate(row.createdAt, true)}</td>
            <td className="font-mono text-xs">
              {typeof row.order === "object" && row.order
                ? (row.order.orderNumber ?? row.order._id)
                : (row.order ?? "—")}
            </td>
            <td>
              {row.method ?? "—"}
              {row.purpose === "ADVANCE_DELIVERY_CHARGE" && (
                <span className="block text-xs text-stone-500" data-testid="payment-purpose">
                  Delivery charge (advance) of a cash-on-delivery order
                </span>
              )}
            </td>
            <td className="font-mono text-xs">{row.transactionId ?? row.paymentId ?? "—"}</td>
            <td>
              <StatusBadge status={statusOf(row)} />
            </td>
            <td className="text-right tabular-nums">{formatBDT(row.amount)}</td>
          </tr>
        ))}
      </ListTable>
    </div>
  );
}
