import type { Express } from "express";
import { afterAll, beforeAll } from "vitest";
import { createApp, type CreateAppOptions } from "../../server/app";
import { resetEnvForTests } from "../../server/env";
import { startSmsGatewayStub, type SmsGatewayStub } from "../stubs/sms-gateway";

export interface SmsGatewayContext {
  sms: SmsGatewayStub;
  app: Express;
}

/**
 * Registers beforeAll/afterAll hooks for a test file that sends SMS: starts the BulkSMSBD stub,
 * points SMS_BASE_URL/SMS_API_KEY/SMS_SENDER_ID at it, re-reads the env and creates the app;
 * afterwards closes the stub and removes the variables again. `ready` receives the stub and
 * the app once they exist.
 */
export function useSmsGateway(
  ready: (context: SmsGatewayContext) => void,
  appOptions: CreateAppOptions = {},
): void {
  let sms: SmsGatewayStub | undefined;

  beforeAll(async () => {
    sms = await startSmsGatewayStub();
    process.env.SMS_BASE_URL = sms.url;
    process.env.SMS_API_KEY = sms.apiKey;
    process.env.SMS_SENDER_ID = sms.senderId;
    resetEnvForTests();
    ready({ sms, app: createApp(appOptions) });
  });

  afterAll(async () => {
    await sms?.close();
    delete process.env.SMS_BASE_URL;
    delete process.env.SMS_API_KEY;
    delete process.env.SMS_SENDER_ID;
    resetEnvForTests();
  });
}
