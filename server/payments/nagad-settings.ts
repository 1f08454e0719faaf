import { secretField, textField } from "../lib/settings-fields.js";
import { defineGatewaySettings, gatewayValues } from "./settings.js";

/** Room for a 4096-bit RSA key in PEM (about 3,300 characters for the private key). */
const RSA_KEY_LENGTH = 8000;

/**
 * Nagad's settings (docs/payments.md, "A gateway's settings" and "Nagad"): the merchant id, our
 * RSA private key and Nagad's public key, each a PEM or its base64 body, with today's NAGAD_*
 * variables as first-start defaults. Its API client (server/integrations/nagad.ts) reads them
 * here, never from the environment. The whitelisted server address and the timeout stay in the
 * environment: they belong to the machine, not to the merchant account.
 */
export const nagadSettings = defineGatewaySettings(
  "NAGAD",
  {
    sandbox: "http://sandbox.mynagad.com:10080/remote-payment-gateway-1.0/api/dfs",
    live: "https://api.mynagad.com/api/dfs",
    env: "NAGAD_BASE_URL",
  },
  {
    merchantId: textField("Merchant ID", "NAGAD_MERCHANT_ID"),
    merchantPrivateKey: secretField(
      "Merchant private key",
      "NAGAD_MERCHANT_PRIVATE_KEY",
      "PEM or its base64 body",
      RSA_KEY_LENGTH,
    ),
    nagadPublicKey: textField(
      "Nagad public key",
      "NAGAD_PUBLIC_KEY",
      "PEM or its base64 body, from Nagad's merchant onboarding",
      RSA_KEY_LENGTH,
    ),
  },
);

export interface NagadCredentials {
  merchantId: string;
  merchantPrivateKey: string;
  nagadPublicKey: string;
  baseUrl: string;
}

/** What Nagad's client signs and seals with (a field not set is empty: Nagad refuses it). */
export async function nagadCredentials(): Promise<NagadCredentials> {
  const {
    merchantId = "",
    merchantPrivateKey = "",
    nagadPublicKey = "",
    baseUrl,
  } = await gatewayValues(nagadSettings);
  return { merchantId, merchantPrivateKey, nagadPublicKey, baseUrl };
}
