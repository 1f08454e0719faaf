import type { Transporter } from "nodemailer";
import { getEnv } from "../env.js";

/**
 * The one way the shop sends an email: nodemailer over `SMTP_URL` (e.g. smtp://user:pass@host:587),
 * from `EMAIL_FROM`. Without `SMTP_URL` email is simply off: nothing is sent and nothing fails.
 * A configured server that refuses or cannot be reached rejects with an `EmailError`.
 */
export interface EmailResult {
  delivered: boolean;
  via: "smtp" | "off";
  messageId?: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export class EmailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmailError";
  }
}

let transport: { url: string; transporter: Transporter } | undefined;

/** nodemailer is loaded on the first email: a shop without SMTP never pays for it at start. */
async function transporterFor(url: string): Promise<Transporter> {
  // Loaded before the check, so two first emails cannot each make (and close) a transport.
  const { default: nodemailer } = await import("nodemailer");
  if (transport?.url !== url) {
    transport?.transporter.close();
    transport = {
      url,
      transporter: nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return transport.transporter;
}

export function isEmailConfigured(): boolean {
  return Boolean(getEnv().SMTP_URL);
}

export async function sendEmail(message: EmailMessage): Promise<EmailResult> {
  const env = getEnv();
  if (!env.SMTP_URL) return { delivered: false, via: "off" };
  try {
    const info = (await (
      await transporterFor(env.SMTP_URL)
    ).sendMail({
      from: env.EMAIL_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
    })) as { messageId?: string };
    return { delivered: true, via: "smtp", messageId: info.messageId };
  } catch (error) {
    throw new EmailError(`Email not sent: ${(error as Error).message}`);
  }
}
