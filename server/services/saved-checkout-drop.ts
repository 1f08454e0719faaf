/**
 * A placed order drops the saved checkout of its phone (docs/call-list.md); an order that came
 * from the call list is recorded as recovered. Kept apart from incomplete-checkouts.service.ts,
 * which places orders itself, so the placement's steps do not import their own caller.
 */
import type mongoose from "mongoose";
import { Cart } from "../../models/cart.model.js";
import {
  IncompleteCheckout,
  RecoveredCheckout,
  type IncompleteCheckoutFields,
} from "../../models/incomplete-checkout.model.js";
import { normalizeBdMobile } from "#contract/phone";
import { logger } from "../lib/logger.js";
import type { Step } from "../lib/steps.js";

type SavedCheckout = IncompleteCheckoutFields & { _id: mongoose.Types.ObjectId };

/** How the order came from the call list, or undefined when nobody worked on the checkout. */
function recoveryOf(saved: SavedCheckout, convertedCheckout: string | undefined) {
  if (convertedCheckout !== undefined && saved._id.equals(convertedCheckout))
    return "converted" as const;
  if ((saved.smsCount ?? 0) > 0) return "sms" as const;
  if ((saved.calls ?? []).length > 0) return "call" as const;
  return undefined;
}

/**
 * Deletes the saved checkout matching `filter` with its cart, and records the order as recovered
 * when staff had worked on it or converted it (`convertedCheckout`: the id the call list turned
 * into this order). One guarded delete: of two orders at once, one records it.
 */
async function dropSavedCheckout(
  filter: { phone: string } | { _id: string },
  order: { _id: unknown },
  convertedCheckout: string | undefined,
): Promise<void> {
  const saved = (await IncompleteCheckout.findOneAndDelete(filter).lean()) as SavedCheckout | null;
  if (!saved) return;
  await Cart.deleteOne({ guestId: saved.cartId });
  const via = recoveryOf(saved, convertedCheckout);
  if (!via) return;
  await RecoveredCheckout.create({ order: order._id, phone: saved.phone, via, at: new Date() });
}

/**
 * The placement's step: drops the saved checkout of the order's number, and the one the order
 * converts (its number may have been corrected on the call), the converted one first so it is
 * the one recorded. Best effort, after the order stands (never fails the order).
 */
export const dropIncompleteCheckout: Step<{
  input: { shippingAddress: { mobile: string }; staff?: { convertedCheckout?: string } };
  order?: { _id: unknown };
}> = {
  name: "drop the saved checkout",
  async run({ input, order }) {
    if (!order) return;
    const converted = input.staff?.convertedCheckout;
    const phone = normalizeBdMobile(input.shippingAddress.mobile);
    const filters = [...(converted ? [{ _id: converted }] : []), ...(phone ? [{ phone }] : [])];
    for (const filter of filters)
      await dropSavedCheckout(filter, order, converted).catch((error: unknown) => {
        logger.warn({ err: error, order: String(order._id) }, "saved checkout not dropped");
      });
  },
};
