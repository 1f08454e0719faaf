import { getEnv } from "../env.js";
import { logger } from "../lib/logger.js";
import { countSms } from "../lib/metrics.js";
import { toInternationalBdMobile } from "#contract/phone";
import { getShopSettings } from "../services/shop-settings.service.js";

/**
 * The one way the shop sends an SMS. With SMS_BASE_URL and SMS_API_KEY it calls a BulkSMSBD-style
 * gateway (GET /api/smsapi, success is response_code 202) under the sender id of the shop settings
 * (first filled from SMS_SENDER_ID); without them, in development and tests,
 * the text is written to the server log, and in production it is refused.
 */
export interface SmsResult {
  delivered: boolean;
  via: "gateway" | "log";
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

async function sendSmsUncounted(localMobile: string, message: string): Promise<SmsResult> {
  const env = getEnv();
  if (!env.SMS_BASE_URL || !env.SMS_API_KEY) {
    if (env.NODE_ENV === "production")
      throw new SmsError("SMS is not configured (set SMS_BASE_URL and SMS_API_KEY)");
    logger.info({ to: localMobile, sms: message }, "SMS (not sent: no gateway configured)");
    return { delivered: true, via: "log" };
  }
  const url = new URL("/api/smsapi", env.SMS_BASE_URL);
  url.search = new URLSearchParams({
    api_key: env.SMS_API_KEY,
    type: "text",
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
  return { delivered: true, via: "gateway", messageId: String(answer.message_id ?? "") };
}
