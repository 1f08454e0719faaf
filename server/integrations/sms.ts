import { getEnv } from "../env.js";
import { logger } from "../lib/logger.js";
import { countSms } from "../lib/metrics.js";
import { toInternationalBdMobile } from "#contract/phone";
import { getShopSettings } from "../services/shop-settings.service.js";
import { MAX_SMS_SEGMENTS, smsSize } from "../lib/sms-encoding.js";

/**
 * The one way the shop sends an SMS. With SMS_BASE_URL and SMS_API_KEY it calls a BulkSMSBD-style
 * gateway (GET /api/smsapi, success is response_code 202) under the sender id of the shop settings
 * (first filled from SMS_SENDER_ID); without them, in development and tests,
 * the text is written to the server log, and in production it is refused. A text outside the GSM-7
 * alphabet (Bangla, ৳) goes with the gateway's Unicode type; one longer than MAX_SMS_SEGMENTS parts
 * is refused (lib/sms-encoding.ts).
 */
export interface SmsResult {
  delivered: boolean;
  via: "gateway" | "log";
  /** How many SMS parts the text costs. */
  segments: number;
  messageId?: string;
  error?: string;
}

export class SmsError extends Error {
  constructor(
    message: string,
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = "SmsError";
  }
}

/** Every SMS send, counted by outcome (docs/operations.md). */
export const sendSms = (localMobile: string, message: string): Promise<SmsResult> =>
  countSms(sendSmsUncounted(localMobile, message));

/** BulkSMSBD's `type`: `text` for GSM-7, `unicode` for anything else. */
export const SMS_GATEWAY_TYPES = { "GSM-7": "text", "UCS-2": "unicode" } as const;

async function sendSmsUncounted(localMobile: string, message: string): Promise<SmsResult> {
  const env = getEnv();
  const size = smsSize(message);
  if (size.segments > MAX_SMS_SEGMENTS)
    throw new SmsError(
      `SMS too long: ${size.segments} parts (${size.encoding}, ${size.length} units; at most ${MAX_SMS_SEGMENTS})`,
    );
  if (!env.SMS_BASE_URL || !env.SMS_API_KEY) {
    if (env.NODE_ENV === "production")
      throw new SmsError("SMS is not configured (set SMS_BASE_URL and SMS_API_KEY)");
    logger.info(
      { to: localMobile, sms: message, segments: size.segments },
      "SMS (not sent: no gateway configured)",
    );
    return { delivered: true, via: "log", segments: size.segments };
  }
  const url = new URL("/api/smsapi", env.SMS_BASE_URL);
  url.search = new URLSearchParams({
    api_key: env.SMS_API_KEY,
    type: SMS_GATEWAY_TYPES[size.encoding],
    number: toInternationalBdMobile(localMobile),
    senderid: (await getShopSettings()).sms.senderId,
    message,
  }).toString();
  let answer: { response_code?: number; message_id?: unknown; error_message?: string };
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    answer = (await response.json()) as typeof answer;
  } catch (error) {
    throw new SmsError(`SMS gateway unreachable: ${(error as Error).message}`);
  }
  if (answer.response_code !== 202)
    throw new SmsError(
      `SMS gateway refused the message (code ${answer.response_code}): ${answer.error_message ?? ""}`.trim(),
      answer.response_code,
    );
  return {
    delivered: true,
    via: "gateway",
    segments: size.segments,
    messageId: String(answer.message_id ?? ""),
  };
}
