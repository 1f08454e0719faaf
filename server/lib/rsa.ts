/**
 * RSA as Nagad's checkout speaks it (docs/payments.md, "Nagad"): PKCS#1 v1.5 encryption and
 * SHA256withRSA signatures, keys given as PEM or as the bare base64 body (DER) the gateway's
 * merchant panel hands out.
 */
import {
  constants,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  privateDecrypt,
  publicEncrypt,
  type KeyObject,
} from "node:crypto";

/**
 * A key from a setting: a PEM (any header Node reads), or its body alone as base64 DER, PKCS#8 or
 * PKCS#1 for a private key, SPKI or PKCS#1 for a public one. Throws when it is none of them.
 */
export function readRsaKey(text: string, kind: "private" | "public"): KeyObject {
  const value = text.trim().replace(/\\n/g, "\n");
  const der = Buffer.from(value, "base64");
  const attempts: Array<() => KeyObject> = value.includes("-----BEGIN")
    ? [() => (kind === "private" ? createPrivateKey(value) : createPublicKey(value))]
    : kind === "private"
      ? (["pkcs8", "pkcs1"] as const).map(
          (type) => () => createPrivateKey({ key: der, format: "der", type }),
        )
      : (["spki", "pkcs1"] as const).map(
          (type) => () => createPublicKey({ key: der, format: "der", type }),
        );
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType === "rsa") return key;
    } catch {
      // Not this encoding: the next one is tried.
    }
  }
  throw new Error(`not an RSA ${kind} key (PEM, or base64 DER)`);
}

/** Base64 of `text` encrypted for the holder of `publicKey` (RSA PKCS#1 v1.5). */
export function encryptPkcs1(publicKey: KeyObject, text: string): string {
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
    Buffer.from(text, "utf8"),
  ).toString("base64");
}

/**
 * The text in a base64 RSA PKCS#1 v1.5 block encrypted for `privateKey`. Node 20 refuses this
 * padding in privateDecrypt (CVE-2023-46809, a timing oracle on servers decrypting what anyone
 * sends), so the raw RSA result is unpadded here. Only answers to our own calls to the gateway are
 * decrypted, and their signature is checked after: nobody can ask this server to decrypt at will.
 */
export function decryptPkcs1(privateKey: KeyObject, base64: string): string {
  const block = privateDecrypt(
    { key: privateKey, padding: constants.RSA_NO_PADDING },
    Buffer.from(base64, "base64"),
  );
  // 0x00 0x02, at least eight non-zero padding bytes, 0x00, the message.
  const end = block.indexOf(0, 2);
  if (block[0] !== 0 || block[1] !== 2 || end < 10) throw new Error("RSA padding is not PKCS#1");
  return block.subarray(end + 1).toString("utf8");
}

/** Base64 SHA256withRSA signature of `text`. */
export function signSha256(privateKey: KeyObject, text: string): string {
  return createSign("RSA-SHA256").update(text, "utf8").sign(privateKey, "base64");
}

export function verifySha256(publicKey: KeyObject, text: string, signature: string): boolean {
  try {
    return createVerify("RSA-SHA256").update(text, "utf8").verify(publicKey, signature, "base64");
  } catch {
    return false;
  }
}
