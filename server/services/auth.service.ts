import { randomBytes, timingSafeEqual } from "node:crypto";
import bcrypt from "bcrypt";
import jwt from "jsonwebtoken";
import { User, type UserDocument } from "../../models/user.model.js";
import { getEnv } from "../env.js";
import { conflict, unauthorized } from "../lib/http-error.js";
import { signUserToken } from "../lib/jwt.js";
import { safeRedirectPath } from "../lib/redirect-path.js";
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
  googleNotConfigured: "Google sign-in is not configured",
  googleBadState: "Google sign-in expired or was not started here. Please try again.",
  googleNoEmail: "Your Google account has no verified email address",
};

export interface AuthResult {
  userId: string;
  answer: { jwt: string; message: string; requireOTPVerification: boolean };
}

function authResult(user: UserDocument, message: string): AuthResult {
  const userId = String(user._id);
  return {
    userId,
    answer: { jwt: signUserToken(userId), message, requireOTPVerification: !user.isOTPVerified },
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

export async function signin(input: { email: string; password: string }): Promise<AuthResult> {
  const user = (await User.findOne({ email: input.email }).select(
    "+password",
  )) as UserDocument | null;
  if (!user?.password) {
    dummyHash ??= await bcrypt.hash("not-a-real-password", 10);
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

const STATE_AUDIENCE = "tweest:google-oauth-state";
export const GOOGLE_STATE_TTL_SECONDS = 10 * 60;

/**
 * The `state` is an HS256 JWT (audience `tweest:google-oauth-state`, 10 minutes) carrying the
 * path to return to and a random nonce; the same nonce goes in a signed, httpOnly cookie, so a
 * state only works in the browser that started the sign-in (login CSRF).
 */
export function startGoogleSignIn(redirect: string | undefined): {
  url: string;
  nonce: string;
} {
  const nonce = randomBytes(16).toString("base64url");
  const state = jwt.sign({ r: safeRedirectPath(redirect) ?? "/", n: nonce }, getEnv().JWT_SECRET, {
    algorithm: "HS256",
    audience: STATE_AUDIENCE,
    expiresIn: GOOGLE_STATE_TTL_SECONDS,
  });
  return { url: buildGoogleConsentUrl(state), nonce };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Checks the state against the cookie nonce; returns the path to go back to. */
export function readGoogleState(
  state: string | undefined,
  cookieNonce: string | undefined,
): string {
  if (!state || !cookieNonce) throw new GoogleSignInError(AUTH_MESSAGES.googleBadState);
  let payload: unknown;
  try {
    payload = jwt.verify(state, getEnv().JWT_SECRET, {
      algorithms: ["HS256"],
      audience: STATE_AUDIENCE,
    });
  } catch {
    throw new GoogleSignInError(AUTH_MESSAGES.googleBadState);
  }
  const { r, n } = payload as { r?: unknown; n?: unknown };
  if (typeof n !== "string" || !sameText(n, cookieNonce))
    throw new GoogleSignInError(AUTH_MESSAGES.googleBadState);
  return safeRedirectPath(typeof r === "string" ? r : undefined) ?? "/";
}

/** Finds the user by Google id, else links by verified email, else creates one. */
export async function findOrCreateGoogleUser(profile: GoogleProfile): Promise<UserDocument> {
  const byGoogleId = (await User.findOne({ googleId: profile.sub })) as UserDocument | null;
  if (byGoogleId) return byGoogleId;
  if (!profile.email || !profile.emailVerified)
    throw new GoogleSignInError(AUTH_MESSAGES.googleNoEmail);
  const byEmail = (await User.findOne({ email: profile.email })) as UserDocument | null;
  if (byEmail) {
    // Only an email Google has verified may take over the link to an existing account.
    // updateOne, not findOneAndUpdate: FerretDB refuses findAndModify with the model's projection.
    const linked = await User.updateOne(
      { _id: byEmail._id, googleId: { $exists: false } },
      { $set: { googleId: profile.sub } },
    );
    if (linked.modifiedCount !== 1) throw new GoogleSignInError(AUTH_MESSAGES.googleNoEmail);
    byEmail.googleId = profile.sub;
    return byEmail;
  }
  const fallbackName = profile.name ?? profile.email.split("@")[0];
  try {
    return (await User.create({
      firstName: (profile.givenName ?? fallbackName).slice(0, 80),
      lastName: (profile.familyName ?? "").slice(0, 80),
      email: profile.email,
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
