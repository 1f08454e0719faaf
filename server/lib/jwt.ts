import jwt from "jsonwebtoken";
import { getEnv } from "../env.js";

const TOKEN_LIFETIME = "7d";

/**
 * `tokenVersion` is the user's at signing time: a password change or reset raises it, and every
 * request compares (middleware/auth.ts), so older tokens stop working at once.
 */
export function signUserToken(userId: string, tokenVersion = 0): string {
  return jwt.sign({ v: tokenVersion }, getEnv().JWT_SECRET, {
    algorithm: "HS256",
    expiresIn: TOKEN_LIFETIME,
    subject: userId,
  });
}

/**
 * The user id and token version of a valid token, or undefined. The algorithm is pinned: no `none`,
 * no RS/HS confusion. Tokens from before versions existed count as version 0.
 */
export function verifyUserToken(token: string): { userId: string; version: number } | undefined {
  try {
    const payload = jwt.verify(token, getEnv().JWT_SECRET, { algorithms: ["HS256"] });
    if (typeof payload !== "object" || typeof payload.sub !== "string") return undefined;
    const version: unknown = payload.v ?? 0;
    return typeof version === "number" ? { userId: payload.sub, version } : undefined;
  } catch {
    return undefined;
  }
}
