/** The back office's payment gateways' settings (docs/payments.md, "A gateway's settings"). */
import type { OnlinePaymentMethod } from "#contract/payment-methods";
import type { PaymentGatewayAnswer, PaymentGatewaysAnswer } from "#contract/payment-gateways";
import type { ProviderSettingsUpdate } from "#contract/provider-settings";
import { request, segment } from "./transport";

export const paymentGateways = {
  list: () => request<PaymentGatewaysAnswer>("/api/admin/payment-gateways"),
  save: (method: OnlinePaymentMethod, update: ProviderSettingsUpdate) =>
    request<PaymentGatewayAnswer>(`/api/admin/payment-gateways/${segment(method)}`, {
      method: "PUT",
      body: update,
    }),
};
