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
import { PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod } from "#contract/order-status";
import { useLingui } from "@lingui/react";
import { backOfficeI18n, formatCount, formatTaka } from "~/components/admin/admin-i18n";
import { paymentMethodWord } from "~/lib/i18n/status-words";

export function meta() {
  return [{ title: `${backOfficeI18n._("Payments")} — Tweest admin` }];
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
  const { i18n } = useLingui();
  // A method's name in Bangla; English reads the code, as it always did (column and filter alike).
  const methodText = (method: string) =>
    i18n.locale === "en" ? method : paymentMethodWord(method, i18n);
  const payments = usePagedList<PaymentRow>(LIST, loaderData.payments);
  const statusOf = (row: PaymentRow) => row.status;
  const filtered = Object.values(payments.filters).some(Boolean);

  return (
    <div>
      <PageHeader
        title={i18n._("Payments")}
        description={
          filtered
            ? i18n._("{count} matching payments, newest first.", {
                count: formatCount(payments.total),
              })
            : i18n._("{count} payments, newest first.", { count: formatCount(payments.total) })
        }
      />
      <ListToolbar
        search={payments.filters.search}
        onSearch={(search) => payments.update({ search, page: "" })}
        label={i18n._("Search payments")}
        placeholder={i18n._("Transaction id, payment id or order number")}
      >
        <FilterSelect
          label={i18n._("Status")}
          allLabel={i18n._("All statuses")}
          value={payments.filters.status}
          values={PAYMENT_STATUSES}
          onChange={(status) => payments.update({ status, page: "" })}
        />
        <FilterSelect
          label={i18n._("Method")}
          allLabel={i18n._("All methods")}
          value={payments.filters.method}
          onChange={(method) => payments.update({ method, page: "" })}
        >
          {METHODS.map((method) => (
            <option key={method} value={method}>
              {methodText(method)}
            </option>
          ))}
        </FilterSelect>
      </ListToolbar>
      <ListTable
        list={payments}
        columns={[
          i18n._("Date"),
          i18n._("Order"),
          i18n._("Method"),
          i18n._("Transaction"),
          i18n._("Status"),
          { label: i18n._("Amount"), right: true },
        ]}
        emptyText={i18n._("No payments.")}
        onPage={(next) => payments.update({ page: String(next) })}
      >
        {payments.rows.map((row) => (
          <tr key={row._id} data-testid="payment-row">
            <td>{formatDate(row.createdAt, true)}</td>
            <td className="font-mono text-xs" translate="no">
              {typeof row.order === "object" && row.order
                ? (row.order.orderNumber ?? row.order._id)
                : (row.order ?? "—")}
            </td>
            <td>
              {row.method ? methodText(row.method) : "—"}
              {row.purpose === "ADVANCE_DELIVERY_CHARGE" && (
                <span className="block text-xs text-stone-500" data-testid="payment-purpose">
                  {i18n._("Delivery charge (advance) of a cash-on-delivery order")}
                </span>
              )}
            </td>
            <td className="font-mono text-xs" translate="no">
              {row.transactionId ?? row.paymentId ?? "—"}
            </td>
            <td>
              <StatusBadge status={statusOf(row)} />
            </td>
            <td className="text-right tabular-nums">{formatTaka(row.amount)}</td>
          </tr>
        ))}
      </ListTable>
    </div>
  );
}
