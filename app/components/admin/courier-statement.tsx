/**
 * Matching a courier's payout statement to parcels in one step (docs/cod.md, "Payout
 * statements"): upload the courier's CSV, or read one of its payouts through its API (Steadfast),
 * see which rows match, differ, are unknown or settled already, and settle the matched ones.
 */
import { useState, type FormEvent } from "react";
import { useAdminAction } from "~/components/admin/admin-action";
import { DataTable, EmptyRow, formatDate, Panel } from "~/components/admin/common";
import { TextField } from "~/components/admin/list";
import { Button } from "~/components/ui/button";
import { Field, Input, NativeSelect } from "~/components/ui/input";
import { api, errorMessage } from "~/lib/admin-api-client";
import { cn } from "~/lib/utils";
import { COURIER_IDS, COURIER_NAMES, type CourierId } from "#contract/couriers";
import { formatBDT } from "#contract/money";
import type {
  ConfirmedStatementAnswer,
  PayoutListAnswer,
  StatementAnswer,
  StatementMatch,
} from "#contract/schemas/courier-statements";

const MATCH_LABELS: Record<StatementMatch, { label: string; className: string }> = {
  matched: { label: "Matched", className: "bg-green-100 text-green-800" },
  "amount-differs": { label: "Amount differs", className: "bg-amber-100 text-amber-900" },
  unknown: { label: "Unknown", className: "bg-stone-200 text-stone-800" },
  settled: { label: "Already settled", className: "bg-sky-100 text-sky-900" },
};

export function StatementPanel({ initialCourier }: { initialCourier: CourierId | "" }) {
  const [courier, setCourier] = useState<CourierId>(initialCourier || "steadfast");
  const [statement, setStatement] = useState<StatementAnswer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [payouts, setPayouts] = useState<PayoutListAnswer | null>(null);
  const [readingPayouts, setReadingPayouts] = useState(false);
  const preview = useAdminAction({
    onSuccess: (result) => {
      setRefusal(null);
      setStatement(result.answer as StatementAnswer);
    },
    onFailure: (result) => setRefusal(result.message),
  });
  const settle = useAdminAction({
    onSuccess: (result) => setStatement((result.answer as ConfirmedStatementAnswer).statement),
    onFailure: (result) => setRefusal(result.message),
  });

  function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get("statement");
    if (!(file instanceof File) || file.size === 0) {
      setRefusal("Choose the statement's CSV file");
      return;
    }
    form.set("intent", "statement");
    form.set("courier", courier);
    void preview.submitForm(form);
  }

  async function readPayouts() {
    setReadingPayouts(true);
    setRefusal(null);
    try {
      setPayouts(await api.courierCash.payouts(courier));
    } catch (error) {
      setPayouts(null);
      setRefusal(errorMessage(error));
    } finally {
      setReadingPayouts(false);
    }
  }

  return (
    <Panel title="Match a payout statement" className="mb-6">
      <form
        onSubmit={upload}
        noValidate
        aria-label="Upload a payout statement"
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field id="statement-courier" label="Statement from">
          <NativeSelect
            id="statement-courier"
            value={courier}
            onChange={(event) => {
              setCourier(event.target.value as CourierId);
              setPayouts(null);
            }}
          >
            {COURIER_IDS.map((id) => (
              <option key={id} value={id}>
                {COURIER_NAMES[id]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          id="statement-file"
          label="Statement (CSV)"
          hint="Columns: consignment id, tracking code or invoice; collected amount; fee"
        >
          <Input id="statement-file" name="statement" type="file" accept=".csv,text/csv" />
        </Field>
        <TextField
          id="statement-reference"
          name="reference"
          label="Payout number"
          hint="When the file has no payout column"
        />
        <TextField
          id="statement-date"
          name="paidAt"
          type="date"
          label="Payout date"
          hint="When the file has no payout date"
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit" disabled={preview.pending}>
            {preview.pending ? "Reading…" : "Upload and match"}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={readingPayouts}
            onClick={() => void readPayouts()}
          >
            {readingPayouts ? "Reading…" : `Read ${COURIER_NAMES[courier]}'s payouts`}
          </Button>
        </div>
      </form>
      {refusal && (
        <p role="alert" className="mt-3 text-sm text-red-600" data-testid="statement-refusal">
          {refusal}
        </p>
      )}
      {payouts && (
        <PayoutList
          payouts={payouts}
          busy={preview.pending}
          onMatch={(payoutId) =>
            void preview.submit("payout", { id: payoutId, body: { courier: payouts.courier } })
          }
        />
      )}
      {statement && (
        <StatementPreview
          statement={statement}
          busy={settle.pending}
          onSettle={() => void settle.submit("confirm-statement", { id: statement._id, body: {} })}
        />
      )}
    </Panel>
  );
}

function PayoutList({
  payouts,
  busy,
  onMatch,
}: {
  payouts: PayoutListAnswer;
  busy: boolean;
  onMatch: (payoutId: string) => void;
}) {
  return (
    <section aria-label="Payouts" className="mt-4">
      <DataTable>
        <thead>
          <tr>
            <th>Payout</th>
            <th>Paid on</th>
            <th className="text-right">Amount</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {payouts.payouts.length === 0 && (
            <EmptyRow colSpan={4} text="The courier lists no payouts." />
          )}
          {payouts.payouts.map((payout) => (
            <tr key={payout.id} data-testid="payout-row">
              <td className="font-medium">{payout.id}</td>
              <td className="whitespace-nowrap">{formatDate(payout.paidAt)}</td>
              <td className="text-right tabular-nums">{formatBDT(payout.amount)}</td>
              <td className="text-right">
                {payout.settled ? (
                  <span className="text-xs text-stone-500">Settled</span>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() => onMatch(payout.id)}
                  >
                    Match payout {payout.id}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </section>
  );
}

function StatementPreview({
  statement,
  busy,
  onSettle,
}: {
  statement: StatementAnswer;
  busy: boolean;
  onSettle: () => void;
}) {
  const { counts, toSettle } = statement;
  return (
    <section
      aria-label={`Statement ${statement.reference}`}
      className="mt-4 space-y-3"
      data-testid="statement-preview"
    >
      <h3 className="font-semibold text-stone-900">
        {statement.courierName} · {statement.reference} · paid on {formatDate(statement.paidAt)}
      </h3>
      <p className="text-sm text-stone-700" data-testid="statement-counts">
        {counts.matched} matched, {counts["amount-differs"]} differ in amount, {counts.unknown}{" "}
        unknown, {counts.settled} already settled.
      </p>
      <DataTable>
        <thead>
          <tr>
            <th>Line</th>
            <th>Parcel</th>
            <th className="text-right">Collected</th>
            <th className="text-right">Fee</th>
            <th>Match</th>
          </tr>
        </thead>
        <tbody>
          {statement.rows.map((row) => (
            <tr key={row.line} data-testid="statement-row" data-match={row.match}>
              <td className="tabular-nums">{row.line}</td>
              <td>
                <span className="font-medium break-all">{row.parcel}</span>
                {row.orderNumber && row.orderNumber !== row.parcel && (
                  <span className="block text-xs text-stone-500">{row.orderNumber}</span>
                )}
              </td>
              <td className="text-right tabular-nums">{formatBDT(row.collected)}</td>
              <td className="text-right tabular-nums">{formatBDT(row.fee)}</td>
              <td>
                <span
                  className={cn(
                    "inline-block rounded px-2 py-0.5 text-xs font-semibold",
                    MATCH_LABELS[row.match].className,
                  )}
                >
                  {MATCH_LABELS[row.match].label}
                </span>
                <span className="block text-xs text-stone-600">{row.note}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-700">
          {toSettle.parcels === 0
            ? "Nothing to settle: no row matches a parcel still owed."
            : `Settles ${toSettle.parcels} parcel${toSettle.parcels === 1 ? "" : "s"}: collected ${formatBDT(toSettle.collected)}, fees ${formatBDT(toSettle.fees)}, received ${formatBDT(toSettle.amount)}.`}
        </p>
        <Button disabled={busy || toSettle.parcels === 0} onClick={onSettle}>
          {busy ? "Settling…" : `Settle ${toSettle.parcels} matched`}
        </Button>
      </div>
    </section>
  );
}
