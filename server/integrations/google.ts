import { createPublicKey, type JsonWebKey } from "node:crypto";
import { OAuth2Client } from "google-auth-library";
import { GOOGLE_SIGN_IN_REFUSALS as REFUSED } from "#contract/google-sign-in";
import { getEnv } from "../env.js";

/**
 * Google sign-in (OpenID Connect authorization-code flow, Google's documented flow) with
 * google-auth-library. Every endpoint comes from the environment, so tests point them at a local
 * OpenID provider.
 */

export class GoogleSignInError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GoogleSignInError";
  }
}

export interface GoogleProfile {
  sub: string;
  email?: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
  picture?: string;
}

export function isGoogleConfigured(): boolean {
  return Boolean(getEnv().GOOGLE_CLIENT_ID);
}

export function googleRedirectUri(): string {
  const env = getEnv();
  return env.GOOGLE_REDIRECT_URI ?? new URL("/auth/google/callback", env.PUBLIC_URL).toString();
}

function googleIssuers(): string[] {
  return getEnv()
    .GOOGLE_ISSUERS.split(",")
    .map((issuer) => issuer.trim())
    .filter(Boolean);
}

function client(): OAuth2Client {
  const env = getEnv();
  if (!env.GOOGLE_CLIENT_ID) throw new GoogleSignInError(REFUSED.notConfigured);
  return new OAuth2Client({
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    redirectUri: googleRedirectUri(),
    endpoints: {
      oauth2AuthBaseUrl: env.GOOGLE_AUTH_URL,
      oauth2TokenUrl: env.GOOGLE_TOKEN_URL,
      oauth2FederatedSignonJwkCertsUrl: env.GOOGLE_JWKS_URL,
    },
    issuers: googleIssuers(),
  });
}

/** Step 1: the consent URL the browser is sent to. */
export function buildGoogleConsentUrl(state: string): string {
  return client().generateAuthUrl({
    scope: ["openid", "email", "profile"],
    access_type: "online",
    prompt: "select_account",
    state,
  });
}

/** Step 3: exchanges the one-time code at the token endpoint for the ID token. */
export async function exchangeGoogleCode(code: string): Promise<string> {
  let idToken: string | null | undefined;
  try {
    const { tokens } = await client().getToken(code);
    idToken = tokens.id_token;
  } catch {
    throw new GoogleSignInError(REFUSED.codeRefused);
  }
  if (!idToken) throw new GoogleSignInError(REFUSED.noIdToken);
  return idToken;
}

// Keys by URL, refreshed after the server's max-age (or an hour) or when a token names an unknown kid.
const keyCache = new Map<string, { pems: Record<string, string>; expiresAt: number }>();

async function fetchSigningKeys(url: string, force: boolean): Promise<Record<string, string>> {
  const cached = keyCache.get(url);
  if (cached && !force && cached.expiresAt > Date.now()) return cached.pems;
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new GoogleSignInError(REFUSED.signingKeys);
  const body = (await response.json()) as { keys?: (JsonWebKey & { kid?: string })[] };
  const pems: Record<string, string> = {};
  for (const jwk of body.keys ?? []) {
    if (!jwk.kid || jwk.kty !== "RSA") continue;
    pems[jwk.kid] = createPublicKey({ key: jwk, format: "jwk" })
      .export({ type: "spki", format: "pem" })
      .toString();
  }
  const maxAge = /max-age=(\d+)/.exec(response.headers.get("cache-control") ?? "")?.[1];
  keyCache.set(url, {
    pems,
    expiresAt: Date.now() + (maxAge ? Number(maxAge) * 1000 : 3_600_000),
  });
  return pems;
}

function tokenHeader(idToken: string): { alg?: string; kid?: string } {
  try {
    return JSON.parse(Buffer.from(idToken.split(".")[0] ?? "", "base64url").toString("utf8")) as {
      alg?: string;
      kid?: string;
    };
  } catch {
    return {};
  }
}

/**
 * Step 4: verifies the ID token with google-auth-library: RS256 signature by a key of
 * GOOGLE_JWKS_URL, audience = GOOGLE_CLIENT_ID, issuer in GOOGLE_ISSUERS, not expired.
 */
export async function verifyGoogleIdToken(idToken: string): Promise<GoogleProfile> {
  const env = getEnv();
  const header = tokenHeader(idToken);
  if (header.alg !== "RS256" || !header.kid) throw new GoogleSignInError(REFUSED.invalidIdToken);
  let pems = await fetchSigningKeys(env.GOOGLE_JWKS_URL, false);
  if (!pems[header.kid]) pems = await fetchSigningKeys(env.GOOGLE_JWKS_URL, true);
  let payload;
  try {
    const ticket = await client().verifySignedJwtWithCertsAsync(
      idToken,
      pems,
      env.GOOGLE_CLIENT_ID,
      googleIssuers(),
    );
    payload = ticket.getPayload();
  } catch {
    throw new GoogleSignInError(REFUSED.invalidIdToken);
  }
  if (!payload?.sub) throw new GoogleSignInError(REFUSED.invalidIdToken);
  const verified = payload.email_verified as unknown;
  return {
    sub: payload.sub,
    email: payload.email?.toLowerCase(),
    emailVerified: verified === true || verified === "true",
    givenName: payload.given_name,
    familyName: payload.family_name,
    name: payload.name,
    picture: payload.picture,
  };
}
