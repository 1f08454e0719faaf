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
import { COURIER_IDS, type CourierId } from "#contract/couriers";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { formatCount, formatTaka, serverText, statusText } from "./admin-i18n";
import { courierName } from "./courier-name";
import type {
  ConfirmedStatementAnswer,
  PayoutListAnswer,
  StatementAnswer,
  StatementMatch,
  StatementReason,
  StatementReasonKind,
  StatementRowAnswer,
} from "#contract/schemas/courier-statements";

const MATCH_STYLE: Record<StatementMatch, string> = {
  matched: "bg-green-100 text-green-800",
  "amount-differs": "bg-amber-100 text-amber-900",
  unknown: "bg-stone-200 text-stone-800",
  settled: "bg-sky-100 text-sky-900",
};

/** How a statement's row matched, as a word or two. */
const matchText = (i18n: I18n, match: StatementMatch) =>
  ({
    matched: i18n._("Matched"),
    "amount-differs": i18n._("Amount differs"),
    unknown: i18n._("Unknown"),
    settled: i18n._("Already settled"),
  })[match];

type ReasonOf<Kind extends StatementReasonKind> = Extract<StatementReason, { kind: Kind }>;

/**
 * Why a row matched as it did, in the back office's language: one sentence per reason (the type
 * checker keeps the table complete), its money and numbers in the language's digits.
 */
const REASON_TEXTS: {
  [Kind in StatementReasonKind]: (
    i18n: I18n,
    reason: ReasonOf<Kind>,
    row: StatementRowAnswer,
    courier: CourierId,
  ) => string;
} = {
  "no-parcel": (i18n, _, row) =>
    i18n._("No parcel of the shop's is {parcel}", { parcel: row.parcel }),
  "other-courier": (i18n, reason, row, courier) =>
    i18n._("{orderNumber} went with {carrier}, not {courier}", {
      orderNumber: row.orderNumber,
      carrier: courierName(i18n, reason.carrier),
      courier: courierName(i18n, courier),
    }),
  "not-delivered-cod": (i18n, reason, row) =>
    i18n._("{orderNumber} is not a delivered cash-on-delivery parcel ({status})", {
      orderNumber: row.orderNumber,
      status: statusText(i18n, reason.status),
    }),
  "already-settled": (i18n, _, row) =>
    i18n._("{orderNumber} is already settled", { orderNumber: row.orderNumber }),
  "listed-twice": (i18n, reason, row) =>
    i18n._("{orderNumber} is listed twice (line {line} too)", {
      orderNumber: row.orderNumber,
      line: formatCount(reason.firstLine),
    }),
  "as-recorded": (i18n, _, row) =>
    i18n._("Collected {amount}, as recorded", { amount: formatTaka(row.collected) }),
  "recorded-differs": (i18n, reason, row) =>
    i18n._("The shop recorded {recorded}; the statement says {collected}", {
      recorded: formatTaka(reason.recorded),
      collected: formatTaka(row.collected),
    }),
  "record-from-statement": (i18n, reason, row) =>
    reason.partly
      ? i18n._(
          "No amount recorded: {amount} will be recorded from the statement (delivered in part)",
          { amount: formatTaka(row.collected) },
        )
      : i18n._("No amount recorded: {amount} will be recorded from the statement", {
          amount: formatTaka(row.collected),
        }),
  "sent-differs": (i18n, reason, row) =>
    i18n._("Sent to collect {toCollect}; the statement says {collected}", {
      toCollect: formatTaka(reason.toCollect),
      collected: formatTaka(row.collected),
    }),
};

function reasonText(i18n: I18n, row: StatementRowAnswer, courier: CourierId): string {
  const text = REASON_TEXTS[row.reason.kind] as (
    i18n: I18n,
    reason: StatementReason,
    row: StatementRowAnswer,
    courier: CourierId,
  ) => string;
  return text(i18n, row.reason, row, courier);
}

export function StatementPanel({ initialCourier }: { initialCourier: CourierId | "" }) {
  const { i18n } = useLingui();
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
      setRefusal(i18n._("Choose the statement's CSV file"));
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
    <Panel title={i18n._("Match a payout statement")} className="mb-6">
      <form
        onSubmit={upload}
        noValidate
        aria-label={i18n._("Upload a payout statement")}
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field id="statement-courier" label={i18n._("Statement from")}>
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
                {courierName(i18n, id)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          id="statement-file"
          label={i18n._("Statement (CSV)")}
          hint={i18n._("Columns: consignment id, tracking code or invoice; collected amount; fee")}
        >
          <Input id="statement-file" name="statement" type="file" accept=".csv,text/csv" />
        </Field>
        <TextField
          id="statement-reference"
          name="reference"
          label={i18n._("Payout number")}
          hint={i18n._("When the file has no payout column")}
        />
        <TextField
          id="statement-date"
          name="paidAt"
          type="date"
          label={i18n._("Payout date")}
          hint={i18n._("When the file has no payout date")}
        />
        <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit" disabled={preview.pending}>
            {preview.pending ? i18n._("Reading…") : i18n._("Upload and match")}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={readingPayouts}
            onClick={() => void readPayouts()}
          >
            {readingPayouts
              ? i18n._("Reading…")
              : i18n._("Read {courier}'s payouts", { courier: courierName(i18n, courier) })}
          </Button>
        </div>
      </form>
      {refusal && (
        <p role="alert" className="mt-3 text-sm text-red-600" data-testid="statement-refusal">
          {serverText(refusal)}
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
  const { i18n } = useLingui();
  return (
    <section aria-label={i18n._("Payouts")} className="mt-4">
      <DataTable>
        <thead>
          <tr>
            <th>{i18n._("Payout")}</th>
            <th>{i18n._("Paid on")}</th>
            <th className="text-right">{i18n._("Amount")}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {payouts.payouts.length === 0 && (
            <EmptyRow colSpan={4} text={i18n._("The courier lists no payouts.")} />
          )}
          {payouts.payouts.map((payout) => (
            <tr key={payout.id} data-testid="payout-row">
              <td className="font-medium" translate="no">
                {payout.id}
              </td>
              <td className="whitespace-nowrap">{formatDate(payout.paidAt)}</td>
              <td className="text-right tabular-nums">{formatTaka(payout.amount)}</td>
              <td className="text-right">
                {payout.settled ? (
                  <span className="text-xs text-stone-500">{i18n._("Settled")}</span>
                ) : (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    onClick={() => onMatch(payout.id)}
                  >
                    {i18n._("Match payout {id}", { id: payout.id })}
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
  const { i18n } = useLingui();
  const { counts, toSettle } = statement;
  const settleFigures = {
    number: formatCount(toSettle.parcels),
    collected: formatTaka(toSettle.collected),
    fees: formatTaka(toSettle.fees),
    amount: formatTaka(toSettle.amount),
  };
  return (
    <section
      aria-label={i18n._("Statement {reference}", { reference: statement.reference })}
      className="mt-4 space-y-3"
      data-testid="statement-preview"
    >
      <h3 className="font-semibold text-stone-900">
        <span translate="no">
          {courierName(i18n, statement.courierName)} · {statement.reference}
        </span>{" "}
        · {i18n._("paid on {date}", { date: formatDate(statement.paidAt) })}
      </h3>
      <p className="text-sm text-stone-700" data-testid="statement-counts">
        {i18n._(
          "{matched} matched, {differ} differ in amount, {unknown} unknown, {settled} already settled.",
          {
            matched: formatCount(counts.matched),
            differ: formatCount(counts["amount-differs"]),
            unknown: formatCount(counts.unknown),
            settled: formatCount(counts.settled),
          },
        )}
      </p>
      <DataTable>
        <thead>
          <tr>
            <th>{i18n._("Line")}</th>
            <th>{i18n._("Parcel")}</th>
            <th className="text-right">{i18n._("Collected")}</th>
            <th className="text-right">{i18n._("Fee")}</th>
            <th>{i18n._("Match")}</th>
          </tr>
        </thead>
        <tbody>
          {statement.rows.map((row) => (
            <tr key={row.line} data-testid="statement-row" data-match={row.match}>
              <td className="tabular-nums">{formatCount(row.line)}</td>
              <td translate="no">
                <span className="font-medium break-all">{row.parcel}</span>
                {row.orderNumber && row.orderNumber !== row.parcel && (
                  <span className="block text-xs text-stone-500">{row.orderNumber}</span>
                )}
              </td>
              <td className="text-right tabular-nums">{formatTaka(row.collected)}</td>
              <td className="text-right tabular-nums">{formatTaka(row.fee)}</td>
              <td>
                <span
                  className={cn(
                    "inline-block rounded px-2 py-0.5 text-xs font-semibold",
                    MATCH_STYLE[row.match],
                  )}
                >
                  {matchText(i18n, row.match)}
                </span>
                <span className="block text-xs text-stone-600">
                  {reasonText(i18n, row, statement.courier)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-700">
          {toSettle.parcels === 0
            ? i18n._("Nothing to settle: no row matches a parcel still owed.")
            : toSettle.parcels === 1
              ? i18n._(
                  "Settles {number} parcel: collected {collected}, fees {fees}, received {amount}.",
                  settleFigures,
                )
              : i18n._(
                  "Settles {number} parcels: collected {collected}, fees {fees}, received {amount}.",
                  settleFigures,
                )}
        </p>
        <Button disabled={busy || toSettle.parcels === 0} onClick={onSettle}>
          {busy
            ? i18n._("Settling…")
            : i18n._("Settle {number} matched", { number: formatCount(toSettle.parcels) })}
        </Button>
      </div>
    </section>
  );
}
