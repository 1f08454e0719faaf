/**
 * The online payment gateways the shop can take money with right now: those whose credentials are
 * set, bKash first. The checkout offers them after cash on delivery, and an advance delivery
 * charge is paid with one of them (docs/cod.md).
 */
import { ADVANCE_METHODS, type AdvanceMethod } from "#contract/advance-delivery-charge";
import { isBkashConfigured } from "./bkash.js";
import { isSslCommerzConfigured } from "./sslcommerz.js";

export function configuredGateways(): AdvanceMethod[] {
  return ADVANCE_METHODS.filter((method) =>
    method === "BKASH" ? isBkashConfigured() : isSslCommerzConfigured(),
  );
}
