import type { IncomingMessage } from "node:http";
import { readText, startHttpStub } from "./http-stub";

/**
 * A local BulkSMSBD gateway (BulkSMSBD's HTTP API) on 127.0.0.1: GET or POST /api/smsapi with
 * api_key, type, number, senderid, message. Records accepted messages; answers response_code 202,
 * 1003 for missing fields or a type other than `text` / `unicode`, 1002 for an unknown sender id,
 * 1007 when the balance is 0.
 */
export interface SentSms {
  apiKey: string;
  type: string;
  number: string;
  senderId: string;
  message: string;
}

export interface SmsGatewayStub {
  url: string;
  messages: SentSms[];
  apiKey: string;
  senderId: string;
  /** Set to 0 to make the gateway answer 1007 (balance insufficient). */
  balance: number;
  /** The last message sent to the local mobile number `phone` (the shop writes it 88 + number). */
  lastTo(phone: string): SentSms | undefined;
  /** The verification code of the last message sent to `phone`; throws when none was sent. */
  codeSentTo(phone: string): string;
  close(): Promise<void>;
}

/** The six-digit verification code in an SMS's text (English or Bangla); throws when there is none. */
export function otpIn(text: string): string {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no verification code in the SMS "${text}"`);
  return code;
}

async function readParams(req: IncomingMessage): Promise<URLSearchParams> {
  const url = new URL(req.url ?? "/", "http://stub");
  if (req.method !== "POST") return url.searchParams;
  const body = await readText(req);
  const params = new URLSearchParams(url.searchParams);
  const type = req.headers["content-type"] ?? "";
  const extra = type.includes("application/json")
    ? new URLSearchParams(JSON.parse(body || "{}") as Record<string, string>)
    : new URLSearchParams(body);
  for (const [key, value] of extra) params.set(key, value);
  return params;
}

export async function startSmsGatewayStub(
  options: { apiKey?: string; senderId?: string } = {},
): Promise<SmsGatewayStub> {
  const stub: SmsGatewayStub = {
    url: "",
    messages: [] as SentSms[],
    apiKey: options.apiKey ?? "test-sms-key",
    senderId: options.senderId ?? "8809617000000",
    balance: 100,
    lastTo: (phone: string) => stub.messages.findLast((sent) => sent.number === `88${phone}`),
    codeSentTo: (phone: string) => {
      const sent = stub.lastTo(phone);
      if (!sent) throw new Error(`no SMS was sent to ${phone}`);
      return otpIn(sent.message);
    },
    close: (): Promise<void> => Promise.resolve(),
  };
  let nextId = 1000;
  const server = await startHttpStub(async ({ req, res, url, send }) => {
    const answer = (code: number, error = "") =>
      send(200, {
        response_code: code,
        message_id: code === 202 ? nextId++ : undefined,
        success_message: code === 202 ? "SMS Submitted Successfully" : "",
        error_message: error,
      });
    if (url.pathname !== "/api/smsapi") {
      res.writeHead(404).end();
      return;
    }
    const params = await readParams(req);
    const apiKey = params.get("api_key") ?? "";
    const number = params.get("number") ?? "";
    const senderId = params.get("senderid") ?? "";
    const message = params.get("message") ?? "";
    if (!apiKey || !number || !message) return answer(1003, "Required fields missing");
    if (!["text", "unicode"].includes(params.get("type") ?? ""))
      return answer(1003, "Required fields missing");
    if (apiKey !== stub.apiKey) return answer(1011, "User Id not found");
    if (senderId !== stub.senderId) return answer(1002, "Sender Id/Masking Not Found");
    if (stub.balance <= 0) return answer(1007, "Balance Insufficient");
    stub.messages.push({ apiKey, type: params.get("type") ?? "", number, senderId, message });
    stub.balance -= 1;
    answer(202);
  });
  stub.url = server.url;
  stub.close = server.close;
  return stub;
}

/** The variables that point the shop at this stub. */
export function smsEnv(stub: SmsGatewayStub): Record<string, string> {
  return { SMS_BASE_URL: stub.url, SMS_API_KEY: stub.apiKey, SMS_SENDER_ID: stub.senderId };
}
