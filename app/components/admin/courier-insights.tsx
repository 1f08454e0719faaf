/**
 * What the couriers tell the owner before a parcel ships (docs/couriers.md, docs/cod.md): each
 * courier's record of the customer's number in its whole network, and the courier suggested for an
 * order from this shop's own delivered shares, with the rule and its numbers.
 */
import { formatDate, useAdminData } from "~/components/admin/common";
import { api } from "~/lib/admin-api-client";
import { COURIER_NAMES } from "#contract/couriers";
import {
  describeRates,
  type CourierRecord,
  type CourierSuggestion,
} from "#contract/courier-insights";

/** "12 delivered, 3 cancelled (80% delivered)", or why there are no figures (never zeros). */
function recordText(record: CourierRecord): string {
  if (record.state === "not_configured") return "not configured";
  if (record.state === "unavailable") return "could not be read";
  const delivered = record.delivered!;
  const parcels = delivered + record.cancelled!;
  const share = parcels > 0 ? ` (${Math.round((delivered * 100) / parcels)}% delivered)` : "";
  return `${delivered} delivered, ${record.cancelled} cancelled${share}`;
}

/** Each courier's record of a number, every merchant's parcels, beside the shop's own counts. */
export function CourierRecords({ records }: { records: readonly CourierRecord[] }) {
  if (records.length === 0) return null;
  return (
    <div className="mt-2" data-testid="courier-records">
      <p className="text-xs text-stone-600">In the couriers&apos; networks (every shop)</p>
      <ul className="mt-1 space-y-0.5">
        {records.map((record) => (
          <li
            key={record.courier}
            data-testid="courier-record"
            data-state={record.state}
            className="flex flex-wrap gap-x-2 text-sm"
          >
            <span className="font-medium">{COURIER_NAMES[record.courier]}:</span>
            <span className={record.state === "ok" ? "" : "text-stone-500 italic"}>
              {recordText(record)}
            </span>
            {record.state === "ok" && record.checkedAt && (
              <span className="text-xs text-stone-500">
                checked {formatDate(record.checkedAt, true)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The suggestions for these orders (empty while loading, or when the request failed). */
export function useCourierSuggestions(orderIds: readonly string[]): CourierSuggestion[] {
  const key = orderIds.join(",");
  const answer = useAdminData(
    () =>
      orderIds.length > 0
        ? api.admin.courierSuggestions(orderIds)
        : Promise.resolve({ suggestions: [] }),
    `courier-suggestions:${key}`,
  );
  return answer.data?.suggestions ?? [];
}

/** The rule in a sentence, with its numbers. */
export function suggestionRule(suggestion: Pick<CourierSuggestion, "minParcels" | "days">): string {
  return `Rule: the highest share delivered in the order's district over the last ${suggestion.days} days, among couriers with at least ${suggestion.minParcels} delivered or returned parcels there (else over every district).`;
}

/** "Suggested: Steadfast. Steadfast: 92% delivered in Bhola (25 parcels); RedX: 80% (10)". */
export function SuggestionNote({ suggestion }: { suggestion: CourierSuggestion }) {
  return (
    <div
      className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950"
      data-testid="courier-suggestion"
      data-courier={suggestion.courier ?? ""}
    >
      <p className="font-medium">
        {suggestion.courier
          ? `Suggested: ${COURIER_NAMES[suggestion.courier]}`
          : `No suggestion yet: no courier has ${suggestion.minParcels} finished parcels to judge by`}
      </p>
      {suggestion.rates.length > 0 && <p>{describeRates(suggestion)}</p>}
      <p className="mt-1 text-xs text-sky-900/80">{suggestionRule(suggestion)}</p>
    </div>
  );
}
