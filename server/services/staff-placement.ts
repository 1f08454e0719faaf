/**
 * Staff orders are placed once per submission (docs/order-desk.md, "One order per submission").
 * Each carries a key: the new-order form's idempotency key, or the saved checkout the call list
 * converts. The order stores it as `checkoutOf`, the field whose unique index already makes one
 * storefront cart one order, so a retried request, a double tap, or two staff converting one
 * checkout at once make one order: a key already placed answers that order instead.
 */
import { createHash } from "node:crypto";
import type mongoose from "mongoose";
import { Order, type OrderFields } from "../../models/order.model.js";
import { HttpError } from "../lib/http-error.js";
import { placeOrder, type PlaceOrderInput, type StaffEntry } from "./order-placement.js";
import type { OrderAnswer } from "./orders.service.js";
import {
  IDEMPOTENCY_KEY_REUSED_CODE,
  idempotencyKeyReusedMessage,
} from "#contract/schemas/staff-orders";

type StoredOrder = mongoose.HydratedDocument<OrderFields>;

/** The hash a retry's body must repeat: of the validated body, the key left out. */
export function submissionHash(body: object): string {
  return createHash("sha256").update(JSON.stringify(body)).digest("base64url");
}

/**
 * The order placed for this submission, or null. The same key with another body is refused (422):
 * the form that made an order was changed, so the staff member must see that order, not a twin.
 */
async function placedBefore({ submissionKey, bodyHash }: StaffEntry): Promise<StoredOrder | null> {
  const order = await Order.findOne({ checkoutOf: submissionKey });
  if (order && bodyHash !== undefined && order.submission?.bodyHash !== bodyHash)
    throw new HttpError(
      422,
      idempotencyKeyReusedMessage(order.orderNumber),
      IDEMPOTENCY_KEY_REUSED_CODE,
    );
  return order;
}

/**
 * Places the staff order once: the stored order, with the placement's answer (its tracking token)
 * when this call placed it, none when the submission had been placed already.
 */
export async function placeOnce(
  input: PlaceOrderInput & { staff: StaffEntry },
): Promise<{ order: StoredOrder; placed?: OrderAnswer }> {
  const earlier = await placedBefore(input.staff);
  if (earlier) return { order: earlier };
  try {
    const placed = await placeOrder(input);
    return { order: (await Order.findById(placed._id))!, placed };
  } catch (error) {
    // A twin request made the order while this one ran (this insert met the unique key, or the
    // code this one read was spent by the twin): its order is the answer.
    const twin = await placedBefore(input.staff);
    if (twin) return { order: twin };
    throw error;
  }
}
