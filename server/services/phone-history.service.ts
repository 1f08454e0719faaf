/**
 * Stand-in for customer history by phone (issue 19 item 2, built on its own branch): only the risk
 * level the advance delivery charge needs, with the rule "risky when the number has a returned
 * parcel and nothing delivered". The branch's version replaces this file when merged.
 */
import { Order } from "../../models/order.model.js";
import { normalizeBdMobile } from "#contract/phone";

export type PhoneRiskLevel = "new" | "good" | "risky" | "blocked";

export interface PhoneRisk {
  /** 01XXXXXXXXX */
  phone: string;
  level: PhoneRiskLevel;
}

/** The risk level of a delivery mobile (any written form), from its earlier orders. */
export async function phoneRiskOf(
  phone: string,
  options: { excludeOrderId?: string } = {},
): Promise<PhoneRisk> {
  const key = normalizeBdMobile(phone) ?? phone.trim();
  const match: Record<string, unknown> = { "shippingAddress.mobile": key };
  if (options.excludeOrderId) match._id = { $ne: options.excludeOrderId };
  const [returned, delivered] = await Promise.all([
    Order.countDocuments({ ...match, orderStatus: { $in: ["RETURNING", "RETURNED"] } }),
    Order.countDocuments({ ...match, orderStatus: "DELIVERED" }),
  ]);
  const level: PhoneRiskLevel =
    returned > 0 && delivered === 0 ? "risky" : returned + delivered === 0 ? "new" : "good";
  return { phone: key, level };
}
