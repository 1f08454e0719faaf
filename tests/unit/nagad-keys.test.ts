/**
 * Nagad's RSA (server/lib/rsa.ts) and settings: keys as the merchant panel gives them, PKCS#1 v1.5
 * decryption done by hand because Node 20 refuses it (checked against Node's own encryption).
 */
import { constants, generateKeyPairSync, privateDecrypt, publicEncrypt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../server/env";
import {
  decryptPkcs1,
  encryptPkcs1,
  readRsaKey,
  signSha256,
  verifySha256,
} from "../../server/lib/rsa";

const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const body = (pem: string) => pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");

describe("RSA keys from settings", () => {
  it("reads a PEM, its bare base64 body (PKCS#8, PKCS#1, SPKI) and a PEM on one line with \\n", () => {
    const privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const pkcs1Pem = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
    const publicPem = publicKey.export({ type: "spki", format: "pem" }).toString();
    const publicPkcs1 = publicKey.export({ type: "pkcs1", format: "pem" }).toString();
    const samePrivate = (text: string) =>
      expect(readRsaKey(text, "private").export({ type: "pkcs8", format: "pem" })).toBe(privatePem);
    const samePublic = (text: string) =>
      expect(readRsaKey(text, "public").export({ type: "spki", format: "pem" })).toBe(publicPem);
    samePrivate(privatePem);
    samePrivate(body(privatePem));
    samePrivate(body(pkcs1Pem));
    samePrivate(privatePem.replace(/\n/g, "\\n"));
    samePublic(publicPem);
    samePublic(body(publicPem));
    samePublic(body(publicPkcs1));
  });

  it("refuses what is not an RSA key, and the shop will not start with one", () => {
    const ec = generateKeyPairSync("ec", { namedCurve: "P-256" });
    for (const text of [
      "not a key",
      body(ec.publicKey.export({ type: "spki", format: "pem" }).toString()),
    ])
      expect(() => readRsaKey(text, "public")).toThrow(
        "not an RSA public key (PEM, or base64 DER)",
      );
    expect(() =>
      parseEnv({ NAGAD_PUBLIC_KEY: "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA" }),
    ).toThrow(
      "Invalid configuration: NAGAD_PUBLIC_KEY: must be an RSA public key: a PEM, or its base64 body",
    );
  });
});

describe("Nagad's settings in production", () => {
  it("refuse the sandbox host while Nagad is configured", () => {
    const production = {
      NODE_ENV: "production",
      JWT_SECRET: "an-operator-chosen-jwt-secret-0123456789",
      COOKIE_SECRET: "an-operator-chosen-cookie-secret-0123456789",
      ADMIN_PASSWORD: "a-long-owner-password",
      NAGAD_MERCHANT_ID: "683002007104225",
    };
    expect(() => parseEnv(production)).toThrow(
      "Invalid configuration: NAGAD_BASE_URL: is a sandbox host: set the live URL in production (or ALLOW_SANDBOX_IN_PRODUCTION=true for a staging shop)",
    );
    expect(
      parseEnv({ ...production, NAGAD_BASE_URL: "https://api.mynagad.com/api/dfs" }).NAGAD_BASE_URL,
    ).toBe("https://api.mynagad.com/api/dfs");
  });
});

describe("PKCS#1 v1.5 and SHA256withRSA", () => {
  it("decrypts what Node's own PKCS#1 encryption made, and Node's raw RSA reads what it encrypts", () => {
    const text = JSON.stringify({ paymentReferenceId: "MTEyODA", challenge: "ক্যাশ" });
    const sealed = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from(text),
    ).toString("base64");
    expect(decryptPkcs1(privateKey, sealed)).toBe(text);
    const ours = Buffer.from(encryptPkcs1(publicKey, text), "base64");
    const raw = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, ours);
    expect(raw.subarray(0, 2)).toEqual(Buffer.from([0, 2]));
    expect(raw.subarray(raw.length - Buffer.byteLength(text)).toString()).toBe(text);
  });

  it("refuses a block that is not PKCS#1 v1.5 encryption padding", () => {
    // Raw RSA blocks of the key's size, built by hand so the refusal is the same every run (an
    // OAEP block is random: one in a few hundred happens to start 0x00 0x02).
    const size = (publicKey.asymmetricKeyDetails?.modulusLength ?? 0) / 8;
    const block = (head: number[], paddingByte: number) => {
      const bytes = Buffer.alloc(size, paddingByte);
      Buffer.from(head).copy(bytes);
      Buffer.from("\0hello").copy(bytes, size - 6);
      return publicEncrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, bytes).toString(
        "base64",
      );
    };
    // A signature's padding (0x00 0x01), and an encryption block whose padding is too short.
    for (const refused of [block([0, 1], 0xff), block([0, 2, 7, 0], 0x33)])
      expect(() => decryptPkcs1(privateKey, refused)).toThrow("RSA padding is not PKCS#1");
    expect(decryptPkcs1(privateKey, block([0, 2], 0x33))).toBe("hello");
  });

  it("verifies its own signatures and no other key's, nor a changed text", () => {
    const other = generateKeyPairSync("rsa", { modulusLength: 1024 });
    const signature = signSha256(privateKey, '{"amount":"1660.00"}');
    expect(verifySha256(publicKey, '{"amount":"1660.00"}', signature)).toBe(true);
    expect(verifySha256(publicKey, '{"amount":"16.60"}', signature)).toBe(false);
    expect(verifySha256(other.publicKey, '{"amount":"1660.00"}', signature)).toBe(false);
    expect(verifySha256(publicKey, "x", "not base64 at all")).toBe(false);
  });
});
