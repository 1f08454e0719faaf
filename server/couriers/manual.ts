import { TRACKING_PLACEHOLDER } from "#contract/couriers";
import { CourierRefusal, type Courier } from "./courier.js";
import { defineCourierSettings } from "./settings.js";

/**
 * Any other courier (Sundarban, SA Paribahan, eCourier...) or the shop's own rider: nothing to
 * call. The owner hands the parcel over and types the courier's name and the number it gave, and
 * may give a tracking link with `{tracking}` where the number goes. Recording it is the hand-over,
 * so the order moves to SHIPPED; later moves (delivered, returned) are the owner's, as before.
 */
export const HANDED_OVER = "handed-over";

export const manualCourier: Courier<"manual"> = {
  id: "manual",
  // Nothing to sign in to: only the switch.
  settings: defineCourierSettings("manual", {}, () => true),
  notConfiguredMessage: "",
  // Also after "Mark shipped": the tracking number can be added once the parcel has left.
  bookableFrom: ["PLACED", "CONFIRMED", "SHIPPED"],
  async book(_parcel, manual) {
    const trackingNumber = manual.trackingNumber?.trim();
    const courierName = manual.courierName?.trim();
    // The request schema already asks for both; this guards a caller that skipped it.
    if (!trackingNumber || !courierName)
      throw new CourierRefusal(
        "manual",
        "A manual shipment needs a courier name and tracking number",
        422,
      );
    const template = manual.trackingUrlTemplate?.trim();
    return {
      consignmentId: trackingNumber,
      trackingNumber,
      courierName,
      trackingUrl: template
        ? template.replaceAll(TRACKING_PLACEHOLDER, encodeURIComponent(trackingNumber))
        : null,
      status: HANDED_OVER,
    };
  },
  // Nothing to book in bulk: each needs its own number, typed by the owner.
  bookMany: async (parcels) =>
    parcels.map((parcel) => ({
      orderNumber: parcel.orderNumber,
      ok: false as const,
      error: new CourierRefusal("manual", "A manual shipment is recorded one order at a time", 422),
    })),
  orderMove: (status) => (status === HANDED_OVER ? "SHIPPED" : undefined),
  // Nobody to ask: the owner's record is let go (a wrong number, a parcel taken back).
  cancel: async () => undefined,
};
