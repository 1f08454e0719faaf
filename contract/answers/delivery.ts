/** Answers of /api/pathao/*: the address picker's lists and the delivery charge. */
import { z } from "zod";
import { DELIVERY_SOURCES } from "./cart.js";

/** Where the answer came from: Pathao, or the built-in table when Pathao is not configured. */
const source = z.enum(DELIVERY_SOURCES);

export const CitiesAnswer = z.object({
  source,
  cities: z.array(z.object({ city_id: z.number(), city_name: z.string() })),
});
export type CitiesAnswer = z.infer<typeof CitiesAnswer>;

export const ZonesAnswer = z.object({
  source,
  zones: z.array(z.object({ zone_id: z.number(), zone_name: z.string() })),
});
export type ZonesAnswer = z.infer<typeof ZonesAnswer>;

/** Pathao's areas carry more fields than the picker reads; they pass through as Pathao sends them. */
export const AreasAnswer = z.object({
  source,
  areas: z.array(z.looseObject({ area_id: z.number(), area_name: z.string() })),
});
export type AreasAnswer = z.infer<typeof AreasAnswer>;

export const DeliveryChargeAnswer = z.object({ deliveryCharge: z.number(), source });
export type DeliveryChargeAnswer = z.infer<typeof DeliveryChargeAnswer>;
