/**
 * When a cash-on-delivery order pays its delivery charge online first (docs/cod.md, "Advance
 * delivery charge"): the shop settings' rules applied to an address, the amounts and, at
 * placement, the delivery phone's risk. The quote tells the shopper (the public rules only), the
 * placement asks for it, server/payments/ takes it.
 */
import { configuredGateways } from "../payments/index.js";
import { phoneRiskOf } from "./phone-history.service.js";
import { getShopSettings } from "./shop-settings.service.js";
import type { PhoneRisk } from "#contract/schemas/phone-history";
import type { AdvanceQuoteAnswer, AdvanceRule } from "#contract/advance-delivery-charge";

export const ADVANCE_METHOD_REQUIRED =
  "The delivery charge of this order is paid in advance: choose how to pay it online";
export const ADVANCE_METHOD_UNAVAILABLE =
  "That payment method is not available for the delivery charge; choose another";

export interface AdvanceInput {
  /** The address's zone is not Dhaka city's (docs/delivery-zones.md): suburbs count as outside. */
  outsideDhaka: boolean;
  /** Goods after every discount (the amount the "above" rule compares). */
  goods: number;
  deliveryCharge: number;
  /** The order's total (goods + delivery + tax). */
  total: number;
  /**
   * The order being placed: its delivery mobile, for the risky-number rule, and the risk level
   * when the placement has read it already. The quote passes none: anyone may ask it for any
   * number, so it answers from the public rules only (docs/cod.md, "What a number reveals").
   */
  placement?: {
    mobile: string;
    riskLevel?: PhoneRisk["level"];
    /** A poor record in the couriers' networks, when the shop asks an advance for it. */
    poorCourierRecord?: boolean;
  };
}

/**
 * The advance a cash-on-delivery order with these figures needs, or null: no rule matches, the
 * delivery is free (nothing to pay in advance), or no gateway is configured (the shop cannot take
 * it, so the order stays plain cash on delivery).
 */
export async function advanceFor(input: AdvanceInput): Promise<AdvanceQuoteAnswer | null> {
  if (input.deliveryCharge <= 0) return null;
  const rules = (await getShopSettings()).cod.advanceDeliveryCharge;
  const reasons: AdvanceRule[] = [];
  if (rules.outsideDhaka && input.outsideDhaka) reasons.push("outsideDhaka");
  if (rules.riskyNumbers && input.placement) {
    const { mobile, riskLevel } = input.placement;
    const level = riskLevel ?? (await phoneRiskOf(mobile)).level;
    if (level === "risky") reasons.push("riskyNumber");
  }
  if (rules.aboveAmount > 0 && input.goods >= rules.aboveAmount) reasons.push("aboveAmount");
  if (input.placement?.poorCourierRecord) reasons.push("courierRecord");
  const methods = await configuredGateways();
  if (reasons.length === 0 || methods.length === 0) return null;
  return {
    amount: input.deliveryCharge,
    collectOnDelivery: input.total - input.deliveryCharge,
    reasons,
    methods,
  };
}
