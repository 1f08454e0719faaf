import type { Express } from "express";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createApp, type CreateAppOptions } from "../../server/app";
import { smsEnv, startSmsGatewayStub, type SmsGatewayStub } from "../stubs/sms-gateway";
import { getEnv } from "../../server/env";
import { setEnv } from "./env";

export interface SmsGatewayContext {
  sms: SmsGatewayStub;
  app: Express;
}

/**
 * Registers beforeAll/afterAll hooks for a test file that sends SMS: starts the BulkSMSBD stub,
 * points SMS_BASE_URL/SMS_API_KEY/SMS_SENDER_ID at it, re-reads the env and creates the app;
 * afterwards closes the stub and removes the variables again. Each test starts with no messages. `ready` receives the stub and
 * the app once they exist.
 */
export function useSmsGateway(
  ready: (context: SmsGatewayContext) => void,
  appOptions: CreateAppOptions = {},
): void {
  let sms: SmsGatewayStub | undefined;
  let restoreEnv: (() => void) | undefined;

  beforeAll(async () => {
    sms = await startSmsGatewayStub();
    restoreEnv = setEnv(smsEnv(sms));
    ready({ sms, app: createApp(appOptions) });
  });

  beforeEach(() => {
    if (sms) sms.messages.length = 0;
  });

  afterAll(async () => {
    await sms?.close();
    restoreEnv?.();
  });
}

/**
 * The end of an order's "placed" SMS: the tracking page's address in the order's language (the
 * shop's PUBLIC_URL, as the test's environment sets it).
 */
export function placedSmsLink(locale: "en" | "bn"): string {
  const base = getEnv().PUBLIC_URL.replace(/\/$/, "");
  return locale === "bn" ? ` ট্র্যাক করুন: ${base}/bn/order/track` : ` Track it: ${base}/order/track`;
}
