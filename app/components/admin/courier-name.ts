import type { I18n } from "@lingui/core";
import { COURIER_NAMES, type CourierId } from "#contract/couriers";

/**
 * A courier's name as staff read it: the couriers' brands as they write them, and the shop's own
 * word for a parcel that went with some other courier ("Other courier") in the back office's
 * language. Takes an id, or a name the server answered (a manual shipment's courier as typed).
 */
export function courierName(i18n: I18n, courier: CourierId | string): string {
  const name = courier in COURIER_NAMES ? COURIER_NAMES[courier as CourierId] : courier;
  return name === COURIER_NAMES.manual ? i18n._("Other courier") : name;
}
