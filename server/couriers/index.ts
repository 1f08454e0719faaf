import { COURIER_NAMES, type CourierId } from "#contract/couriers";
import type { Courier } from "./courier.js";
import { manualCourier } from "./manual.js";
import { pathaoCourier } from "./pathao.js";
import { redxCourier } from "./redx.js";
import { steadfastCourier } from "./steadfast.js";

export * from "./courier.js";

/**
 * Every courier of contract/couriers.ts, by id, each holding its own adapter: a courier named
 * there without an adapter here (or an adapter under the wrong id) fails the type check, and
 * nothing else in the server picks among couriers with if/else.
 */
const COURIERS: { [Id in CourierId]: Courier<Id> } = {
  pathao: pathaoCourier,
  steadfast: steadfastCourier,
  redx: redxCourier,
  manual: manualCourier,
};

export function getCourier(id: CourierId): Courier {
  return COURIERS[id];
}

/** The name a courier is shown by (manual shipments carry the name the owner typed). */
export function courierName(id: CourierId): string {
  return COURIER_NAMES[id];
}

/** Every courier with whether it can book now (the back office's courier list). */
export function listCouriers(): { id: CourierId; name: string; configured: boolean }[] {
  return (Object.keys(COURIERS) as CourierId[]).map((id) => ({
    id,
    name: COURIER_NAMES[id],
    configured: COURIERS[id].configured(),
  }));
}
