import { secretField, textField } from "../lib/settings-fields.js";
import { defineGatewaySettings, gatewayValues } from "./settings.js";

/**
 * bKash's settings (docs/payments.md, "A gateway's settings"): the four credentials of bKash's
 * merchant onboarding, with today's BKASH_* variables as first-start defaults. Its API client
 * (server/integrations/bkash.ts) reads them here, never from the environment.
 */
export const bkashSettings = defineGatewaySettings(
  "BKASH",
  {
    sandbox: "https://tokenized.sandbox.bka.sh/v1.2.0-beta",
    live: "https://tokenized.pay.bka.sh/v1.2.0-beta",
    env: "BKASH_BASE_URL",
  },
  {
    appKey: secretField("App key", "BKASH_APP_KEY"),
    appSecret: secretField("App secret", "BKASH_APP_SECRET"),
    username: textField("Username", "BKASH_USERNAME"),
    password: secretField("Password", "BKASH_PASSWORD"),
  },
);

export interface BkashCredentials {
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  baseUrl: string;
}

/** What bKash's client signs in with (a field not set is empty: bKash refuses it). */
export async function bkashCredentials(): Promise<BkashCredentials> {
  const {
    appKey = "",
    appSecret = "",
    username = "",
    password = "",
    baseUrl,
  } = await gatewayValues(bkashSettings);
  return { appKey, appSecret, username, password, baseUrl };
}
