/**
 * Nagad's merchant checkout API (v-0.2.0): initialize, complete, verify and purchase/cancel
 * (docs/payments.md, "Nagad"). What we send that matters is encrypted for Nagad (RSA PKCS#1 v1.5
 * with Nagad's public key) and signed with our private key (SHA256withRSA); what Nagad sends back
 * encrypted is for our private key, and its signature is checked with Nagad's public key.
 */
import { randomBytes, type KeyObject } from "node:crypto";
import { getEnv } from "../env.js";
import { decryptPkcs1, encryptPkcs1, readRsaKey, signSha256, verifySha256 } from "../lib/rsa.js";
import { nagadCredentials, type NagadCredentials } from "../payments/nagad-settings.js";

export class NagadError extends Error {
  constructor(
    message: string,
    /** Nagad's own word for the refusal (`reason`), when it gave one. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = "NagadError";
  }
}

/** Nagad's answers: JSON objects; a refusal carries `reason` and `message`. */
type NagadAnswer = Record<string, unknown> & { reason?: string; message?: string };

/** Nagad's verify/payment answer on one payment reference. */
export type NagadVerifyAnswer = NagadAnswer & {
  status?: string;
  amount?: string | number;
  orderId?: string;
  paymentRefId?: string;
  issuerPaymentRefNo?: string;
  /** Nagad's id of a purchase/cancel (refund) made on this payment. */
  cancelIssuerRefNo?: string | null;
};

/** Sent as X-KM-IP-V4 when NAGAD_SERVER_IP is unset (Nagad's sandbox accepts it). */
const LOOPBACK_IPV4 = "127.0.0.1";

let keys: { source: string; merchant: KeyObject; nagad: KeyObject } | undefined;

/**
 * Our private key and Nagad's public key, read once per setting. A key that is not one (saved
 * wrong in the back office) is a NagadError: the payment fails as when Nagad refuses.
 */
function rsaKeys(credentials: NagadCredentials): { merchant: KeyObject; nagad: KeyObject } {
  const source = `${credentials.merchantPrivateKey}|${credentials.nagadPublicKey}`;
  if (keys?.source !== source) {
    try {
      keys = {
        source,
        merchant: readRsaKey(credentials.merchantPrivateKey, "private"),
        nagad: readRsaKey(credentials.nagadPublicKey, "public"),
      };
    } catch (error) {
      throw new NagadError(
        `Nagad's keys in the settings are not RSA keys: ${(error as Error).message}`,
      );
    }
  }
  return keys;
}

/** Nagad's time format, YYYYMMDDHHmmss, in Bangladesh's time (UTC+6, no daylight saving). */
export function dhakaDateTime(at: Date = new Date()): string {
  return new Date(at.getTime() + 6 * 3_600_000).toISOString().replace(/\D/g, "").slice(0, 14);
}

/** `fields` as Nagad takes sensitive data: JSON encrypted for Nagad, and our signature of it. */
function sealed(
  credentials: NagadCredentials,
  fields: Record<string, string>,
): { sensitiveData: string; signature: string } {
  const { merchant, nagad } = rsaKeys(credentials);
  const json = JSON.stringify(fields);
  return { sensitiveData: encryptPkcs1(nagad, json), signature: signSha256(merchant, json) };
}

/** An encrypted answer's fields, once Nagad's signature of them is checked. */
function opened(credentials: NagadCredentials, answer: NagadAnswer): Record<string, unknown> {
  const { merchant, nagad } = rsaKeys(credentials);
  if (typeof answer.sensitiveData !== "string" || typeof answer.signature !== "string")
    throw new NagadError("Nagad's answer carries no sensitive data");
  let json: string;
  try {
    json = decryptPkcs1(merchant, answer.sensitiveData);
  } catch {
    throw new NagadError("Nagad's answer could not be decrypted with our key");
  }
  if (!verifySha256(nagad, json, answer.signature))
    throw new NagadError("Nagad's signature of its answer does not verify");
  return JSON.parse(json) as Record<string, unknown>;
}

async function call(
  credentials: NagadCredentials,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<{ status: number; body: NagadAnswer }> {
  const response = await fetch(`${credentials.baseUrl.replace(/\/+$/, "")}/${path}`, {
    method,
    headers: {
      accept: "application/json",
      "content-type": "application/json",
      "X-KM-Api-Version": "v-0.2.0",
      "X-KM-IP-V4": getEnv().NAGAD_SERVER_IP ?? LOOPBACK_IPV4,
      "X-KM-Client-Type": "PC_WEB",
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(getEnv().NAGAD_TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => ({}))) as NagadAnswer;
  return { status: response.status, body: answer };
}

function refusal(step: string, status: number, answer: NagadAnswer): NagadError {
  const words = [answer.reason, answer.message].filter((word) => typeof word === "string");
  return new NagadError(
    `Nagad ${step} refused: ${words.join(": ") || `HTTP ${status}`}`,
    answer.reason,
  );
}

/**
 * Opens a payment for our order id (alphanumeric, unique per attempt) and completes it with the
 * amount in taka: answers Nagad's payment reference and the page to send the shopper to.
 */
export async function startNagadPayment(input: {
  orderId: string;
  amount: number;
  callbackUrl: string;
  additionalMerchantInfo: Record<string, string>;
}): Promise<{ paymentReferenceId: string; callBackUrl: string; raw: NagadAnswer }> {
  const credentials = await nagadCredentials();
  const { merchantId } = credentials;
  const dateTime = dhakaDateTime();
  const initialize = await call(
    credentials,
    "POST",
    `check-out/initialize/${encodeURIComponent(merchantId)}/${encodeURIComponent(input.orderId)}`,
    {
      dateTime,
      ...sealed(credentials, {
        merchantId,
        datetime: dateTime,
        orderId: input.orderId,
        challenge: randomBytes(20).toString("hex"),
      }),
    },
  );
  if (initialize.status !== 200 || initialize.body.reason)
    throw refusal("initialize", initialize.status, initialize.body);
  const { paymentReferenceId, challenge } = opened(credentials, initialize.body);
  if (typeof paymentReferenceId !== "string" || typeof challenge !== "string")
    throw new NagadError("Nagad's initialize answer lacks its payment reference or challenge");
  const complete = await call(
    credentials,
    "POST",
    `check-out/complete/${encodeURIComponent(paymentReferenceId)}`,
    {
      ...sealed(credentials, {
        merchantId,
        orderId: input.orderId,
        currencyCode: "050",
        amount: input.amount.toFixed(2),
        challenge,
      }),
      merchantCallbackURL: input.callbackUrl,
      additionalMerchantInfo: input.additionalMerchantInfo,
    },
  );
  const { callBackUrl } = complete.body;
  if (
    complete.status !== 200 ||
    complete.body.status !== "Success" ||
    typeof callBackUrl !== "string"
  )
    throw refusal("complete", complete.status, complete.body);
  return { paymentReferenceId, callBackUrl, raw: complete.body };
}

/** What Nagad says became of a payment reference (its verify call; nothing is encrypted). */
export async function verifyNagadPayment(paymentReferenceId: string): Promise<NagadVerifyAnswer> {
  const { status, body } = await call(
    await nagadCredentials(),
    "GET",
    `verify/payment/${encodeURIComponent(paymentReferenceId)}`,
  );
  if (status !== 200 || body.reason) throw refusal("verify", status, body);
  return body as NagadVerifyAnswer;
}

/**
 * Refunds part or all of a paid payment (Nagad's purchase/cancel): answers Nagad's decrypted,
 * signature-checked answer (`status` "Success" and its `cancelTrxId` when done). A refusal with
 * Nagad's reason is a NagadError; a transport failure or timeout is thrown as it came.
 */
export async function cancelNagadPayment(input: {
  paymentReferenceId: string;
  orderId: string;
  /** The day the payment was made, YYYYMMDD in Bangladesh's time. */
  originalRequestDate: string;
  originalAmount: number;
  cancelAmount: number;
  referenceNo: string;
  referenceMessage: string;
}): Promise<Record<string, unknown>> {
  const credentials = await nagadCredentials();
  const sealedRequest = sealed(credentials, {
    merchantId: credentials.merchantId,
    originalRequestDate: input.originalRequestDate,
    originalAmount: input.originalAmount.toFixed(2),
    cancelAmount: input.cancelAmount.toFixed(2),
    referenceNo: input.referenceNo,
    referenceMessage: input.referenceMessage,
  });
  const query = new URLSearchParams({
    paymentRefId: input.paymentReferenceId,
    orderId: input.orderId,
  });
  const { status, body } = await call(credentials, "POST", `purchase/cancel?${query.toString()}`, {
    sensitiveDataCancelRequest: sealedRequest.sensitiveData,
    signature: sealedRequest.signature,
  });
  if (status !== 200 || body.reason) throw refusal("refund", status, body);
  return opened(credentials, body);
}
