import { Router } from "express";
import { PaymentGatewayAnswer, PaymentGatewaysAnswer } from "#contract/payment-gateways";
import { ProviderIdParams, ProviderSettingsUpdate } from "#contract/provider-settings";
import { actingAdmin } from "../lib/acting-admin.js";
import { canStoreSecrets } from "../lib/provider-settings.js";
import { endpoint } from "../middleware/validate.js";
import { listPaymentGateways, updatePaymentGatewaySettings } from "../payments/index.js";

/** The payment gateways' settings in the back office (docs/payments.md, "A gateway's settings"). */
export const adminPaymentGatewaysRouter = Router();
const PREFIX = "/api/admin/payment-gateways";
const common = { tags: ["admin", "payments"], permission: "gateways.configure" as const };

endpoint(adminPaymentGatewaysRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/",
  summary:
    "Every payment gateway: whether the checkout offers it (switched on and configured), its mode, and each setting (secrets only as set / not set)",
  responses: { 200: { description: "The gateways", schema: PaymentGatewaysAnswer } },
  handler: async () => ({
    gateways: await listPaymentGateways(),
    canStoreSecrets: canStoreSecrets(),
  }),
});

endpoint(adminPaymentGatewaysRouter, PREFIX, {
  ...common,
  method: "put",
  path: "/:id",
  summary:
    "Saves a gateway's credentials, mode and switch (a secret left out or empty keeps its value, null clears it); logged in the settings log without values of secrets",
  params: ProviderIdParams,
  body: ProviderSettingsUpdate,
  responses: {
    200: { description: "The gateway's new state", schema: PaymentGatewayAnswer },
    400: { description: "A field it does not have or a value refused (errors name them)" },
    404: { description: "No such gateway" },
    409: { description: "Saved by someone else since the form was loaded" },
  },
  handler: ({ params, body }, req) =>
    updatePaymentGatewaySettings(params.id, body, actingAdmin(req)),
});
