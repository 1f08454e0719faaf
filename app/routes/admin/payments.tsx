import { useState } from "react";
import {
  DataTable,
  EmptyRow,
  ErrorNote,
  formatDate,
  listOf,
  PageHeader,
  Pagination,
  StatusBadge,
  TableSkeleton,
  useAdminData,
} from "~/components/admin/common";
import { NativeSelect } from "~/components/ui/input";
import { api } from "~/lib/api-client";
import { formatBDT } from "~/lib/money";

export function meta() {
  return [{ title: "Payments — Tweest admin" }];
}

interface PaymentRow {
  _id: string;
  order?: string | { _id?: string; orderNumber?: string };
  method?: string;
  amount?: number;
  currency?: string;
  status?: string;
  paymentDetails?: { status?: string };
  transactionId?: string;
  paymentId?: string;
  createdAt?: string;
}

const PAGE_SIZE = 25;
const STATUSES = ["PENDING", "COMPLETED", "FAILED", "CANCELLED", "REFUNDED"];

export default function AdminPayments() {
  const payments = useAdminData(() => api.admin.payments(), "payments");
  const [status, setStatus] = useState("");
  const [page, setPage] = useState(1);
  // GET /api/payments answers the whole list (contract §7); it is paged here.
  const all = listOf<PaymentRow>(payments.data, "payments");
  const statusOf = (row: PaymentRow) => row.status ?? row.paymentDetails?.status ?? "";
  const filtered = status ? all.filter((row) => statusOf(row).toUpperCase() === status) : all;
  const rows = filtered.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const completed = all.filter((row) => /complet/i.test(statusOf(row)));

  return (
    <div>
      <PageHeader
        title="Payments"
        description={`${all.length} payments · ${formatBDT(
          completed.reduce((sum, row) => sum + (row.amount ?? 0), 0),
        )} completed`}
        actions={
          <NativeSelect
            aria-label="Status"
            className="w-44"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value);
              setPage(1);
            }}
          >
            <option value="">All statuses</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </NativeSelect>
        }
      />
      {payments.error && <ErrorNote message={payments.error} onRetry={payments.reload} />}
      {payments.loading && !payments.data ? (
        <TableSkeleton />
      ) : (
        <DataTable>
          <thead>
            <tr>
              <th>Date</th>
              <th>Order</th>
              <th>Method</th>
              <th>Transaction</th>
              <th>Status</th>
              <th className="text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow colSpan={6} text="No payments." />}
            {rows.map((row) => (
              <tr key={row._id} data-testid="payment-row">
                <td>{formatDate(row.createdAt, true)}</td>
                <td className="font-mono text-xs">
                  {typeof row.order === "object" && row.order
                    ? (row.order.orderNumber ?? row.order._id)
                    : (row.order ?? "—")}
                </td>
                <td>{row.method ?? "—"}</td>
                <td className="font-mono text-xs">{row.transactionId ?? row.paymentId ?? "—"}</td>
                <td>
                  <StatusBadge status={statusOf(row)} />
                </td>
                <td className="text-right tabular-nums">{formatBDT(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <Pagination
        page={page}
        totalPages={Math.ceil(filtered.length / PAGE_SIZE)}
        total={filtered.length}
        onPage={setPage}
      />
    </div>
  );
}
