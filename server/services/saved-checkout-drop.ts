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
import type { CartOwner } from "./cart.service.js";

type SavedCheckout = IncompleteCheckoutFields & { _id: mongoose.Types.ObjectId };

/** How the order came from the call list, or undefined when nobody worked on the checkout. */
function recoveryOf(saved: SavedCheckout, owner: CartOwner | undefined) {
  if (owner && "guestId" in owner && owner.guestId === saved.cartId) return "converted" as const;
  if ((saved.smsCount ?? 0) > 0) return "sms" as const;
  if ((saved.calls ?? []).length > 0) return "call" as const;
  return undefined;
}

/**
 * Deletes the saved checkout matching `filter` with its cart, and records the order as recovered
 * when staff had worked on it. One guarded delete: of two orders at once, one records it.
 */
export async function dropSavedCheckout(
  filter: { phone: string } | { _id: mongoose.Types.ObjectId },
  order: { _id: unknown },
  owner?: CartOwner,
): Promise<void> {
  const saved = (await IncompleteCheckout.findOneAndDelete(filter).lean()) as SavedCheckout | null;
  if (!saved) return;
  await Cart.deleteOne({ guestId: saved.cartId });
  const via = recoveryOf(saved, owner);
  if (!via) return;
  await RecoveredCheckout.create({ order: order._id, phone: saved.phone, via, at: new Date() });
}

/** The placement's step: best effort, after the order stands (never fails the order). */
export const dropIncompleteCheckout: Step<{
  input: { shippingAddress: { mobile: string } };
  owner?: CartOwner;
  order?: { _id: unknown };
}> = {
  name: "drop the saved checkout",
  async run({ input, owner, order }) {
    const phone = normalizeBdMobile(input.shippingAddress.mobile);
    if (!phone || !order) return;
    await dropSavedCheckout({ phone }, order, owner).catch((error: unknown) => {
      logger.warn({ err: error, order: String(order._id) }, "saved checkout not dropped");
    });
  },
};
