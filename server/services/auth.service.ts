import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import bcrypt from "bcrypt";
import cookieParser from "cookie-parser";
import jwt from "jsonwebtoken";
import { User, type UserDocument } from "../../models/user.model.js";
import { getEnv } from "../env.js";
import { conflict, unauthorized } from "../lib/http-error.js";
import { signToken, signUserToken, verifyToken } from "../lib/jwt.js";
import { GOOGLE_SIGN_IN_REFUSALS } from "#contract/google-sign-in";
import { safeRedirectPath } from "#contract/redirect-path";
import { DEFAULT_LOCALE, toLocale, type Locale } from "#contract/i18n";
import {
  buildGoogleConsentUrl,
  exchangeGoogleCode,
  GoogleSignInError,
  verifyGoogleIdToken,
  type GoogleProfile,
} from "../integrations/google.js";
import { consumePhoneVerification } from "./otp.service.js";
import { saveUser, serializeUser, USER_MESSAGES, type UserJson } from "./users.service.js";

export const AUTH_MESSAGES = {
  signedUp: "Signup successful",
  signedIn: "Signin successful",
  invalidCredentials: "Invalid email or password",
  googleNotConfigured: GOOGLE_SIGN_IN_REFUSALS.notConfigured,
  googleBadState: GOOGLE_SIGN_IN_REFUSALS.badState,
  googleNoEmail: GOOGLE_SIGN_IN_REFUSALS.noEmail,
  googleLinkNeedsPassword: GOOGLE_SIGN_IN_REFUSALS.linkNeedsPassword,
};

export interface AuthResult {
  userId: string;
  answer: { jwt: string; message: string; requireOTPVerification: boolean };
}

function authResult(user: UserDocument, message: string): AuthResult {
  const userId = String(user._id);
  return {
    userId,
    answer: {
      jwt: signUserToken(userId, user.tokenVersion ?? 0),
      message,
      requireOTPVerification: !user.isOTPVerified,
    },
  };
}

export async function signup(input: {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  mobile?: string;
}): Promise<AuthResult> {
  if (await User.exists({ email: input.email }))
    throw conflict(USER_MESSAGES.emailTaken, "EMAIL_TAKEN");
  const user = new User({
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    password: input.password,
    mobile: input.mobile ?? "",
    authProvider: "local",
  }) as UserDocument;
  await saveUser(user);
  return authResult(user, AUTH_MESSAGES.signedUp);
}

// Compared against when the email is unknown, so both failures take as long.
let dummyHash: string | undefined;

/**
 * After a password sign-in: a Google sign-in this browser started for the same email (the signed
 * pending link from GoogleLinkNeedsPasswordError) is linked now that the password is proven.
 */
export async function linkPendingGoogleSignIn(
  userId: string,
  pendingLink: string | undefined,
): Promise<void> {
  if (!pendingLink) return;
  const claims = verifyToken("googleLink", pendingLink);
  if (!claims) return;
  const user = (await User.findById(userId)) as UserDocument | null;
  if (!user || typeof claims.sub !== "string" || claims.email !== user.email) return;
  await linkGoogleIdentity(user, claims.sub);
}

export async function signin(input: { email: string; password: string }): Promise<AuthResult> {
  const user = (await User.findOne({ email: input.email }).select(
    "+password",
  )) as UserDocument | null;
  if (!user?.password) {
    dummyHash ??= await bcrypt.hash("not-a-real-password", getEnv().BCRYPT_ROUNDS);
    await bcrypt.compare(input.password, dummyHash);
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  if (!(await user.checkPassword(input.password)))
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  return authResult(user, AUTH_MESSAGES.signedIn);
}

/** Saves a phone proven by OTP in the last 10 minutes as the user's phone and mobile. */
export async function updatePhone(user: UserDocument, phone: string): Promise<UserJson> {
  await consumePhoneVerification(phone, user._id.toString());
  user.phone = phone;
  user.mobile = phone;
  user.isOTPVerified = true;
  return serializeUser(await saveUser(user));
}

// ---- Google sign-in ----

export const GOOGLE_STATE_TTL_SECONDS = 10 * 60;

/**
 * The `state` is an HS256 JWT (audience `tweest:google-oauth-state`, 10 minutes) carrying the
 * path to return to, the language of the page that started the sign-in (`l`, Bangla only) and a
 * random nonce; the same nonce goes in a signed, httpOnly cookie, so a state only works in the
 * browser that started the sign-in (login CSRF). Google's return address stays the one registered
 * with Google (/auth/google/callback); the language travels in the state.
 */
export function startGoogleSignIn(
  redirect: string | undefined,
  locale: Locale = DEFAULT_LOCALE,
): {
  url: string;
  nonce: string;
} {
  const nonce = randomBytes(16).toString("base64url");
  const claims = { r: safeRedirectPath(redirect) ?? "/", n: nonce };
  const state = signToken(
    "googleState",
    locale === DEFAULT_LOCALE ? claims : { ...claims, l: locale },
    { expiresIn: GOOGLE_STATE_TTL_SECONDS },
  );
  return { url: buildGoogleConsentUrl(state), nonce };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Checks the state against the cookie nonce; returns the path to go back to and the language. */
export function readGoogleState(
  state: string | undefined,
  cookieNonce: string | undefined,
): { redirect: string; locale: Locale } {
  if (!state || !cookieNonce) throw new GoogleSignInError(AUTH_MESSAGES.googleBadState);
  const payload = verifyToken("googleState", state);
  if (!payload) throw new GoogleSignInError(AUTH_MESSAGES.googleBadState);
  const { r, n, l } = payload as { r?: unknown; n?: unknown; l?: unknown };
  if (typeof n !== "string" || !sameText(n, cookieNonce))
    throw new GoogleSignInError(AUTH_MESSAGES.googleBadState);
  return {
    redirect: safeRedirectPath(typeof r === "string" ? r : undefined) ?? "/",
    locale: toLocale(l),
  };
}

/**
 * The language a state names, without checking it: only to tell a shopper in their language that
 * the sign-in failed (an expired state, Google's refusal). Nothing else is read from an unchecked
 * state; a forged one can at most pick the language of that message.
 */
export function googleStateLocale(state: string | null | undefined): Locale {
  let payload: ReturnType<typeof jwt.decode> = null;
  try {
    // jwt.decode throws (rather than answering null) on a header that says `"typ":"JWT"` over a
    // payload that is not JSON: anyone can write such a state, and it must not make a 500.
    payload = state ? jwt.decode(state) : null;
  } catch {
    payload = null;
  }
  return toLocale(payload && typeof payload === "object" ? payload.l : undefined);
}

/**
 * The Google callback hands the token to the storefront in its address (/auth/google/callback?token=,
 * /bn/auth/google/callback on Bangla pages), so a link with someone else's token would sign a victim
 * into that account (login CSRF). The callback therefore also leaves this fingerprint of the token in
 * a signed, httpOnly cookie (path /auth/google, or /bn/auth/google) of the browser that completed the
 * sign-in, and the storefront's callback screen
 * stores the token only when its loader finds the two match (googleHandoffConfirmed).
 */
export const GOOGLE_HANDOFF_COOKIE = "tw_google_handoff";

export function googleHandoffFingerprint(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Whether the request's cookies carry the fingerprint of `token` (see GOOGLE_HANDOFF_COOKIE). */
export function googleHandoffConfirmed(cookieHeader: string | null, token: string): boolean {
  const prefix = `${GOOGLE_HANDOFF_COOKIE}=`;
  const pair = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  if (!pair) return false;
  let value: string;
  try {
    value = decodeURIComponent(pair.slice(prefix.length));
  } catch {
    return false;
  }
  const fingerprint = cookieParser.signedCookie(value, getEnv().COOKIE_SECRET);
  return typeof fingerprint === "string" && sameText(googleHandoffFingerprint(token), fingerprint);
}

const GOOGLE_LINK_TTL_SECONDS = 10 * 60;

/**
 * Google proved the email, but an account with that email exists whose owner never proved it: it
 * may have been registered by someone else before the real owner came (account pre-hijacking).
 * The Google identity is kept, signed, in `pendingLink` until the account's password is proven.
 */
export class GoogleLinkNeedsPasswordError extends GoogleSignInError {
  constructor(readonly pendingLink: string) {
    super(AUTH_MESSAGES.googleLinkNeedsPassword);
  }
}

/** Links a Google identity to `user` unless it already has one (or another account has this one). */
async function linkGoogleIdentity(user: UserDocument, googleId: string): Promise<boolean> {
  // updateOne, not findOneAndUpdate: FerretDB refuses findAndModify with the model's projection.
  try {
    const linked = await User.updateOne(
      { _id: user._id, googleId: { $exists: false } },
      { $set: { googleId, emailVerified: true } },
    );
    if (linked.modifiedCount !== 1) return false;
  } catch (error) {
    if ((error as { code?: unknown }).code === 11000) return false;
    throw error;
  }
  user.googleId = googleId;
  user.emailVerified = true;
  return true;
}

/**
 * Finds the user by Google id; else links to the account of that email when its email is verified
 * (a password proven later links it too: GoogleLinkNeedsPasswordError); else creates one.
 */
export async function findOrCreateGoogleUser(profile: GoogleProfile): Promise<UserDocument> {
  const byGoogleId = (await User.findOne({ googleId: profile.sub })) as UserDocument | null;
  if (byGoogleId) return byGoogleId;
  if (!profile.email || !profile.emailVerified)
    throw new GoogleSignInError(AUTH_MESSAGES.googleNoEmail);
  const byEmail = (await User.findOne({ email: profile.email })) as UserDocument | null;
  if (byEmail) {
    if (!byEmail.emailVerified) {
      const pendingLink = signToken(
        "googleLink",
        { email: profile.email },
        { subject: profile.sub, expiresIn: GOOGLE_LINK_TTL_SECONDS },
      );
      throw new GoogleLinkNeedsPasswordError(pendingLink);
    }
    if (!(await linkGoogleIdentity(byEmail, profile.sub)))
      throw new GoogleSignInError(AUTH_MESSAGES.googleNoEmail);
    return byEmail;
  }
  const fallbackName = profile.name ?? profile.email.split("@")[0];
  try {
    return (await User.create({
      firstName: (profile.givenName ?? fallbackName).slice(0, 80),
      lastName: (profile.familyName ?? "").slice(0, 80),
      email: profile.email,
      emailVerified: true,
      authProvider: "google",
      googleId: profile.sub,
    })) as UserDocument;
  } catch (error) {
    // The same first sign-in twice at once: the other request created it.
    if ((error as { code?: unknown }).code !== 11000) throw error;
    const raced = (await User.findOne({ googleId: profile.sub })) as UserDocument | null;
    if (!raced) throw error;
    return raced;
  }
}

/** Steps 3 and 4: code -> verified ID token -> user -> our JWT. */
export async function completeGoogleSignIn(code: string): Promise<AuthResult> {
  const idToken = await exchangeGoogleCode(code);
  const profile = await verifyGoogleIdToken(idToken);
  const user = await findOrCreateGoogleUser(profile);
  return authResult(user, AUTH_MESSAGES.signedIn);
}
