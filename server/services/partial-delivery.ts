import { Order } from "../../models/order.model.js";
import { getEnv } from "../env.js";
import { sendEmail } from "../integrations/email.js";
import { logger } from "../lib/logger.js";
import { orderLogFields } from "../lib/log-fields.js";
import { formatBDT } from "#contract/money";

/**
 * A parcel delivered in part (Steadfast `partial_delivered`, Pathao `partial-delivery`): the
 * shopper kept and paid for some items, the rider brings the rest back. The order becomes
 * DELIVERED (it has no partial state); its history entry says it was partial and what the courier
 * collected, and the owner is told by email, because the units that come back must be restocked by
 * hand and the cash differs from the COD amount (docs/couriers.md, "Partial delivery").
 */

/** What the courier's amount says, in the history note and the owner's email. */
function collectedLine(collected: number | undefined): string {
  return collected === undefined
    ? "The courier reported no collected amount: record it from its payout statement."
    : `The courier collected ${formatBDT(collected)}.`;
}

/** The note of the DELIVERED history entry of a partial delivery. */
export function partialDeliveryNote(status: string, collected: number | undefined): string {
  return `Partly delivered (${status}): the shopper kept part of the parcel; the rest comes back. ${collectedLine(collected)}`;
}

/**
 * Emails the owner (ADMIN_EMAIL, the back office's first admin) once, when the order has just
 * become DELIVERED by a partial delivery. Without SMTP_URL the log line is what remains; a mail
 * server that refuses is logged and never fails the courier's event.
 */
export async function tellOwnerOfPartialDelivery(
  orderId: string,
  status: string,
  collected: number | undefined,
): Promise<void> {
  const order = await Order.findById(orderId, {
    orderNumber: 1,
    totalDiscountedPrice: 1,
    paymentMethod: 1,
  }).lean();
  if (!order) return;
  logger.warn(
    { ...orderLogFields(order), status, collected },
    "parcel delivered in part: restock what comes back",
  );
  const link = new URL(`/admin/orders?open=${orderId}`, getEnv().PUBLIC_URL).toString();
  try {
    await sendEmail({
      to: getEnv().ADMIN_EMAIL,
      subject: `Order ${order.orderNumber} was delivered in part`,
      text: [
        `The courier reports order ${order.orderNumber} as partly delivered (${status}): the shopper kept part of the parcel and the rest is coming back to the shop.`,
        "",
        `Order total: ${formatBDT(order.totalDiscountedPrice)} (${order.paymentMethod}).`,
        collectedLine(collected),
        "Restock the items that come back when they arrive.",
        "",
        `The order: ${link}`,
      ].join("\n"),
    });
  } catch (error) {
    logger.warn({ err: error, ...orderLogFields(order) }, "partial delivery email not sent");
  }
}
