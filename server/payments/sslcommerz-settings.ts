import { secretField, textField } from "../lib/settings-fields.js";
import { defineGatewaySettings, gatewayValues } from "./settings.js";

/**
 * SSLCommerz's settings (docs/payments.md, "A gateway's settings"): the store id and password of
 * its merchant panel, with today's SSLCOMMERZ_* variables as first-start defaults. Its API client
 * (server/integrations/sslcommerz.ts) reads them here, never from the environment.
 */
export const sslCommerzSettings = defineGatewaySettings(
  "SSLCOMMERZ",
  {
    sandbox: "https://sandbox.sslcommerz.com",
    live: "https://securepay.sslcommerz.com",
    env: "SSLCOMMERZ_BASE_URL",
  },
  {
    storeId: textField("Store ID", "SSLCOMMERZ_STORE_ID"),
    storePassword: secretField("Store password", "SSLCOMMERZ_STORE_PASSWD"),
  },
);

export interface SslCommerzCredentials {
  storeId: string;
  storePassword: string;
  baseUrl: string;
}

/** What SSLCommerz's client sends (a field not set is empty: SSLCommerz refuses it). */
export async function sslCommerzCredentials(): Promise<SslCommerzCredentials> {
  const { storeId = "", storePassword = "", baseUrl } = await gatewayValues(sslCommerzSettings);
  return { storeId, storePassword, baseUrl };
}
