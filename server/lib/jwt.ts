import jwt from "jsonwebtoken";
import { getEnv } from "../env.js";

/**
 * Every token the shop signs says what kind it is in its audience (`aud`), and is verified for
 * that kind where it is used: all are HS256 over JWT_SECRET, so without this a token of one kind
 * (a Google sign-in's state, a pending Google link) could pass where another (a session) is read.
 */
export const TOKEN_AUDIENCES = {
  /** The bearer token of a signed-in user (7 days). */
  session: "tweest:session",
  /** The `state` of a Google sign-in (10 minutes). */
  googleState: "tweest:google-oauth-state",
  /** A Google identity waiting for the account's password (10 minutes). */
  googleLink: "tweest:google-link",
} as const;

export type TokenKind = keyof typeof TOKEN_AUDIENCES;

export function signToken(
  kind: TokenKind,
  claims: Record<string, unknown>,
  options: { expiresIn: number | `${number}d`; subject?: string },
): string {
  return jwt.sign(claims, getEnv().JWT_SECRET, {
    algorithm: "HS256",
    audience: TOKEN_AUDIENCES[kind],
    expiresIn: options.expiresIn,
    ...(options.subject === undefined ? {} : { subject: options.subject }),
  });
}

/**
 * The claims of a valid token of this kind, or undefined (bad signature, expired, another kind).
 * The algorithm is pinned: no `none`, no RS/HS confusion.
 */
export function verifyToken(kind: TokenKind, token: string): jwt.JwtPayload | undefined {
  try {
    const payload = jwt.verify(token, getEnv().JWT_SECRET, {
      algorithms: ["HS256"],
      audience: TOKEN_AUDIENCES[kind],
    });
    return typeof payload === "object" ? payload : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A session token signed before sessions carried an audience: accepted until it expires (7 days
 * after the release that added it), so a deploy signs nobody out. Only a token with no audience at
 * all qualifies, and every other kind has always carried one. Remove once that week has passed.
 */
function sessionTokenWithoutAudience(token: string): jwt.JwtPayload | undefined {
  try {
    const payload = jwt.verify(token, getEnv().JWT_SECRET, { algorithms: ["HS256"] });
    return typeof payload === "object" && payload.aud === undefined ? payload : undefined;
  } catch {
    return undefined;
  }
}

const SESSION_LIFETIME = "7d";

/**
 * `tokenVersion` is the user's at signing time: a password change or reset raises it, and every
 * request compares (middleware/auth.ts), so older tokens stop working at once.
 */
export function signUserToken(userId: string, tokenVersion = 0): string {
  return signToken(
    "session",
    { v: tokenVersion },
    { expiresIn: SESSION_LIFETIME, subject: userId },
  );
}

/**
 * The user id and token version of a valid session token, or undefined. Tokens from before
 * versions existed count as version 0.
 */
export function verifyUserToken(token: string): { userId: string; version: number } | undefined {
  const payload = verifyToken("session", token) ?? sessionTokenWithoutAudience(token);
  if (!payload || typeof payload.sub !== "string") return undefined;
  const version: unknown = payload.v ?? 0;
  return typeof version === "number" ? { userId: payload.sub, version } : undefined;
}
