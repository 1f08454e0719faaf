import { Router, type RequestHandler } from "express";
import { getEnv } from "../env.js";
import { HttpError } from "../lib/http-error.js";
import { GoogleSignInError, isGoogleConfigured } from "../integrations/google.js";
import { getOptionalUser, requireUser } from "../middleware/auth.js";
import {
  otpSendLimits,
  otpVerifyLimits,
  signinLimits,
  signupLimits,
} from "../middleware/rate-limit.js";
import { endpoint } from "../middleware/validate.js";
import {
  GoogleCallbackQuery,
  GoogleStartQuery,
  OtpSendBody,
  OtpVerifyBody,
  SigninBody,
  SignupBody,
  UpdatePhoneBody,
} from "#contract/schemas/auth";
import { AuthAnswer, OtpSendAnswer, OtpVerifiedAnswer, UserAnswer } from "#contract/answers/users";
import {
  AUTH_MESSAGES,
  completeGoogleSignIn,
  GOOGLE_HANDOFF_COOKIE,
  GoogleLinkNeedsPasswordError,
  linkPendingGoogleSignIn,
  googleHandoffFingerprint,
  googleStateLocale,
  GOOGLE_STATE_TTL_SECONDS,
  readGoogleState,
  signin,
  signup,
  startGoogleSignIn,
  updatePhone,
} from "../services/auth.service.js";
import { sendOtp, verifyOtp } from "../services/otp.service.js";
import { afterSignIn } from "../sign-in-hooks.js";
import { localizePath } from "#contract/i18n";

export const authRouter = Router();
const PREFIX = "/auth";

/** Holds the nonce that the Google `state` must carry (signed, httpOnly, only sent to /auth/google*). */
export const GOOGLE_STATE_COOKIE = "tw_google_state";

/** A Google identity waiting for the existing account's password (sent to /auth/signin only). */
export const GOOGLE_LINK_COOKIE = "tw_google_link";
const GOOGLE_HANDOFF_TTL_MS = 5 * 60_000;

/** An error answer: its body is the one error shape, which the OpenAPI document fills in. */
const errorDoc = (description: string) => ({ description });

endpoint(authRouter, PREFIX, {
  method: "post",
  path: "/signup",
  summary: "Create an account with email and password",
  tags: ["auth"],
  auth: "none",
  body: SignupBody,
  before: signupLimits,
  status: 201,
  responses: {
    201: { description: "Signed up", schema: AuthAnswer },
    409: errorDoc("Email taken"),
    429: errorDoc("Rate limited"),
  },
  handler: async ({ body }, req, res) => {
    const result = await signup(body);
    await afterSignIn(req, res, result.userId);
    return result.answer;
  },
});

endpoint(authRouter, PREFIX, {
  method: "post",
  path: "/signin",
  summary: "Sign in with email and password",
  tags: ["auth"],
  auth: "none",
  body: SigninBody,
  before: signinLimits,
  responses: {
    200: { description: "Signed in", schema: AuthAnswer },
    401: errorDoc("Invalid email or password"),
    429: errorDoc("Rate limited"),
  },
  handler: async ({ body }, req, res) => {
    const result = await signin(body);
    const pendingLink = (req.signedCookies as Record<string, unknown>)[GOOGLE_LINK_COOKIE];
    if (typeof pendingLink === "string") {
      await linkPendingGoogleSignIn(result.userId, pendingLink);
      res.clearCookie(GOOGLE_LINK_COOKIE, { path: "/auth/signin" });
    }
    await afterSignIn(req, res, result.userId);
    return result.answer;
  },
});

endpoint(authRouter, PREFIX, {
  method: "post",
  path: "/otp/send",
  summary: "Send a 6-digit code by SMS (5 minutes; resend after 60 s; 5 an hour per phone)",
  tags: ["auth"],
  auth: "none",
  body: OtpSendBody,
  before: otpSendLimits,
  responses: {
    200: { description: "Sent", schema: OtpSendAnswer },
    429: errorDoc("Asked again within 60 s or more than 5 times in an hour"),
    502: errorDoc("The SMS gateway refused"),
  },
  handler: ({ body }) => sendOtp(body.phone, body.locale),
});

endpoint(authRouter, PREFIX, {
  method: "post",
  path: "/otp/verify",
  summary: "Check a code (5 tries); signed in, the verification is this account's (update-phone)",
  tags: ["auth"],
  auth: "optional",
  body: OtpVerifyBody,
  before: [...otpVerifyLimits, getOptionalUser],
  responses: {
    200: { description: "Verified", schema: OtpVerifiedAnswer },
    400: errorDoc("Wrong, expired or too many tries"),
    429: errorDoc("Rate limited"),
  },
  handler: ({ body }, req) => verifyOtp(body.phone, body.otp, req.user?._id.toString()),
});

endpoint(authRouter, PREFIX, {
  method: "put",
  path: "/update-phone",
  summary: "Save a phone verified by OTP in the last 10 minutes; marks the user OTP-verified",
  tags: ["auth"],
  auth: "user",
  body: UpdatePhoneBody,
  before: [requireUser],
  responses: {
    200: { description: "The user", schema: UserAnswer },
    400: errorDoc("The phone was not verified"),
  },
  handler: ({ body }, req) => updatePhone(req.user!, body.phone),
});

endpoint(authRouter, PREFIX, {
  method: "get",
  path: "/google",
  summary: "Start Google sign-in: 302 to Google's consent page with a signed state",
  tags: ["auth"],
  auth: "none",
  query: GoogleStartQuery,
  responses: {
    302: { description: "To Google" },
    503: errorDoc("Google sign-in is not configured"),
  },
  handler: ({ query }, _req, res) => {
    if (!isGoogleConfigured())
      throw new HttpError(503, AUTH_MESSAGES.googleNotConfigured, "GOOGLE_NOT_CONFIGURED");
    const { url, nonce } = startGoogleSignIn(query.redirect, query.locale);
    res.cookie(GOOGLE_STATE_COOKIE, nonce, {
      httpOnly: true,
      signed: true,
      sameSite: "lax",
      secure: getEnv().PUBLIC_URL.startsWith("https://"),
      maxAge: GOOGLE_STATE_TTL_SECONDS * 1000,
      path: "/auth/google",
    });
    res.redirect(302, url);
  },
});

/** Without `code` the path is the storefront screen that stores the token: leave it to React Router. */
const onlyWithCode: RequestHandler = (req, _res, next) => {
  const code = req.query.code;
  next(typeof code === "string" && code ? undefined : "router");
};

endpoint(authRouter, PREFIX, {
  method: "get",
  path: "/google/callback",
  summary:
    "Google's return: exchange the code, verify the ID token, sign in; 302 to /auth/google/callback?token=JWT (errors: 302 to /login?error=...), both under /bn when a Bangla page started the sign-in",
  tags: ["auth"],
  auth: "none",
  query: GoogleCallbackQuery,
  before: [onlyWithCode],
  responses: {
    200: { description: "Without `code`: the storefront screen that stores the token (HTML)" },
    302: { description: "To the storefront with the token, or to /login with an error" },
  },
  handler: async ({ query }, req, res) => {
    res.clearCookie(GOOGLE_STATE_COOKIE, { path: "/auth/google" });
    try {
      const signedCookies = req.signedCookies as Record<string, unknown>;
      const nonce = signedCookies[GOOGLE_STATE_COOKIE];
      const { redirect, locale } = readGoogleState(
        query.state,
        typeof nonce === "string" ? nonce : undefined,
      );
      const result = await completeGoogleSignIn(query.code!);
      await afterSignIn(req, res, result.userId);
      // The callback screen in the language the sign-in started in: /bn/auth/google/callback for
      // Bangla, so the handoff cookie is scoped to that screen's path.
      res.cookie(GOOGLE_HANDOFF_COOKIE, googleHandoffFingerprint(result.answer.jwt), {
        httpOnly: true,
        signed: true,
        sameSite: "lax",
        secure: getEnv().PUBLIC_URL.startsWith("https://"),
        maxAge: GOOGLE_HANDOFF_TTL_MS,
        path: localizePath("/auth/google", locale),
      });
      const target = new URLSearchParams({ token: result.answer.jwt });
      if (redirect !== "/") target.set("redirect", redirect);
      res.redirect(302, localizePath(`/auth/google/callback?${target.toString()}`, locale));
    } catch (error) {
      if (!(error instanceof GoogleSignInError)) throw error;
      if (error instanceof GoogleLinkNeedsPasswordError)
        res.cookie(GOOGLE_LINK_COOKIE, error.pendingLink, {
          httpOnly: true,
          signed: true,
          sameSite: "lax",
          secure: getEnv().PUBLIC_URL.startsWith("https://"),
          maxAge: 10 * 60_000,
          path: "/auth/signin",
        });
      req.log?.warn({ reason: error.message }, "Google sign-in refused");
      const login = localizePath("/login", googleStateLocale(query.state));
      res.redirect(302, `${login}?${new URLSearchParams({ error: error.message }).toString()}`);
    }
  },
});
