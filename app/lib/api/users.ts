import type { Permission, StaffRole } from "#contract/staff-roles";
import type { AdminCheckAnswer } from "#contract/answers/users";
import type { Locale } from "#contract/i18n";
/** The signed-in user's profile and password, and the back office's admin check. */
import { ApiError, serverMessage } from "./errors";
import { MESSAGES } from "./messages";
import { getToken, isGoogleCallbackPage, removeToken, setToken } from "./session";
import { request } from "./transport";
import type { User } from "./types";

export const PROFILE_TIMEOUT_MS = 8_000;
export const ADMIN_VERIFY_TIMEOUT_MS = 10_000;

export const users = {
  /**
   * GET /api/users/profile (8 s). 'No authentication token found' without a token, 'No user data received
   * from server' on an empty answer, 'Failed to fetch user data' on failure (401 keeps its own rule);
   * on the Google callback screen (either language) a failure also removes the token.
   */
  async profile(): Promise<User> {
    if (!getToken()) throw new ApiError(MESSAGES.noToken, 401);
    const onCallback = isGoogleCallbackPage();
    let user: User | null;
    try {
      user = await request<User | null>("/api/users/profile", { timeoutMs: PROFILE_TIMEOUT_MS });
    } catch (error) {
      if (onCallback) removeToken();
      if (error instanceof ApiError && error.status === 401) throw error;
      throw new ApiError(MESSAGES.profileFailed, error instanceof ApiError ? error.status : 0, {
        data: error instanceof ApiError ? error.data : undefined,
        flags: error instanceof ApiError ? error.flags : {},
      });
    }
    if (!user) {
      if (onCallback) removeToken();
      throw new ApiError(MESSAGES.noUserData, 200);
    }
    return user;
  },
  updateProfile: (
    body: Partial<Pick<User, "firstName" | "lastName" | "email" | "mobile" | "addresses">>,
  ) => request<User>("/api/users/profile", { method: "PUT", body }),
  /** Every older token is revoked by the change: this session keeps going with the new one. */
  async changePassword(body: { currentPassword: string; newPassword: string }) {
    const answer = await request<{ message: string; jwt?: string }>("/api/users/change-password", {
      method: "POST",
      body,
    });
    if (answer?.jwt) setToken(answer.jwt);
    return answer;
  },
  /** GET /api/users/verify-admin (10 s) with the spec's texts for timeout, 401, 403 and others. */
  async verifyAdmin(): Promise<{
    isAdmin: boolean;
    role?: StaffRole;
    permissions: Permission[];
    adminLocale?: Locale;
  }> {
    try {
      const data = await request<Partial<AdminCheckAnswer> | null>("/api/users/verify-admin", {
        timeoutMs: ADMIN_VERIFY_TIMEOUT_MS,
        raw401: true,
      });
      return { permissions: [], ...data, isAdmin: data?.isAdmin === true };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.flags.timeout) throw new ApiError(MESSAGES.adminTimeout, 0, { flags: error.flags });
      if (error.status === 401) throw new ApiError(MESSAGES.adminInvalidToken, 401);
      if (error.status === 403) throw new ApiError(MESSAGES.adminDenied, 403);
      throw new ApiError(serverMessage(error.data) ?? MESSAGES.adminFailed, error.status, {
        data: error.data,
      });
    }
  },
};
