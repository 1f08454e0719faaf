import { useState } from "react";
import type { I18n } from "@lingui/core";
import { useSearchParams } from "react-router";
import { useForm } from "react-hook-form";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  showFieldErrors,
  submittedForm,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import { StatementPanel } from "~/components/admin/courier-statement";
import {
  DataTable,
  EmptyRow,
  ErrorNote,
  formatDate,
  loadForAdmin,
  PageHeader,
  Pagination,
  Panel,
  TableSkeleton,
  useLoadedData,
} from "~/components/admin/common";
import { FilterSelect, listQuery, TextField } from "~/components/admin/list";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { api } from "~/lib/admin-api-client";
import { validateInto } from "~/lib/form-validation";
import { COURIER_IDS, type CourierId } from "#contract/couriers";
import { SHOP_TIME_ZONE } from "#contract/dates";
import { useLingui } from "@lingui/react";
import { backOfficeI18n, formatCount, formatTaka, serverText } from "~/components/admin/admin-i18n";
import { courierName } from "~/components/admin/courier-name";
import {
  CollectedCashBody,
  SettlementBody,
  type OwedParcelAnswer,
  type SettlementAnswer,
  type SettlementInput,
} from "#contract/schemas/courier-cash";
import type {
  ConfirmedStatementAnswer,
  StatementAnswer,
} from "#contract/schemas/courier-statements";
import type { Route } from "./+types/courier-cash";

export function meta() {
  return [{ title: `${backOfficeI18n._("Courier cash")} — Tweest admin` }];
}

const SETTLEMENTS_PER_PAGE = 10;

/** `?courier=` as a courier id, or "" (every courier) for anything else. */
function courierOf(value: unknown): CourierId | "" {
  return COURIER_IDS.find((id) => id === value) ?? "";
}

/** What the couriers owe (parcels and totals, one courier's with `?courier=`) and the latest settlements. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = listQuery(request.url, {
    key: "settlements",
    limit: SETTLEMENTS_PER_PAGE,
    filters: ["courier"],
  });
  const courier = courierOf(query.courier) || undefined;
  const [owed, settlements] = await Promise.all([
    loadForAdmin(request, () => api.courierCash.owed({ courier })),
    loadForAdmin(request, () =>
      api.courierCash.settlements({ page: query.page, limit: query.limit, courier }),
    ),
  ]);
  return { owed, settlements, courier: courier ?? "" };
}

/**
 * The screen's two writes: an admin's collected amount for one parcel, and a settlement. The
 * server's answer is a toast; a refused settlement also comes back to its form (field messages).
 * React Router then loads the parcels and settlements again.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, id, body } = await readSubmission(request);
  switch (intent) {
    case "collected":
      return runAdminAction(
        () => api.courierCash.recordCollected(id, parseSubmitted(CollectedCashBody, body)),
        (parcel) => {
          const { orderNumber, collected } = parcel as OwedParcelAnswer;
          return i18n._("{number}: {amount} collected", {
            number: orderNumber,
            amount: formatTaka(collected ?? 0),
          });
        },
      );
    case "settle":
      return runAdminAction(
        () => {
          // Checked here as the server checks it; sent as typed (the API parses the date itself).
          parseSubmitted(SettlementBody, body);
          return api.courierCash.recordSettlement(body as SettlementInput);
        },
        (answer) => settlementSummary(answer as SettlementAnswer),
      );
    case "statement":
      return runAdminAction(
        () => api.courierCash.uploadStatement(submittedForm(body)),
        (answer) => statementSummary(answer as StatementAnswer),
      );
    case "payout":
      return runAdminAction(
        () =>
          api.courierCash.payoutStatement(
            courierOf((body as { courier?: unknown } | undefined)?.courier) || "steadfast",
            id,
          ),
        (answer) => statementSummary(answer as StatementAnswer),
      );
    case "confirm-statement":
      return runAdminAction(
        () => api.courierCash.confirmStatement(id, {}),
        (answer) => settlementSummary((answer as ConfirmedStatementAnswer).settlement),
      );
    default:
      return unknownIntent(intent);
  }
}

function settlementSummary(settlement: SettlementAnswer): string {
  const i18n = backOfficeI18n;
  return i18n._("Settlement {reference} recorded: {amount} for {count} parcels", {
    reference: settlement.reference,
    amount: formatTaka(settlement.amount),
    count: formatCount(settlement.parcels.length),
  });
}

function statementSummary(statement: StatementAnswer): string {
  const i18n = backOfficeI18n;
  return i18n._("{reference}: {matched} of {rows} rows match", {
    reference: statement.reference,
    matched: formatCount(statement.counts.matched),
    rows: formatCount(statement.rows.length),
  });
}

/** Today in the shop's calendar, as a date input wants it (yyyy-MM-dd). */
function shopToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE }).format(new Date());
}

export default function AdminCourierCash({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const owed = useLoadedData(loaderData.owed);
  const settlements = useLoadedData(loaderData.settlements);
  const [, setSearchParams] = useSearchParams();
  const courierFilter = courierOf(loaderData.courier);
  const parcels = owed.data?.parcels ?? [];
  // Ids of the chosen parcels; one that left the list (settled) simply matches nothing below.
  const [chosen, setChosen] = useState<Set<string>>(new Set());

  const chosenParcels = parcels.filter((parcel) => chosen.has(parcel._id));
  const chosenTotal = chosenParcels.reduce((sum, parcel) => sum + (parcel.collected ?? 0), 0);
  const recordable = parcels.filter((parcel) => parcel.collected !== null);
  const allChosen = recordable.length > 0 && recordable.every((parcel) => chosen.has(parcel._id));

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <div>
      <PageHeader
        title={i18n._("Courier cash")}
        description={i18n._(
          "Cash the couriers collected on delivered cash-on-delivery parcels and have not yet paid to the shop.",
        )}
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <FilterSelect
          label={i18n._("Courier")}
          allLabel={i18n._("Every courier")}
          value={courierFilter}
          onChange={(courier) => {
            setChosen(new Set());
            setSearchParams(courier ? { courier } : {});
          }}
        >
          {COURIER_IDS.map((id) => (
            <option key={id} value={id}>
              {courierName(i18n, id)}
            </option>
          ))}
        </FilterSelect>
      </div>
      {owed.data && owed.data.couriers.length > 0 && (
        <ul
          className="mb-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4"
          aria-label={i18n._("Owed per courier")}
          data-testid="courier-totals"
        >
          {owed.data.couriers.map((entry) => (
            <li
              key={entry.courier}
              className="rounded-lg border border-stone-200 bg-white p-3 text-sm"
              data-testid={`courier-total-${entry.courier}`}
            >
              <span className="font-semibold text-stone-900" translate="no">
                {courierName(i18n, entry.name)}
              </span>
              <span className="block text-lg font-bold tabular-nums">{formatTaka(entry.owed)}</span>
              <span className="text-xs text-stone-500">
                {i18n._("{count} parcels recorded", { count: formatCount(entry.parcels) })}
                {entry.unrecorded > 0
                  ? `, ${i18n._("{count} not recorded", { count: formatCount(entry.unrecorded) })}`
                  : ""}
              </span>
            </li>
          ))}
        </ul>
      )}
      {owed.error && <ErrorNote message={owed.error} onRetry={owed.reload} />}
      {owed.data && (
        <dl
          className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3"
          data-testid="courier-cash-totals"
        >
          <Total
            label={
              courierFilter
                ? i18n._("Owed by {courier}", { courier: courierName(i18n, courierFilter) })
                : i18n._("Owed in all")
            }
            value={formatTaka(owed.data.totals.owed)}
            testId="owed"
          />
          <Total
            label={i18n._("Parcels with cash recorded")}
            value={formatCount(owed.data.totals.parcels)}
          />
          <Total
            label={i18n._("Delivered, amount not recorded")}
            value={formatCount(owed.data.totals.unrecorded)}
          />
        </dl>
      )}
      {!owed.data && !owed.error ? (
        <TableSkeleton />
      ) : (
        <DataTable className="mb-6">
          <thead>
            <tr>
              <th className="w-10">
                <input
                  type="checkbox"
                  aria-label={i18n._("Choose every parcel with a collected amount")}
                  checked={allChosen}
                  disabled={recordable.length === 0}
                  onChange={(event) =>
                    setChosen(
                      new Set(event.target.checked ? recordable.map((parcel) => parcel._id) : []),
                    )
                  }
                />
              </th>
              <th>{i18n._("Order")}</th>
              <th>{i18n._("Customer")}</th>
              <th>{i18n._("Delivered")}</th>
              <th className="text-right">{i18n._("To collect")}</th>
              <th>{i18n._("Collected")}</th>
            </tr>
          </thead>
          <tbody>
            {parcels.length === 0 && (
              <EmptyRow
                colSpan={6}
                text={i18n._("The courier owes nothing: every delivered parcel is settled.")}
              />
            )}
            {parcels.map((parcel) => (
              <tr key={parcel._id} data-testid="owed-parcel">
                <td>
                  <input
                    type="checkbox"
                    aria-label={i18n._("Include {number} in the settlement", {
                      number: parcel.orderNumber,
                    })}
                    checked={chosen.has(parcel._id)}
                    disabled={parcel.collected === null}
                    onChange={(event) => toggle(parcel._id, event.target.checked)}
                  />
                </td>
                <td className="font-medium whitespace-nowrap">
                  <span translate="no">{parcel.orderNumber}</span>
                  <span className="block text-xs text-stone-500" translate="no">
                    {courierName(i18n, parcel.courierName)}
                    {parcel.consignmentId ? ` · ${parcel.consignmentId}` : ""}
                  </span>
                  {parcel.partial && (
                    <span className="block text-xs font-semibold text-amber-800">
                      {i18n._("Delivered in part")}
                    </span>
                  )}
                </td>
                <td translate="no">
                  {parcel.customer}
                  <span className="block text-xs text-stone-500">{parcel.mobile}</span>
                </td>
                <td className="whitespace-nowrap">{formatDate(parcel.deliveredAt)}</td>
                <td className="text-right tabular-nums">{formatTaka(parcel.toCollect)}</td>
                <td>
                  <CollectedCell parcel={parcel} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {/* Follows the courier filter: picking another courier starts the panel afresh. */}
      <StatementPanel key={courierFilter} initialCourier={courierFilter} />
      <SettlementForm chosen={chosenParcels} chosenTotal={chosenTotal} />
      <SettlementList
        data={settlements.data}
        error={settlements.error}
        onRetry={settlements.reload}
      />
    </div>
  );
}

function Total({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-3">
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{label}</dt>
      <dd className="mt-1 text-xl font-bold text-stone-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Where a parcel's collected amount came from, as a few words. */
const collectedSourceText = (
  i18n: I18n,
  source: NonNullable<OwedParcelAnswer["collectedSource"]>,
) =>
  ({
    courier: i18n._("from the courier"),
    admin: i18n._("entered by an admin"),
    statement: i18n._("from its payout statement"),
  })[source];

/** The collected amount, and a small form to record or correct it. */
function CollectedCell({ parcel }: { parcel: OwedParcelAnswer }) {
  const { i18n } = useLingui();
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<{
    collected: string;
  }>({ defaultValues: { collected: parcel.collected === null ? "" : String(parcel.collected) } });
  const error = formState.errors.collected?.message;
  const record = useAdminAction({
    onFailure: (result) =>
      setError("collected", {
        message: serverText(result.fieldErrors.collected ?? result.message),
      }),
  });

  async function onSubmit(values: { collected: string }) {
    clearErrors();
    const body = { collected: values.collected === "" ? NaN : Number(values.collected) };
    const parsed = validateInto(CollectedCashBody, body, setError, ["collected"]);
    if (!parsed) return;
    await record.submit("collected", { id: parcel._id, body: parsed });
  }
  const inputId = `collected-${parcel._id}`;
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      className="flex flex-wrap items-center gap-2"
      noValidate
    >
      <label htmlFor={inputId} className="sr-only">
        {i18n._("Collected on {number} (taka)", { number: parcel.orderNumber })}
      </label>
      <Input
        id={inputId}
        inputMode="numeric"
        className="h-8 w-24"
        placeholder="৳"
        aria-invalid={!!error}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...register("collected")}
      />
      <Button type="submit" size="sm" variant="outline" disabled={record.pending}>
        {parcel.collected === null ? i18n._("Record") : i18n._("Save")}
      </Button>
      <span className="text-xs text-stone-500">
        {parcel.collectedSource
          ? collectedSourceText(i18n, parcel.collectedSource)
          : i18n._("not recorded")}
      </span>
      {error && (
        <p id={`${inputId}-error`} className="w-full text-xs text-red-600">
          {serverText(error)}
        </p>
      )}
    </form>
  );
}

interface SettlementValues {
  amount: string;
  deductions: string;
  reference: string;
  paidAt: string;
  note: string;
}
const SETTLEMENT_FIELDS = ["amount", "deductions", "reference", "paidAt", "note"] as const;

/** The payout covering the chosen parcels: amount + deductions must equal their collected total. */
function SettlementForm({
  chosen,
  chosenTotal,
}: {
  chosen: OwedParcelAnswer[];
  chosenTotal: number;
}) {
  const { i18n } = useLingui();
  const { register, handleSubmit, reset, setError, clearErrors, watch, getValues, formState } =
    useForm<SettlementValues>({
      defaultValues: { amount: "", deductions: "0", reference: "", paidAt: shopToday(), note: "" },
    });
  const { errors } = formState;
  const settle = useAdminAction({
    onSuccess: () =>
      reset({ amount: "", deductions: "0", reference: "", paidAt: getValues("paidAt"), note: "" }),
    onFailure: (result) => {
      showFieldErrors(result, setError, SETTLEMENT_FIELDS);
      // A parcel's problem (already settled, no amount) concerns the choice, not a field.
      setError("root", { message: serverText(result.fieldErrors.orderIds ?? result.message) });
    },
  });
  const busy = settle.pending;
  const difference =
    chosenTotal - (Number(watch("amount")) || 0) - (Number(watch("deductions")) || 0);

  async function onSubmit(values: SettlementValues) {
    clearErrors();
    const input = {
      orderIds: chosen.map((parcel) => parcel._id),
      amount: values.amount === "" ? NaN : Number(values.amount),
      deductions: values.deductions === "" ? 0 : Number(values.deductions),
      reference: values.reference,
      paidAt: values.paidAt,
      note: values.note,
    };
    const parsed = validateInto(SettlementBody, input, setError, [
      ...SETTLEMENT_FIELDS,
      "orderIds",
    ]);
    if (!parsed) return;
    if (difference !== 0) {
      setError("amount", {
        message:
          difference > 0
            ? i18n._("Amount and deductions must add up to {total} ({difference} short)", {
                total: formatTaka(chosenTotal),
                difference: formatTaka(difference),
              })
            : i18n._("Amount and deductions must add up to {total} ({difference} over)", {
                total: formatTaka(chosenTotal),
                difference: formatTaka(-difference),
              }),
      });
      return;
    }
    await settle.submit("settle", { body: input });
  }

  return (
    <Panel title={i18n._("Record a settlement")} className="mb-6">
      <form
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        aria-label={i18n._("Record a settlement")}
        className="space-y-4"
      >
        <p className="text-sm text-stone-700" data-testid="settlement-chosen">
          {chosen.length === 0
            ? i18n._("Choose the parcels the payout covers in the table above.")
            : chosen.length === 1
              ? i18n._("{number} parcel chosen, collected {amount}.", {
                  number: formatCount(1),
                  amount: formatTaka(chosenTotal),
                })
              : i18n._("{number} parcels chosen, collected {amount}.", {
                  number: formatCount(chosen.length),
                  amount: formatTaka(chosenTotal),
                })}
        </p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <TextField
            id="settlement-amount"
            label={i18n._("Amount received (taka)")}
            inputMode="numeric"
            error={errors.amount?.message}
            {...register("amount")}
          />
          <TextField
            id="settlement-deductions"
            label={i18n._("Kept by the courier (fees, taka)")}
            inputMode="numeric"
            error={errors.deductions?.message}
            {...register("deductions")}
            hint={i18n._("Amount + fees = what was collected")}
          />
          <TextField
            id="settlement-reference"
            label={i18n._("Reference")}
            error={errors.reference?.message}
            {...register("reference")}
            hint={i18n._("The payout's transaction or invoice number")}
          />
          <TextField
            id="settlement-date"
            label={i18n._("Paid on")}
            type="date"
            error={errors.paidAt?.message}
            {...register("paidAt")}
          />
          <TextField
            id="settlement-note"
            label={i18n._("Note (optional)")}
            error={errors.note?.message}
            {...register("note")}
            className="sm:col-span-2"
          />
        </div>
        {errors.root?.message && !errors.amount && (
          <p role="alert" className="text-sm text-red-600">
            {errors.root.message}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={busy || chosen.length === 0}>
            {busy ? i18n._("Recording…") : i18n._("Record settlement")}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function SettlementList({
  data,
  error,
  onRetry,
}: {
  data: { settlements: SettlementAnswer[]; total: number; page: number; totalPages: number } | null;
  error: string | null;
  onRetry: () => void;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState<string | null>(null);
  const [, setSearchParams] = useSearchParams();
  const opened = data?.settlements.find((settlement) => settlement._id === open);
  return (
    <Panel title={i18n._("Settlements")}>
      {error && <ErrorNote message={error} onRetry={onRetry} />}
      {!data && !error && <TableSkeleton rows={3} />}
      {data && (
        <DataTable>
          <thead>
            <tr>
              <th>{i18n._("Paid on")}</th>
              <th>{i18n._("Courier")}</th>
              <th>{i18n._("Reference")}</th>
              <th className="text-right">{i18n._("Amount")}</th>
              <th className="text-right">{i18n._("Fees kept")}</th>
              <th className="text-right">{i18n._("Parcels")}</th>
              <th>{i18n._("Recorded by")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.settlements.length === 0 && (
              <EmptyRow colSpan={8} text={i18n._("No settlements yet.")} />
            )}
            {data.settlements.map((settlement) => (
              <SettlementRow
                key={settlement._id}
                settlement={settlement}
                open={open === settlement._id}
                onToggle={() => setOpen(open === settlement._id ? null : settlement._id)}
              />
            ))}
          </tbody>
        </DataTable>
      )}
      {opened && <SettlementDetails settlement={opened} />}
      {data && data.totalPages > 1 && (
        <Pagination
          page={data.page}
          totalPages={data.totalPages}
          total={data.total}
          onPage={(page) =>
            setSearchParams((current) => {
              current.set("page", String(page));
              return current;
            })
          }
        />
      )}
    </Panel>
  );
}

function SettlementRow({
  settlement,
  open,
  onToggle,
}: {
  settlement: SettlementAnswer;
  open: boolean;
  onToggle: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <tr data-testid="settlement-row">
      <td className="whitespace-nowrap">{formatDate(settlement.paidAt)}</td>
      <td translate="no">{courierName(i18n, settlement.courierName)}</td>
      <td className="font-medium" translate="no">
        {settlement.reference}
      </td>
      <td className="text-right tabular-nums">{formatTaka(settlement.amount)}</td>
      <td className="text-right tabular-nums">{formatTaka(settlement.deductions)}</td>
      <td className="text-right tabular-nums">{formatCount(settlement.parcels.length)}</td>
      <td translate="no">{settlement.recordedBy.name || settlement.recordedBy.email}</td>
      <td className="text-right">
        <Button size="sm" variant="ghost" onClick={onToggle} aria-expanded={open}>
          {open ? i18n._("Hide") : i18n._("View")}
        </Button>
      </td>
    </tr>
  );
}

/** One settlement's parcels, under the list (outside the table, so a phone shows it whole). */
function SettlementDetails({ settlement }: { settlement: SettlementAnswer }) {
  const { i18n } = useLingui();
  return (
    <section
      aria-label={i18n._("Settlement {reference}", { reference: settlement.reference })}
      className="mt-3 rounded-md border border-stone-200 bg-stone-50 p-3"
    >
      <h3 className="mb-2 font-semibold text-stone-900">
        {i18n._("{reference}: {amount} paid on {date}", {
          reference: settlement.reference,
          amount: formatTaka(settlement.amount),
          date: formatDate(settlement.paidAt),
        })}
      </h3>
      <ul
        className="space-y-1 text-sm"
        aria-label={i18n._("Parcels of {reference}", { reference: settlement.reference })}
      >
        {settlement.parcels.map((parcel) => (
          <li key={parcel.order} className="flex justify-between gap-3">
            <span translate="no">{parcel.orderNumber}</span>
            <span className="tabular-nums">{formatTaka(parcel.collected)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-3 border-t border-stone-200 pt-1 font-semibold">
          <span>{i18n._("Collected in total")}</span>
          <span className="tabular-nums">{formatTaka(settlement.collectedTotal)}</span>
        </li>
      </ul>
      <p className="mt-1 text-sm text-stone-600">
        {i18n._("Received {amount}, kept by the courier {deductions}.", {
          amount: formatTaka(settlement.amount),
          deductions: formatTaka(settlement.deductions),
        })}
      </p>
      {settlement.note && (
        <p className="mt-1 text-sm text-stone-600" translate="no">
          {settlement.note}
        </p>
      )}
      <p className="mt-1 text-xs text-stone-500">
        {i18n._("Recorded {date} by {who}", {
          date: formatDate(settlement.createdAt, true),
          who: settlement.recordedBy.email,
        })}
      </p>
    </section>
  );
}
