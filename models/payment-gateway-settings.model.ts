import { providerSettingsModel } from "./provider-settings.model.js";

/**
 * The payment gateways' settings (collection `payment_gateway_settings`, `_id` the online payment
 * method, `BKASH`): docs/payments.md, "A gateway's settings".
 */
export const PaymentGatewaySettingsModel = providerSettingsModel(
  "PaymentGatewaySettings",
  "payment_gateway_settings",
);
