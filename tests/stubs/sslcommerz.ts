import { randomUUID } from "node:crypto";
import { readForm, startHttpStub } from "./http-stub";

/**
 * A local SSLCommerz v4 (SSLCommerz's v4 API) on 127.0.0.1: session creation (form or multipart
 * body), the hosted page's outcome as the form SSLCommerz would POST back, the validation API
 * (VALID once, then VALIDATED; INVALID_TRANSACTION for unknown ids or wrong credentials) and the
 * transaction query by tran_id (each session's attempt: PENDING until the page's outcome, then
 * VALID / VALIDATED with its val_id, FAILED or CANCELLED), and refunds on the same path: initiate
 * (bank_tran_id, refund_trans_id: one refund per id, at most what is left of the payment) and the
 * query by refund_ref_id (processing until `settleRefund`, then refunded or cancelled).
 */
export interface SslSession {
  sessionkey: string;
  fields: Record<string, string>;
}

export interface SslStubRefund {
  refundRefId: string;
  refundTransId: string;
  bankTranId: string;
  amount: string;
  remarks: string;
  status: "processing" | "refunded" | "cancelled";
}

export interface SslCommerzStub {
  url: string;
  storeId: string;
  storePasswd: string;
  sessions: SslSession[];
  validations: string[];
  /** The tran_ids the transaction query was asked about, in order. */
  queries: string[];
  /** Refunds initiated, by our refund_trans_id. */
  refunds: Map<string, SslStubRefund>;
  /** Refuses refund initiates with this reason while set. */
  refuseRefunds: string | null;
  /** Makes a refund, then answers only after this many milliseconds (a timeout on our side). */
  refundDelayMs: number;
  /** SSLCommerz settles a refund (the query then says so). */
  settleRefund(refundRefId: string, status: "refunded" | "cancelled"): void;
  /** The hosted page: the shopper pays (or fails, or cancels). Returns where the browser POSTs and what. */
  pay(
    tranId: string,
    outcome: "success" | "fail" | "cancel",
    options?: { paidAmount?: string; riskLevel?: "0" | "1" },
  ): { url: string; path: string; form: Record<string, string>; ipnPath: string };
  close(): Promise<void>;
}

export async function startSslCommerzStub(
  options: { storeId?: string; storePasswd?: string } = {},
): Promise<SslCommerzStub> {
  const payments = new Map<
    string,
    {
      tranId: string;
      amount: string;
      currency: string;
      validated: boolean;
      riskLevel: string;
      bankTranId: string;
      fields: Record<string, string>;
    }
  >();
  /** What the gateway knows of each tran_id's attempt (the transaction query answers it). */
  const attempts = new Map<string, { status: string; valId?: string; error?: string }>();
  const stub: SslCommerzStub = {
    url: "",
    storeId: options.storeId ?? "tweest_test",
    storePasswd: options.storePasswd ?? "tweest_test@ssl",
    sessions: [],
    validations: [],
    queries: [],
    refunds: new Map(),
    refuseRefunds: null,
    refundDelayMs: 0,
    settleRefund(refundRefId, status) {
      const refund = [...stub.refunds.values()].find((entry) => entry.refundRefId === refundRefId);
      if (!refund) throw new Error(`unknown refund ${refundRefId}`);
      refund.status = status;
    },
    pay(tranId, outcome, payOptions = {}) {
      const session = stub.sessions.find((entry) => entry.fields.tran_id === tranId);
      if (!session) throw new Error(`no session for ${tranId}`);
      const fields = session.fields;
      const amount = payOptions.paidAmount ?? Number(fields.total_amount).toFixed(2);
      const common = {
        tran_id: tranId,
        amount,
        currency: "BDT",
        store_id: stub.storeId,
        tran_date: "2026-11-23 12:00:00",
        value_a: fields.value_a ?? "",
        value_b: fields.value_b ?? "",
        value_c: "",
        value_d: "",
      };
      let form: Record<string, string>;
      let target: string;
      if (outcome === "success") {
        const valId = `VAL${randomUUID().replace(/-/g, "").slice(0, 16)}`;
        const riskLevel = payOptions.riskLevel ?? "0";
        const bankTranId = `BANK${randomUUID().slice(0, 8)}`;
        payments.set(valId, {
          tranId,
          amount,
          currency: "BDT",
          validated: false,
          riskLevel,
          bankTranId,
          fields,
        });
        form = {
          ...common,
          val_id: valId,
          status: "VALID",
          card_type: "BKASH-BKash",
          store_amount: (Number(amount) * 0.975).toFixed(2),
          bank_tran_id: bankTranId,
          risk_level: riskLevel,
          risk_title: riskLevel === "0" ? "Safe" : "Risky",
        };
        target = fields.success_url;
        attempts.set(tranId, { status: "VALID", valId });
      } else if (outcome === "fail") {
        form = { ...common, status: "FAILED", error: "Invalid expiration date", bank_tran_id: "" };
        target = fields.fail_url;
        attempts.set(tranId, { status: "FAILED", error: form.error });
      } else {
        form = { ...common, status: "CANCELLED", error: "Cancelled by User", bank_tran_id: "" };
        target = fields.cancel_url;
        attempts.set(tranId, { status: "CANCELLED", error: form.error });
      }
      return {
        url: target,
        path: new URL(target).pathname,
        form,
        ipnPath: new URL(fields.ipn_url).pathname,
      };
    },
    close: async () => undefined,
  };

  const server = await startHttpStub(async ({ req, res, url, send }) => {
    const json = (body: unknown) => send(200, body);
    if (req.method === "POST" && url.pathname === "/gwprocess/v4/api.php") {
      const fields = await readForm(req);
      if (fields.store_id !== stub.storeId || fields.store_passwd !== stub.storePasswd)
        return json({
          status: "FAILED",
          failedreason: "Store Credential Error Or Store is Deactive",
        });
      const required = [
        "total_amount",
        "currency",
        "tran_id",
        "success_url",
        "fail_url",
        "cancel_url",
        "product_name",
        "product_category",
        "product_profile",
        "shipping_method",
        "num_of_item",
        "cus_name",
        "cus_email",
        "cus_add1",
        "cus_city",
        "cus_postcode",
        "cus_country",
        "cus_phone",
      ];
      const missing = required.filter((key) => !fields[key]);
      const amount = Number(fields.total_amount);
      if (missing.length > 0)
        return json({ status: "FAILED", failedreason: `Missing: ${missing.join(", ")}` });
      if (!(amount >= 10 && amount <= 500000) || fields.tran_id.length > 30)
        return json({ status: "FAILED", failedreason: "Invalid data" });
      const sessionkey = randomUUID().replace(/-/g, "").toUpperCase();
      stub.sessions.push({ sessionkey, fields });
      attempts.set(fields.tran_id, { status: "PENDING" });
      return json({
        status: "SUCCESS",
        failedreason: "",
        sessionkey,
        GatewayPageURL: `${stub.url}/EasyCheckOut/testcde${sessionkey}`,
        redirectGatewayURL: `${stub.url}/gwprocess/v4/bankgw/indexhtmlOTP.php?mamount=${fields.total_amount}&ssl_id=${sessionkey}`,
        storeBanner: "",
        storeLogo: "",
        desc: [],
      });
    }
    if (req.method === "GET" && url.pathname === "/validator/api/validationserverAPI.php") {
      const valId = url.searchParams.get("val_id") ?? "";
      stub.validations.push(valId);
      const payment = payments.get(valId);
      if (
        !payment ||
        url.searchParams.get("store_id") !== stub.storeId ||
        url.searchParams.get("store_passwd") !== stub.storePasswd
      )
        return json({ status: "INVALID_TRANSACTION", APIConnect: "DONE" });
      const status = payment.validated ? "VALIDATED" : "VALID";
      payment.validated = true;
      attempts.set(payment.tranId, { status: "VALIDATED", valId });
      return json({
        status,
        tran_date: "2026-11-23 12:00:00",
        tran_id: payment.tranId,
        val_id: valId,
        amount: payment.amount,
        store_amount: (Number(payment.amount) * 0.975).toFixed(2),
        currency: "BDT",
        bank_tran_id: payment.bankTranId,
        card_type: "BKASH-BKash",
        currency_type: "BDT",
        currency_amount: payment.amount,
        value_a: payment.fields.value_a ?? "",
        value_b: payment.fields.value_b ?? "",
        risk_level: payment.riskLevel,
        risk_title: payment.riskLevel === "0" ? "Safe" : "Risky",
        APIConnect: "DONE",
        validated_on: "2026-11-23 12:00:01",
        gw_version: "",
      });
    }
    if (
      req.method === "GET" &&
      url.pathname === "/validator/api/merchantTransIDvalidationAPI.php"
    ) {
      const tranId = url.searchParams.get("tran_id") ?? "";
      const refundCall =
        url.searchParams.has("refund_ref_id") || url.searchParams.has("bank_tran_id");
      if (!refundCall) stub.queries.push(tranId);
      if (
        url.searchParams.get("store_id") !== stub.storeId ||
        url.searchParams.get("store_passwd") !== stub.storePasswd
      )
        return json({ APIConnect: "INVALID_REQUEST" });
      const refundRefId = url.searchParams.get("refund_ref_id");
      if (refundRefId !== null) {
        const refund = [...stub.refunds.values()].find(
          (entry) => entry.refundRefId === refundRefId,
        );
        if (!refund)
          return json({
            APIConnect: "DONE",
            status: "failed",
            errorReason: "Invalid refund_ref_id",
          });
        return json({
          APIConnect: "DONE",
          bank_tran_id: refund.bankTranId,
          trans_id: refund.refundTransId,
          refund_ref_id: refund.refundRefId,
          status: refund.status,
          initiated_on: "2026-11-24 10:00:00",
          refunded_on: refund.status === "refunded" ? "2026-11-26 10:00:00" : "",
          errorReason: "",
        });
      }
      const bankTranId = url.searchParams.get("bank_tran_id");
      if (bankTranId !== null) {
        const paid = [...payments.values()].find((entry) => entry.bankTranId === bankTranId);
        const refundTransId = url.searchParams.get("refund_trans_id") ?? "";
        const amount = Number(url.searchParams.get("refund_amount"));
        const refused = (errorReason: string) =>
          json({ APIConnect: "DONE", bank_tran_id: bankTranId, status: "failed", errorReason });
        if (!paid) return refused("Invalid bank_tran_id");
        if (!refundTransId || !url.searchParams.get("refund_remarks"))
          return refused("refund_trans_id and refund_remarks are required");
        const again = stub.refunds.get(refundTransId);
        if (again)
          return json({
            APIConnect: "DONE",
            bank_tran_id: bankTranId,
            trans_id: refundTransId,
            refund_ref_id: again.refundRefId,
            status: "success",
            errorReason: "",
          });
        if (stub.refuseRefunds) return refused(stub.refuseRefunds);
        const refunded = [...stub.refunds.values()]
          .filter((entry) => entry.bankTranId === bankTranId && entry.status !== "cancelled")
          .reduce((sum, entry) => sum + Number(entry.amount), 0);
        if (!(amount > 0) || amount + refunded > Number(paid.amount))
          return refused("Refund amount exceeds the transaction amount");
        const refund: SslStubRefund = {
          refundRefId: `RFR${randomUUID().replace(/-/g, "").slice(0, 12)}`,
          refundTransId,
          bankTranId,
          amount: amount.toFixed(2),
          remarks: url.searchParams.get("refund_remarks") ?? "",
          status: "processing",
        };
        stub.refunds.set(refundTransId, refund);
        if (stub.refundDelayMs > 0)
          await new Promise((resolve) => setTimeout(resolve, stub.refundDelayMs));
        return json({
          APIConnect: "DONE",
          bank_tran_id: bankTranId,
          trans_id: refundTransId,
          refund_ref_id: refund.refundRefId,
          status: "success",
          errorReason: "",
        });
      }
      const attempt = attempts.get(tranId);
      if (!attempt) return json({ APIConnect: "DONE", no_of_trans_found: 0, element: [] });
      const session = stub.sessions.find((entry) => entry.fields.tran_id === tranId)!;
      const paid = attempt.valId ? payments.get(attempt.valId) : undefined;
      const amount = paid?.amount ?? Number(session.fields.total_amount).toFixed(2);
      return json({
        APIConnect: "DONE",
        no_of_trans_found: 1,
        element: [
          {
            val_id: attempt.valId ?? "",
            status: attempt.status,
            validated_on: attempt.status === "VALIDATED" ? "2026-11-23 12:00:01" : "",
            currency_type: "BDT",
            currency_amount: amount,
            tran_date: "2026-11-23 12:00:00",
            tran_id: tranId,
            amount,
            store_amount: (Number(amount) * 0.975).toFixed(2),
            bank_tran_id: paid?.bankTranId ?? "",
            card_type: paid ? "BKASH-BKash" : "",
            risk_title: paid?.riskLevel === "1" ? "Risky" : "Safe",
            risk_level: paid?.riskLevel ?? "0",
            error: attempt.error ?? "",
            value_a: session.fields.value_a ?? "",
            value_b: session.fields.value_b ?? "",
          },
        ],
      });
    }
    res.writeHead(404).end();
  });
  stub.url = server.url;
  stub.close = server.close;
  return stub;
}

/** The variables that point the shop at this stub. */
export function sslCommerzEnv(stub: SslCommerzStub): Record<string, string> {
  return {
    SSLCOMMERZ_BASE_URL: stub.url,
    SSLCOMMERZ_STORE_ID: stub.storeId,
    SSLCOMMERZ_STORE_PASSWD: stub.storePasswd,
  };
}
