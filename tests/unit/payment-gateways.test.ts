/**
 * The payment registry (server/payments/index.ts) holds one adapter per online method of
 * contract/payment-methods.ts, and nothing picks a gateway by elimination: each method answers
 * for its own gateway's settings only.
 */
import { generateKeyPairSync } from "node:crypto";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { ADVANCE_METHOD_LABELS } from "#contract/advance-delivery-charge";
import { PAYMENT_METHODS } from "#contract/order-status";
import {
  ONLINE_PAYMENT_METHOD_NAMES,
  ONLINE_PAYMENT_METHODS,
  type OnlinePaymentMethod,
} from "#contract/payment-methods";
import { PAYMENT_METHOD_WORDS } from "#contract/status-words";
import { configuredGateways, PAYMENT_GATEWAYS, paymentGateway } from "../../server/payments";
import { bkashGateway } from "../../server/payments/bkash";
import { setEnv } from "../setup/env";

const NO_GATEWAY = {
  BKASH_APP_KEY: "",
  BKASH_APP_SECRET: "",
  BKASH_USERNAME: "",
  BKASH_PASSWORD: "",
  SSLCOMMERZ_STORE_ID: "",
  SSLCOMMERZ_STORE_PASSWD: "",
  NAGAD_MERCHANT_ID: "",
  NAGAD_MERCHANT_PRIVATE_KEY: "",
  NAGAD_PUBLIC_KEY: "",
};
const BKASH_CREDENTIALS = {
  BKASH_APP_KEY: "key",
  BKASH_APP_SECRET: "secret",
  BKASH_USERNAME: "user",
  BKASH_PASSWORD: "password",
};
const BKASH_ONLY = { ...NO_GATEWAY, ...BKASH_CREDENTIALS };
const SSLCOMMERZ_ONLY = {
  ...NO_GATEWAY,
  SSLCOMMERZ_STORE_ID: "store",
  SSLCOMMERZ_STORE_PASSWD: "pw",
};

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("the payment gateway registry", () => {
  it("holds exactly one adapter per online method, each under its own method", () => {
    expect(Object.keys(PAYMENT_GATEWAYS).sort()).toEqual([...ONLINE_PAYMENT_METHODS].sort());
    for (const method of ONLINE_PAYMENT_METHODS) expect(paymentGateway(method).method).toBe(method);
    expect(PAYMENT_METHODS).toEqual(["COD", ...ONLINE_PAYMENT_METHODS]);
  });

  it("is complete by type: a method without its adapter does not compile", () => {
    expectTypeOf<keyof typeof PAYMENT_GATEWAYS>().toEqualTypeOf<OnlinePaymentMethod>();
    // @ts-expect-error SSLCOMMERZ is missing: the registry must list every online method.
    const missing: typeof PAYMENT_GATEWAYS = { BKASH: bkashGateway };
    // @ts-expect-error bKash's adapter under another method.
    const misplaced: typeof PAYMENT_GATEWAYS = { ...PAYMENT_GATEWAYS, SSLCOMMERZ: bkashGateway };
    expect([missing, misplaced]).toHaveLength(2);
  });

  it("names every method once, for the server's words and the screens' labels", () => {
    for (const method of ONLINE_PAYMENT_METHODS) {
      expect(PAYMENT_METHOD_WORDS[method]).toBe(ONLINE_PAYMENT_METHOD_NAMES[method]);
      expect(ADVANCE_METHOD_LABELS[method]).toBe(ONLINE_PAYMENT_METHOD_NAMES[method]);
    }
    expect(PAYMENT_METHOD_WORDS.COD).toBe("Cash on delivery");
  });

  it("offers each gateway on its own credentials only, never by elimination", async () => {
    restore = setEnv(NO_GATEWAY);
    expect(await configuredGateways()).toEqual([]);
    restore();
    restore = setEnv(SSLCOMMERZ_ONLY);
    expect(await configuredGateways()).toEqual(["SSLCOMMERZ"]);
    restore();
    restore = setEnv(BKASH_ONLY);
    expect(await configuredGateways()).toEqual(["BKASH"]);
    restore();
    restore = setEnv({ ...SSLCOMMERZ_ONLY, ...BKASH_CREDENTIALS });
    expect(await configuredGateways()).toEqual(["BKASH", "SSLCOMMERZ"]);
    restore();
    // Nagad needs all three: its merchant id and both keys.
    const keys = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const nagad = {
      NAGAD_MERCHANT_ID: "683002007104225",
      NAGAD_MERCHANT_PRIVATE_KEY: keys.privateKey
        .export({ type: "pkcs8", format: "pem" })
        .toString(),
      NAGAD_PUBLIC_KEY: keys.publicKey.export({ type: "spki", format: "pem" }).toString(),
    };
    restore = setEnv({ ...NO_GATEWAY, ...nagad, NAGAD_PUBLIC_KEY: "" });
    expect(await configuredGateways()).toEqual([]);
    restore();
    restore = setEnv({ ...BKASH_ONLY, ...nagad });
    expect(await configuredGateways()).toEqual(["BKASH", "NAGAD"]);
  });

  it("refuses to refund a payment it cannot name to its gateway, without calling it", async () => {
    // Nagad refunds through its purchase/cancel (tests/api/payments-nagad.test.ts).
    for (const method of ["BKASH", "SSLCOMMERZ"] as const) {
      const gateway = paymentGateway(method);
      // No gateway id or bank transaction recorded (and no gateway configured to call).
      const payment = { transactionId: "TW-1" } as Parameters<typeof gateway.refund>[0];
      await expect(gateway.refund(payment, 100, "returned", "RF-1")).resolves.toMatchObject({
        status: "failed",
        gatewayRef: "",
      });
    }
  });
});
