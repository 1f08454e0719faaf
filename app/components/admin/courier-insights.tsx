/**
 * What the couriers tell the owner before a parcel ships (docs/couriers.md, docs/cod.md): each
 * courier's record of the customer's number in its whole network, and the courier suggested for an
 * order from this shop's own delivered shares, with the rule and its numbers.
 */
import { formatDate, useAdminData } from "~/components/admin/common";
import { api } from "~/lib/admin-api-client";
import { COURIER_NAMES } from "#contract/couriers";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { toLocale } from "#contract/i18n";
import { cityName } from "~/lib/i18n/city-names";
import { formatCount, formatPercent } from "./admin-i18n";
import {
  describeRates,
  type CourierRecord,
  type CourierSuggestion,
} from "#contract/courier-insights";

/** "12 delivered, 3 cancelled (80% delivered)", or why there are no figures (never zeros). */
function recordText(i18n: I18n, record: CourierRecord): string {
  if (record.state === "not_configured") return i18n._("not configured");
  if (record.state === "unavailable") return i18n._("could not be read");
  const delivered = record.delivered!;
  const parcels = delivered + record.cancelled!;
  const counts = i18n._("{delivered} delivered, {cancelled} cancelled", {
    delivered: formatCount(delivered),
    cancelled: formatCount(record.cancelled),
  });
  if (parcels === 0) return counts;
  const share = formatPercent((delivered * 100) / parcels);
  return `${counts} (${i18n._("{share} delivered", { share })})`;
}

/** Each courier's record of a number, every merchant's parcels, beside the shop's own counts. */
export function CourierRecords({ records }: { records: readonly CourierRecord[] }) {
  const { i18n } = useLingui();
  if (records.length === 0) return null;
  return (
    <div className="mt-2" data-testid="courier-records">
      <p className="text-xs text-stone-600">{i18n._("In the couriers' networks (every shop)")}</p>
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
              {recordText(i18n, record)}
            </span>
            {record.state === "ok" && record.checkedAt && (
              <span className="text-xs text-stone-500">
                {i18n._("checked {date}", { date: formatDate(record.checkedAt, true) })}
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
export function suggestionRule(
  i18n: I18n,
  suggestion: Pick<CourierSuggestion, "minParcels" | "days">,
): string {
  return i18n._(
    "Rule: the highest share delivered in the order's district over the last {days} days, among couriers with at least {parcels} delivered or returned parcels there (else over every district).",
    { days: formatCount(suggestion.days), parcels: formatCount(suggestion.minParcels) },
  );
}

/** Each courier's delivered share (contract/courier-insights.ts's describeRates, in words). */
function ratesText(i18n: I18n, suggestion: CourierSuggestion): string {
  if (i18n.locale === "en") return describeRates(suggestion);
  const where =
    suggestion.scope === "district" && suggestion.district
      ? i18n._("in {district}", {
          district: cityName(suggestion.district.name, toLocale(i18n.locale)),
        })
      : i18n._("in every district");
  return suggestion.rates
    .map((rate, index) => {
      const share = formatPercent(rate.rate);
      const parcels = formatCount(rate.parcels);
      return index === 0
        ? i18n._("{courier}: {share} delivered {where} ({parcels} parcels)", {
            courier: rate.name,
            share,
            where,
            parcels,
          })
        : `${rate.name}: ${share} (${parcels})`;
    })
    .join("; ");
}

/** "Suggested: Steadfast. Steadfast: 92% delivered in Bhola (25 parcels); RedX: 80% (10)". */
export function SuggestionNote({ suggestion }: { suggestion: CourierSuggestion }) {
  const { i18n } = useLingui();
  return (
    <div
      className="rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950"
      data-testid="courier-suggestion"
      data-courier={suggestion.courier ?? ""}
    >
      <p className="font-medium">
        {suggestion.courier
          ? i18n._("Suggested: {courier}", { courier: COURIER_NAMES[suggestion.courier] })
          : i18n._("No suggestion yet: no courier has {parcels} finished parcels to judge by", {
              parcels: formatCount(suggestion.minParcels),
            })}
      </p>
      {suggestion.rates.length > 0 && <p>{ratesText(i18n, suggestion)}</p>}
      <p className="mt-1 text-xs text-sky-900/80">{suggestionRule(i18n, suggestion)}</p>
    </div>
  );
}
