/**
 * Online payments (docs/payments.md): one adapter per gateway behind the PaymentGateway interface,
 * the rules they share in the ledger, and this registry. The browser-carried callbacks are
 * untrusted: an order moves PENDING -> PLACED only after the gateway itself confirms that our
 * transaction was paid in full, in BDT; both moves are conditional updates and transaction ids
 * are unique, so a replayed callback or notification changes nothing the second time.
 */
import {
  ONLINE_PAYMENT_METHODS,
  isOnlinePaymentMethod,
  type OnlinePaymentMethod,
} from "#contract/payment-methods";
import type { PaymentStartedAnswer } from "#contract/answers/orders";
import type { PaymentGatewayAnswer } from "#contract/payment-gateways";
import type { ProviderSettingsUpdate } from "#contract/provider-settings";
import type { PaymentPurpose } from "#contract/order-status";
import type { ActingAdmin } from "../lib/acting-admin.js";
import { badRequest, conflict, notFound } from "../lib/http-error.js";
import { getOrderFor, type OrderReader } from "../services/orders.service.js";
import { bkashGateway } from "./bkash.js";
import type { PaymentGateway } from "./gateway.js";
import { nagadGateway } from "./nagad.js";
import { describeGateway, isGatewayConfigured, saveGatewaySettings } from "./settings.js";
import { sslCommerzGateway } from "./sslcommerz.js";

export {
  ANOTHER_PAYMENT_REASON,
  LATE_PAYMENT_REASON,
  NOT_PAYABLE_REASON,
  PAYMENT_OPEN_MESSAGE,
  paymentResultUrl,
} from "./ledger.js";

/**
 * Every online method of contract/payment-methods.ts, each with its gateway's adapter: a method
 * named there without an adapter here (or an adapter under the wrong method) fails the type
 * check, and nothing else in the server picks among gateways with if/else.
 */
export const PAYMENT_GATEWAYS: { [Method in OnlinePaymentMethod]: PaymentGateway<Method> } = {
  BKASH: bkashGateway,
  SSLCOMMERZ: sslCommerzGateway,
  NAGAD: nagadGateway,
};

export function paymentGateway(method: OnlinePaymentMethod): PaymentGateway {
  return PAYMENT_GATEWAYS[method];
}

/**
 * The online methods the shop can take money with right now: those whose gateway is switched on
 * with its settings complete, in the contract's order (bKash first). The checkout offers them
 * after cash on delivery, and an advance delivery charge is paid with one of them (docs/cod.md).
 */
export async function configuredGateways(): Promise<OnlinePaymentMethod[]> {
  const configured = await Promise.all(
    ONLINE_PAYMENT_METHODS.map((method) => isGatewayConfigured(PAYMENT_GATEWAYS[method].settings)),
  );
  return ONLINE_PAYMENT_METHODS.filter((_, index) => configured[index]);
}

/** An order's online method whose gateway is not configured is refused (400, translated). */
export async function assertGatewayConfigured(method: OnlinePaymentMethod): Promise<void> {
  const gateway = paymentGateway(method);
  if (!(await isGatewayConfigured(gateway.settings))) throw badRequest(gateway.unavailableMessage);
}

/** Starts an online payment for a PENDING order the reader may see; answers the gateway URL. */
export async function startPayment(
  orderId: string,
  reader: OrderReader,
): Promise<PaymentStartedAnswer> {
  const order = await getOrderFor(orderId, reader);
  const advance = order.paymentMethod === "COD" ? order.advanceDeliveryCharge : null;
  if (order.paymentMethod === "COD" && !advance)
    throw badRequest("This order is paid cash on delivery");
  if (order.orderStatus !== "PENDING")
    throw conflict("This order is not awaiting payment", "NOT_PAYABLE");
  const purpose: PaymentPurpose = advance ? "ADVANCE_DELIVERY_CHARGE" : "ORDER";
  const method = advance ? advance.method : order.paymentMethod;
  if (!isOnlinePaymentMethod(method)) throw badRequest("This order is paid cash on delivery");
  await assertGatewayConfigured(method);
  return paymentGateway(method).start(order, purpose);
}

/** Every gateway with whether the checkout offers it, its mode and settings (no secret's value). */
export function listPaymentGateways(): Promise<PaymentGatewayAnswer[]> {
  return Promise.all(
    ONLINE_PAYMENT_METHODS.map((method) => describeGateway(PAYMENT_GATEWAYS[method].settings)),
  );
}

/** Saves a gateway's settings (docs/payments.md, "A gateway's settings"); an unknown id is a 404. */
export function updatePaymentGatewaySettings(
  id: string,
  update: ProviderSettingsUpdate,
  admin: ActingAdmin,
): Promise<PaymentGatewayAnswer> {
  if (!isOnlinePaymentMethod(id)) throw notFound(`There is no payment gateway "${id}"`);
  return saveGatewaySettings(paymentGateway(id).settings, update, admin);
}
