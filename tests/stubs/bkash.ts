import { randomUUID } from "node:crypto";
import { readJson, startHttpStub } from "./http-stub";

/**
 * A local bKash Tokenized Checkout (bKash's Tokenized Checkout API) on 127.0.0.1, under
 * /v1.2.0-beta/tokenized/checkout: token grant/refresh (checks username/password headers),
 * create (bkashURL on the stub), the wallet page's redirect, execute (Completed once, then 2117;
 * 2023 for the "poor" wallet; 2056 before the shopper approved), payment status, and refunds:
 * the refund call (at most what is left of the payment; the same path at the v2 address) and, the
 * same call with only paymentID and trxID, the refunds made (one refund's fields, or a list).
 */
export const POOR_WALLET = "01823074817";

interface StubPayment {
  paymentID: string;
  amount: string;
  currency: string;
  intent: string;
  merchantInvoiceNumber: string;
  payerReference: string;
  callbackURL: string;
  transactionStatus: "Initiated" | "Completed" | "Cancelled" | "Failed";
  approvedBy?: string;
  trxID?: string;
}

export interface StubRefund {
  refundTrxID: string;
  amount: string;
  sku: string;
  reason: string;
  transactionStatus: "Completed";
}

/** Where newer (v2) accounts refund, under the version root. */
export const BKASH_V2_REFUND_PATH = "/v2/tokenized-checkout/refund/payment/transaction";

export interface BkashStub {
  url: string;
  baseUrl: string;
  appKey: string;
  appSecret: string;
  username: string;
  password: string;
  payments: Map<string, StubPayment>;
  grants: number;
  executes: string[];
  queries: string[];
  /** Makes the next execute calls answer HTTP 500 after completing (the "in doubt" case). */
  failExecuteTransport: boolean;
  /** Refunds made, by the payment's trxID. */
  refunds: Map<string, StubRefund[]>;
  /** The refund calls' paths, in order. */
  refundCalls: string[];
  /** Refuses refunds with this error while set (bKash's own refusal: nothing is refunded). */
  refuseRefunds: { statusCode: string; statusMessage: string } | null;
  /** Makes a refund, then answers only after this many milliseconds (a timeout on our side). */
  refundDelayMs: number;
  /** The wallet page: the shopper approves, fails or cancels; returns the callback URL bKash redirects to. */
  visit(paymentID: string, outcome: "success" | "failure" | "cancel", wallet?: string): string;
  close(): Promise<void>;
}

const PREFIX = "/v1.2.0-beta/tokenized/checkout";

export async function startBkashStub(): Promise<BkashStub> {
  const tokens = new Set<string>();
  const stub: BkashStub = {
    url: "",
    baseUrl: "",
    appKey: "stub-app-key",
    appSecret: "stub-app-secret",
    username: "sandboxTokenizedUser02",
    password: "sandboxTokenizedUser02@12345",
    payments: new Map(),
    grants: 0,
    executes: [],
    queries: [],
    failExecuteTransport: false,
    refunds: new Map(),
    refundCalls: [],
    refuseRefunds: null,
    refundDelayMs: 0,
    visit(paymentID, outcome, wallet = "01770618575") {
      const payment = stub.payments.get(paymentID);
      if (!payment) throw new Error(`unknown payment ${paymentID}`);
      if (outcome === "success") payment.approvedBy = wallet;
      const url = new URL(payment.callbackURL);
      url.searchParams.set("paymentID", paymentID);
      url.searchParams.set("status", outcome);
      url.searchParams.set("signature", "stub-signature");
      url.searchParams.set("apiVersion", "1.2.0-beta");
      return url.toString();
    },
    close: async () => undefined,
  };
  let trx = 1000;

  const server = await startHttpStub(async ({ req, url, send }) => {
    const path = url.pathname;
    const v2Refund = path === `/v1.2.0-beta${BKASH_V2_REFUND_PATH}`;
    if (req.method !== "POST" || (!path.startsWith(PREFIX) && !v2Refund))
      return send(404, { message: "Not Found" });
    const action = v2Refund ? "/payment/refund" : path.slice(PREFIX.length);
    const body = await readJson(req);
    if (action === "/token/grant" || action === "/token/refresh") {
      if (req.headers.username !== stub.username || req.headers.password !== stub.password)
        return send(200, { statusCode: "2079", statusMessage: "Invalid username and password" });
      if (body.app_key !== stub.appKey || body.app_secret !== stub.appSecret)
        return send(200, { statusCode: "2001", statusMessage: "Invalid App Key" });
      stub.grants += 1;
      const idToken = `idtoken-${randomUUID()}`;
      tokens.add(idToken);
      return send(200, {
        statusCode: "0000",
        statusMessage: "Successful",
        id_token: idToken,
        token_type: "Bearer",
        expires_in: 3600,
        refresh_token: `refresh-${randomUUID()}`,
      });
    }
    const token = String(req.headers.authorization ?? "");
    if (!tokens.has(token) || req.headers["x-app-key"] !== stub.appKey)
      return send(401, { message: "Unauthorized" });

    if (action === "/create") {
      const missing = [
        "mode",
        "payerReference",
        "callbackURL",
        "amount",
        "currency",
        "intent",
        "merchantInvoiceNumber",
      ].filter((key) => !body[key]);
      if (missing.length > 0)
        return send(200, { statusCode: "2065", statusMessage: "Mandatory field missing" });
      if (body.mode !== "0011")
        return send(200, {
          statusCode: "2063",
          statusMessage: "Mode is not valid as per request data",
        });
      if (!(Number(body.amount) > 0))
        return send(200, { statusCode: "2006", statusMessage: "Invalid amount" });
      if (body.currency !== "BDT")
        return send(200, { statusCode: "2007", statusMessage: "Invalid currency" });
      if (body.intent !== "sale")
        return send(200, { statusCode: "2008", statusMessage: "Invalid intent" });
      const paymentID = `TR0011${randomUUID().replace(/-/g, "").slice(0, 14).toUpperCase()}`;
      const payment: StubPayment = {
        paymentID,
        amount: String(body.amount),
        currency: "BDT",
        intent: "sale",
        merchantInvoiceNumber: String(body.merchantInvoiceNumber),
        payerReference: String(body.payerReference),
        callbackURL: String(body.callbackURL),
        transactionStatus: "Initiated",
      };
      stub.payments.set(paymentID, payment);
      return send(200, {
        statusCode: "0000",
        statusMessage: "Successful",
        paymentID,
        bkashURL: `${stub.url}/checkout/pay?paymentID=${paymentID}`,
        callbackURL: payment.callbackURL,
        successCallbackURL: `${payment.callbackURL}?paymentID=${paymentID}&status=success`,
        failureCallbackURL: `${payment.callbackURL}?paymentID=${paymentID}&status=failure`,
        cancelledCallbackURL: `${payment.callbackURL}?paymentID=${paymentID}&status=cancel`,
        amount: payment.amount,
        intent: "sale",
        currency: "BDT",
        paymentCreateTime: "2026-11-23T12:00:00:000 GMT+0600",
        transactionStatus: "Initiated",
        merchantInvoiceNumber: payment.merchantInvoiceNumber,
      });
    }
    const payment = stub.payments.get(String(body.paymentID ?? ""));
    const fields = (entry: StubPayment) => ({
      paymentID: entry.paymentID,
      trxID: entry.trxID,
      transactionStatus: entry.transactionStatus,
      amount: entry.amount,
      currency: entry.currency,
      intent: entry.intent,
      merchantInvoiceNumber: entry.merchantInvoiceNumber,
      payerReference: entry.payerReference,
      customerMsisdn: entry.approvedBy,
    });
    if (action === "/execute") {
      stub.executes.push(String(body.paymentID));
      if (!payment) return send(200, { statusCode: "2002", statusMessage: "Invalid Payment ID" });
      if (payment.transactionStatus === "Completed")
        return send(200, {
          statusCode: "2117",
          statusMessage: "The payment execution has already been completed",
        });
      if (!payment.approvedBy)
        return send(200, { statusCode: "2056", statusMessage: "Invalid Payment State" });
      if (payment.approvedBy === POOR_WALLET) {
        payment.transactionStatus = "Failed";
        return send(200, { statusCode: "2023", statusMessage: "Insufficient Balance" });
      }
      payment.transactionStatus = "Completed";
      payment.trxID = `BKT${(trx += 1)}`;
      if (stub.failExecuteTransport) return send(500, { message: "Internal Server Error" });
      return send(200, {
        statusCode: "0000",
        statusMessage: "Successful",
        ...fields(payment),
        paymentExecuteTime: "2026-11-23T12:01:00:000 GMT+0600",
      });
    }
    if (action === "/payment/refund") {
      stub.refundCalls.push(path);
      if (!payment) return send(200, { statusCode: "2002", statusMessage: "Invalid Payment ID" });
      if (payment.transactionStatus !== "Completed" || body.trxID !== payment.trxID)
        return send(200, { statusCode: "2056", statusMessage: "Invalid Payment State" });
      const made = stub.refunds.get(payment.trxID!) ?? [];
      if (body.amount === undefined) {
        const listed = made.map((refund) => ({
          originalTrxID: payment.trxID,
          refundTrxID: refund.refundTrxID,
          transactionStatus: refund.transactionStatus,
          amount: refund.amount,
          currency: "BDT",
          charge: "0.00",
          completedTime: "2026-11-24T10:00:00:000 GMT+0600",
        }));
        return send(200, {
          statusCode: "0000",
          statusMessage: "Successful",
          ...(listed.length === 1 ? listed[0] : { originalTrxID: payment.trxID, refunds: listed }),
        });
      }
      if (!body.reason || !body.sku)
        return send(200, { statusCode: "2065", statusMessage: "Mandatory field missing" });
      if (stub.refuseRefunds) return send(200, stub.refuseRefunds);
      const refunded = made.reduce((sum, refund) => sum + Number(refund.amount), 0);
      if (!(Number(body.amount) > 0) || Number(body.amount) + refunded > Number(payment.amount))
        return send(200, { statusCode: "2006", statusMessage: "Invalid amount" });
      const refund: StubRefund = {
        refundTrxID: `BKR${(trx += 1)}`,
        amount: String(body.amount),
        sku: String(body.sku),
        reason: String(body.reason),
        transactionStatus: "Completed",
      };
      stub.refunds.set(payment.trxID!, [...made, refund]);
      if (stub.refundDelayMs > 0)
        await new Promise((resolve) => setTimeout(resolve, stub.refundDelayMs));
      return send(200, {
        statusCode: "0000",
        statusMessage: "Successful",
        originalTrxID: payment.trxID,
        refundTrxID: refund.refundTrxID,
        transactionStatus: "Completed",
        amount: refund.amount,
        currency: "BDT",
        charge: "0.00",
        completedTime: "2026-11-24T10:00:00:000 GMT+0600",
      });
    }
    if (action === "/payment/status") {
      stub.queries.push(String(body.paymentID));
      if (!payment) return send(200, { statusCode: "2002", statusMessage: "Invalid Payment ID" });
      return send(200, { statusCode: "0000", statusMessage: "Successful", ...fields(payment) });
    }
    return send(404, { message: "Not Found" });
  });
  stub.url = server.url;
  stub.baseUrl = `${stub.url}/v1.2.0-beta`;
  stub.close = server.close;
  return stub;
}

/** The variables that point the shop at this stub. */
export function bkashEnv(stub: BkashStub): Record<string, string> {
  return {
    BKASH_BASE_URL: stub.baseUrl,
    BKASH_APP_KEY: stub.appKey,
    BKASH_APP_SECRET: stub.appSecret,
    BKASH_USERNAME: stub.username,
    BKASH_PASSWORD: stub.password,
  };
}
