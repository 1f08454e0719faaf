import {
  COURIER_IDS,
  COURIER_NAMES,
  type CourierAnswer,
  type CourierId,
  type CourierSettingsUpdate,
} from "#contract/couriers";
import type { ActingAdmin } from "../lib/acting-admin.js";
import { notFound } from "../lib/http-error.js";
import { describeCourier, saveCourierSettings } from "../services/courier-settings.service.js";
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

/** Every courier with whether it can book now and its settings, secrets as set / not set only. */
export async function listCouriers(): Promise<CourierAnswer[]> {
  return Promise.all(COURIER_IDS.map((id) => describeCourier(COURIERS[id].settings)));
}

/** The courier of a path's id; an id no courier has is a 404. */
function courierOf(id: string): Courier {
  if (!Object.hasOwn(COURIERS, id)) throw notFound(`There is no courier "${id}"`);
  return COURIERS[id as CourierId];
}

/** Saves a courier's settings (docs/couriers.md, "Configuration"); answers its new state. */
export function updateCourierSettings(
  id: string,
  update: CourierSettingsUpdate,
  admin: ActingAdmin,
): Promise<CourierAnswer> {
  return saveCourierSettings(courierOf(id).settings, update, admin);
}
