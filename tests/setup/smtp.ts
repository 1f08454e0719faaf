import { afterAll, beforeAll, beforeEach } from "vitest";
import { startSmtpStub, type SmtpStub } from "../stubs/smtp";
import { setEnv } from "./env";

/**
 * Registers beforeAll/afterAll hooks for a test file whose shop sends email: starts the SMTP stub
 * and points SMTP_URL (plus `env`) at it, so register it before whatever creates the app
 * (`useSmsGateway`, a `createApp()` in a later beforeAll); afterwards closes the stub and restores
 * the variables. Each test starts with no messages. `ready` receives the stub once it runs.
 */
export function useSmtpServer(
  ready: (smtp: SmtpStub) => void,
  env: Record<string, string> = {},
): void {
  let smtp: SmtpStub | undefined;
  let restoreEnv: (() => void) | undefined;

  beforeAll(async () => {
    smtp = await startSmtpStub();
    restoreEnv = setEnv({ SMTP_URL: smtp.url, ...env });
    ready(smtp);
  });

  beforeEach(() => {
    if (smtp) smtp.messages.length = 0;
  });

  afterAll(async () => {
    await smtp?.close();
    restoreEnv?.();
  });
}
