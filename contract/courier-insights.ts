/**
 * What the couriers tell the owner about an order before it ships (docs/couriers.md): a number's
 * delivery record in each courier's whole network (Steadfast's fraud check), and the courier this
 * shop delivers best with in the order's district. Shared by the server and the back office.
 */
import { z } from "zod";
import { COURIER_IDS, type CourierId } from "./couriers.js";

/**
 * How a courier's record of a number was read: `ok` (its figures), `unavailable` (the courier did
 * not answer in time or answered nonsense: the figures are unknown, never zero) or `not_configured`
 * (the shop has no credentials for it, so it was not asked).
 */
export const COURIER_RECORD_STATES = ["ok", "unavailable", "not_configured"] as const;
export type CourierRecordState = (typeof COURIER_RECORD_STATES)[number];

/** One courier's record of a number: its parcels to that number delivered and cancelled. */
export const CourierRecord = z.object({
  courier: z.enum(COURIER_IDS),
  /** Null unless `state` is `ok`: a record that could not be read is unknown, not zero. */
  delivered: z.number().int().nullable(),
  cancelled: z.number().int().nullable(),
  state: z.enum(COURIER_RECORD_STATES),
  /**
   * `ok`: when the courier answered (an answer kept from earlier keeps its time); `unavailable`:
   * when it was asked; `not_configured`: null.
   */
  checkedAt: z.string().nullable(),
});
export type CourierRecord = z.infer<typeof CourierRecord>;

/** A courier's finished parcels in a district (or the whole shop): delivered and returned. */
export const CourierRate = z.object({
  courier: z.enum(COURIER_IDS),
  name: z.string(),
  delivered: z.number().int(),
  /** Parcels that came back (RETURNING or RETURNED): refused at the door or undeliverable. */
  returned: z.number().int(),
  /** delivered + returned */
  parcels: z.number().int(),
  /** delivered / parcels, in whole per cent. */
  rate: z.number().int(),
});
export type CourierRate = z.infer<typeof CourierRate>;

/**
 * The suggestion for one order: `courier` is the one to book with (null: no courier has enough
 * parcels to judge), read from the order's district when one qualifies there, else from the whole
 * shop (`scope`). `rates` lists every bookable courier's figures in that scope, best first.
 */
export const CourierSuggestion = z.object({
  orderId: z.string(),
  courier: z.enum(COURIER_IDS).nullable(),
  scope: z.enum(["district", "shop"]),
  district: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Couriers with fewer finished parcels than this in the scope are listed but never suggested. */
  minParcels: z.number().int(),
  /** The window the rates are counted over, in days. */
  days: z.number().int(),
  rates: z.array(CourierRate),
});
export type CourierSuggestion = z.infer<typeof CourierSuggestion>;

/** `GET /api/admin/courier-suggestions?orderIds=a,b,c` (1 to 100 order ids). */
export const CourierSuggestionsQuery = z.object({
  orderIds: z
    .string()
    .transform((text) => [...new Set(text.split(",").map((id) => id.trim().toLowerCase()))])
    .pipe(
      z
        .array(z.string().regex(/^[0-9a-f]{24}$/, "Not an order id"))
        .min(1)
        .max(100),
    ),
});
export const CourierSuggestionsAnswer = z.object({ suggestions: z.array(CourierSuggestion) });
export type CourierSuggestionsAnswer = z.infer<typeof CourierSuggestionsAnswer>;

/** "Steadfast: 92% delivered in Bhola (25 parcels); RedX: 80% (10)": the rule's numbers in a line. */
export function describeRates(suggestion: CourierSuggestion): string {
  const where =
    suggestion.scope === "district" && suggestion.district
      ? `in ${suggestion.district.name}`
      : "in every district";
  return suggestion.rates
    .map((rate, index) =>
      index === 0
        ? `${rate.name}: ${rate.rate}% delivered ${where} (${rate.parcels} parcels)`
        : `${rate.name}: ${rate.rate}% (${rate.parcels})`,
    )
    .join("; ");
}

/** The couriers most often suggested among `suggestions`, most first (the bulk booking's hint). */
export function suggestionCounts(
  suggestions: readonly CourierSuggestion[],
): { courier: CourierId; orders: number }[] {
  const counts = new Map<CourierId, number>();
  for (const { courier } of suggestions)
    if (courier) counts.set(courier, (counts.get(courier) ?? 0) + 1);
  return [...counts]
    .map(([courier, orders]) => ({ courier, orders }))
    .sort(
      (a, b) =>
        b.orders - a.orders || COURIER_IDS.indexOf(a.courier) - COURIER_IDS.indexOf(b.courier),
    );
}
