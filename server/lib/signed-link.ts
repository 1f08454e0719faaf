import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "../env.js";

/**
 * The short signed tokens of links the shop texts or emails (a cart's restore link, a staff
 * invitation): a document id (12 bytes), an expiry (seconds) and a nonce, then their MAC under a
 * key derived for the link's purpose alone, base64url. Short enough for an SMS.
 */
const NONCE_BYTES = 6;
const MAC_BYTES = 16;
const PAYLOAD_BYTES = 12 + 4 + NONCE_BYTES;

/** The link's key, derived from the configured cookie secret for this one purpose. */
function linkKey(purpose: string): Buffer {
  return createHmac("sha256", getEnv().COOKIE_SECRET).update(purpose).digest();
}

function mac(purpose: string, payload: Buffer): Buffer {
  return createHmac("sha256", linkKey(purpose))
    .update(purpose)
    .update(payload)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** A nonce of the size the token carries (hex). */
export const LINK_NONCE_HEX_LENGTH = NONCE_BYTES * 2;

export function signLinkToken(
  purpose: string,
  documentId: string,
  nonce: string,
  expiresAt: Date,
): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  Buffer.from(documentId, "hex").copy(payload, 0);
  payload.writeUInt32BE(Math.floor(expiresAt.getTime() / 1000), 12);
  Buffer.from(nonce, "hex").copy(payload, 16);
  return Buffer.concat([payload, mac(purpose, payload)]).toString("base64url");
}

export type LinkTokenCheck =
  { ok: true; documentId: string; nonce: string } | { ok: false; reason: "invalid" | "expired" };

/** Checks the MAC (in constant time) before reading anything, then the expiry. */
export function readLinkToken(purpose: string, token: string, now = new Date()): LinkTokenCheck {
  const raw = /^[\w-]{1,100}$/.test(token) ? Buffer.from(token, "base64url") : Buffer.alloc(0);
  if (raw.length !== PAYLOAD_BYTES + MAC_BYTES) return { ok: false, reason: "invalid" };
  const payload = raw.subarray(0, PAYLOAD_BYTES);
  if (!timingSafeEqual(raw.subarray(PAYLOAD_BYTES), mac(purpose, payload)))
    return { ok: false, reason: "invalid" };
  if (payload.readUInt32BE(12) * 1000 <= now.getTime()) return { ok: false, reason: "expired" };
  return {
    ok: true,
    documentId: payload.subarray(0, 12).toString("hex"),
    nonce: payload.subarray(16).toString("hex"),
  };
}
