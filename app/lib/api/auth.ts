/** Sign-up, sign-in (both store the jwt), OTP, phone update, and the Google sign-in link. */
import { ApiError, serverMessage } from "./errors";
import { MESSAGES } from "./messages";
import { getToken, setToken } from "./session";
import { request } from "./transport";
import type { AuthAnswer, User } from "./types";

/**
 * POST a sign-up or sign-in and store the jwt. A refusal (4xx) carries the server's message, else
 * `fallback`; an answer without a jwt is 'Invalid response from server - no JWT token received'.
 */
async function authenticate(path: string, body: object, fallback: string): Promise<AuthAnswer> {
  let data: AuthAnswer | null;
  try {
    data = await request<AuthAnswer | null>(path, { method: "POST", body });
  } catch (error) {
    if (error instanceof ApiError && error.status !== 0 && error.status < 500) {
      throw new ApiError(serverMessage(error.data) ?? fallback, error.status, {
        code: error.code,
        errors: error.errors,
        data: error.data,
      });
    }
    throw error;
  }
  if (!data?.jwt) throw new ApiError(MESSAGES.noJwt, 200, { data });
  setToken(data.jwt);
  return data;
}

export const auth = {
  /** POST /auth/signup; stores the jwt. Texts: server message, else error, else 'Registration failed'. */
  signup: (body: {
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    mobile?: string;
  }): Promise<AuthAnswer> => authenticate("/auth/signup", body, MESSAGES.registrationFailed),
  /** POST /auth/signin; stores the jwt. No jwt -> 'Invalid response from server - no JWT token received'. */
  signin: (body: { email: string; password: string }): Promise<AuthAnswer> =>
    authenticate("/auth/signin", body, MESSAGES.loginFailed),
  /** `locale`: the language of the SMS (English when absent). */
  sendOtp: (phone: string, locale?: "en" | "bn") =>
    request<{ message: string; expiresIn: number }>("/auth/otp/send", {
      method: "POST",
      body: locale ? { phone, locale } : { phone },
    }),
  /** Sends the token when signed in: the verification then belongs to this account. */
  verifyOtp: (phone: string, otp: string) =>
    request<{ verified: boolean }>("/auth/otp/verify", {
      method: "POST",
      body: { phone, otp },
      auth: true,
    }),
  /** PUT /auth/update-phone with the token; 'Failed to update phone number' on an empty answer. */
  async updatePhone(phone: string): Promise<User> {
    if (!getToken()) throw new ApiError(MESSAGES.noToken, 401);
    const user = await request<User | null>("/auth/update-phone", {
      method: "PUT",
      body: { phone },
      auth: true,
    });
    if (!user) throw new ApiError(MESSAGES.phoneFailed, 200);
    return user;
  },
};

/**
 * The link that starts Google sign-in (GET /auth/google?redirect=&locale=); no token involved.
 * Relative, so it resolves against the page origin and renders the same on the server and in the
 * browser. `locale` "bn" brings the shopper back to the Bangla callback screen (English: omitted).
 */
export function googleSignInUrl(redirect?: string, locale: "en" | "bn" = "en"): string {
  const query = new URLSearchParams();
  if (redirect) query.set("redirect", redirect);
  if (locale !== "en") query.set("locale", locale);
  const search = query.toString();
  return search ? `/auth/google?${search}` : "/auth/google";
}
