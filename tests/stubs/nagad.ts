import { generateKeyPairSync, randomUUID, type KeyObject } from "node:crypto";
import { decryptPkcs1, encryptPkcs1, signSha256, verifySha256 } from "../../server/lib/rsa";
import { readJson, startHttpStub } from "./http-stub";

/**
 * A local Nagad merchant checkout (API v-0.2.0) on 127.0.0.1 under /api/dfs, holding its own RSA
 * key pair and the merchant's public key: initialize and complete decrypt the sensitive data with
 * Nagad's private key and check the merchant's signature (refused otherwise), answer encrypted for
 * the merchant and signed by Nagad; the checkout page's redirect to the merchant's callback; verify;
 * purchase/cancel (refunds, up to what was paid). It fails or hangs on demand.
 */
type StubStatus = "Initiated" | "Success" | "Aborted" | "Failed";

interface StubPayment {
  paymentRefId: string;
  orderId: string;
  challenge: string;
  amount?: string;
  callbackURL?: string;
  additionalMerchantInfo?: unknown;
  status: StubStatus;
  issuerPaymentRefNo?: string;
  refunds: Array<{ cancelTrxId: string; cancelAmount: number; referenceNo: string }>;
}

export interface NagadStub {
  url: string;
  baseUrl: string;
  merchantId: string;
  /** The merchant's private key as the shop is given it: base64 DER (PKCS#8), no PEM armour. */
  merchantPrivateKey: string;
  /** Nagad's public key as the shop is given it: a PEM. */
  nagadPublicKey: string;
  payments: Map<string, StubPayment>;
  /** Each call as `<step> <path>`, and the X-KM headers of the last one. */
  calls: string[];
  lastHeaders: Record<string, string | undefined>;
  /** Signatures the stub refused (initialize, complete or cancel). */
  badSignatures: number;
  /** The next calls hang without answering (Nagad not answering). */
  hang: boolean;
  /** Answers are signed with a key that is not Nagad's (a forged or tampered answer). */
  forgeAnswers: boolean;
  /** Nagad refuses every call with this HTTP status (its `reason`/`message` shape). */
  failWith: number | undefined;
  /** The checkout page: the shopper pays or aborts; returns the URL Nagad sends the browser to. */
  visit(paymentRefId: string, outcome: "Success" | "Aborted" | "Failed"): string;
  close(): Promise<void>;
}

const PREFIX = "/api/dfs/";

function keyPair(): { publicKey: KeyObject; privateKey: KeyObject } {
  return generateKeyPairSync("rsa", { modulusLength: 2048 });
}

export async function startNagadStub(): Promise<NagadStub> {
  const nagad = keyPair();
  const merchant = keyPair();
  const impostor = keyPair();
  let issued = 7000;
  const pending = new Set<() => void>();
  const stub: NagadStub = {
    url: "",
    baseUrl: "",
    merchantId: "683002007104225",
    merchantPrivateKey: merchant.privateKey
      .export({ type: "pkcs8", format: "der" })
      .toString("base64"),
    nagadPublicKey: nagad.publicKey.export({ type: "spki", format: "pem" }).toString(),
    payments: new Map(),
    calls: [],
    lastHeaders: {},
    badSignatures: 0,
    hang: false,
    forgeAnswers: false,
    failWith: undefined,
    visit(paymentRefId, outcome) {
      const payment = stub.payments.get(paymentRefId);
      if (!payment?.callbackURL) throw new Error(`unknown payment ${paymentRefId}`);
      payment.status = outcome;
      if (outcome === "Success") payment.issuerPaymentRefNo = `NGD${(issued += 1)}`;
      const url = new URL(payment.callbackURL);
      url.searchParams.set("merchant", stub.merchantId);
      url.searchParams.set("order_id", payment.orderId);
      url.searchParams.set("payment_ref_id", paymentRefId);
      url.searchParams.set("status", outcome);
      url.searchParams.set("status_code", outcome === "Success" ? "00_0000_000" : "02_0000_000");
      url.searchParams.set("message", outcome === "Success" ? "Successful Transaction" : outcome);
      return url.toString();
    },
    close: async () => undefined,
  };

  /** The merchant's sealed fields, opened and signature-checked; undefined when refused. */
  function opened(sensitiveData: unknown, signature: unknown): Record<string, string> | undefined {
    if (typeof sensitiveData !== "string" || typeof signature !== "string") return undefined;
    let json: string;
    try {
      json = decryptPkcs1(nagad.privateKey, sensitiveData);
    } catch {
      return undefined;
    }
    if (!verifySha256(merchant.publicKey, json, signature)) {
      stub.badSignatures += 1;
      return undefined;
    }
    return JSON.parse(json) as Record<string, string>;
  }

  /** An answer sealed for the merchant: encrypted with its public key, signed by Nagad. */
  function sealed(fields: Record<string, unknown>) {
    const json = JSON.stringify(fields);
    return {
      sensitiveData: encryptPkcs1(merchant.publicKey, json),
      signature: signSha256((stub.forgeAnswers ? impostor : nagad).privateKey, json),
    };
  }

  const refusal = (reason: string, message: string) => ({ reason, message });
  const badSignature = refusal("InvalidSignature", "Signature verification failed");

  const server = await startHttpStub(async ({ req, url, send }) => {
    const path = url.pathname;
    if (!path.startsWith(PREFIX)) return send(404, refusal("NotFound", "Not Found"));
    const action = path.slice(PREFIX.length);
    stub.calls.push(`${req.method} ${action}`);
    stub.lastHeaders = {
      version: req.headers["x-km-api-version"] as string | undefined,
      ip: req.headers["x-km-ip-v4"] as string | undefined,
      client: req.headers["x-km-client-type"] as string | undefined,
    };
    if (stub.hang) {
      await new Promise<void>((resolve) => pending.add(resolve));
      return undefined;
    }
    if (stub.failWith) return send(stub.failWith, refusal("ServiceUnavailable", "System error"));
    const { version, ip, client } = stub.lastHeaders;
    if (version !== "v-0.2.0" || client !== "PC_WEB" || !/^\d+\.\d+\.\d+\.\d+$/.test(ip ?? ""))
      return send(400, refusal("InvalidHeader", "X-KM headers missing or invalid"));
    const body = req.method === "POST" ? await readJson(req) : {};

    const initialize = /^check-out\/initialize\/([^/]+)\/([^/]+)$/.exec(action);
    if (initialize && req.method === "POST") {
      const [, merchantId, orderId] = initialize;
      if (merchantId !== stub.merchantId)
        return send(400, refusal("InvalidMerchant", "Invalid merchant"));
      const fields = opened(body.sensitiveData, body.signature);
      if (!fields) return send(400, badSignature);
      if (
        fields.merchantId !== merchantId ||
        fields.orderId !== orderId ||
        !/^\d{14}$/.test(fields.datetime ?? "") ||
        body.dateTime !== fields.datetime ||
        !fields.challenge
      )
        return send(400, refusal("InvalidRequest", "Sensitive data does not match the request"));
      if ([...stub.payments.values()].some((payment) => payment.orderId === orderId))
        return send(400, refusal("DuplicateOrderId", "Order id already used"));
      const paymentRefId = `MTEyODA${randomUUID().replace(/-/g, "").slice(0, 20).toUpperCase()}`;
      const challenge = randomUUID().replace(/-/g, "");
      stub.payments.set(paymentRefId, {
        paymentRefId,
        orderId,
        challenge,
        status: "Initiated",
        refunds: [],
      });
      return send(200, {
        ...sealed({ paymentReferenceId: paymentRefId, challenge, acceptDateTime: fields.datetime }),
      });
    }

    const complete = /^check-out\/complete\/([^/]+)$/.exec(action);
    if (complete && req.method === "POST") {
      const payment = stub.payments.get(complete[1]);
      if (!payment) return send(400, refusal("InvalidPaymentRefId", "Invalid payment reference"));
      const fields = opened(body.sensitiveData, body.signature);
      if (!fields) return send(400, badSignature);
      if (
        fields.merchantId !== stub.merchantId ||
        fields.orderId !== payment.orderId ||
        fields.challenge !== payment.challenge ||
        fields.currencyCode !== "050" ||
        !(Number(fields.amount) > 0) ||
        typeof body.merchantCallbackURL !== "string"
      )
        return send(400, refusal("InvalidRequest", "Sensitive data does not match the payment"));
      payment.amount = fields.amount;
      payment.callbackURL = body.merchantCallbackURL;
      payment.additionalMerchantInfo = body.additionalMerchantInfo;
      return send(200, {
        status: "Success",
        callBackUrl: `${stub.url}/check-out/pay/${payment.paymentRefId}`,
      });
    }

    const verify = /^verify\/payment\/([^/]+)$/.exec(action);
    if (verify && req.method === "GET") {
      const payment = stub.payments.get(verify[1]);
      if (!payment) return send(400, refusal("InvalidPaymentRefId", "Invalid payment reference"));
      const lastRefund = payment.refunds.at(-1);
      return send(200, {
        merchantId: stub.merchantId,
        orderId: payment.orderId,
        paymentRefId: payment.paymentRefId,
        amount: payment.amount,
        clientMobileNo: payment.status === "Success" ? "017****5678" : null,
        merchantMobileNo: "01700000000",
        orderDateTime: "2026-11-28 10:00:00.0",
        issuerPaymentDateTime: payment.status === "Success" ? "2026-11-28 10:01:00.0" : null,
        issuerPaymentRefNo: payment.issuerPaymentRefNo ?? null,
        additionalMerchantInfo: payment.additionalMerchantInfo ?? null,
        status: payment.status,
        statusCode: payment.status === "Success" ? "000" : "001",
        cancelIssuerDateTime: lastRefund ? "2026-11-28 11:00:00.0" : null,
        cancelIssuerRefNo: lastRefund?.cancelTrxId ?? null,
      });
    }

    if (action === "purchase/cancel" && req.method === "POST") {
      const payment = stub.payments.get(url.searchParams.get("paymentRefId") ?? "");
      if (!payment || payment.orderId !== url.searchParams.get("orderId"))
        return send(400, refusal("InvalidPaymentRefId", "Invalid payment reference"));
      const fields = opened(body.sensitiveDataCancelRequest, body.signature);
      if (!fields) return send(400, badSignature);
      const refunded = payment.refunds.reduce((sum, refund) => sum + refund.cancelAmount, 0);
      const cancelAmount = Number(fields.cancelAmount);
      if (payment.status !== "Success")
        return send(400, refusal("InvalidTransaction", "Transaction is not successful"));
      if (
        fields.merchantId !== stub.merchantId ||
        Number(fields.originalAmount) !== Number(payment.amount) ||
        !/^\d{8}$/.test(fields.originalRequestDate ?? "") ||
        !fields.referenceNo
      )
        return send(400, refusal("InvalidRequest", "Cancel request does not match the payment"));
      if (!(cancelAmount > 0) || refunded + cancelAmount > Number(payment.amount))
        return send(400, refusal("InvalidCancelAmount", "Cancel amount exceeds the paid amount"));
      const cancelTrxId = `NGC${(issued += 1)}`;
      payment.refunds.push({ cancelTrxId, cancelAmount, referenceNo: fields.referenceNo });
      return send(200, {
        ...sealed({
          status: "Success",
          code: "00",
          originalAmount: fields.originalAmount,
          cancelAmount: fields.cancelAmount,
          cancelTrxId,
        }),
      });
    }
    return send(404, refusal("NotFound", "Not Found"));
  });
  stub.url = server.url;
  stub.baseUrl = `${server.url}/api/dfs`;
  stub.close = async () => {
    for (const release of pending) release();
    await server.close();
  };
  return stub;
}

/** The variables that point the shop at this stub. */
export function nagadEnv(stub: NagadStub): Record<string, string> {
  return {
    NAGAD_BASE_URL: stub.baseUrl,
    NAGAD_MERCHANT_ID: stub.merchantId,
    NAGAD_MERCHANT_PRIVATE_KEY: stub.merchantPrivateKey,
    NAGAD_PUBLIC_KEY: stub.nagadPublicKey,
  };
}
