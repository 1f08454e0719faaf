import { randomUUID } from "node:crypto";
import { User, type UserDocument } from "../../models/user.model";
import { signUserToken } from "../../server/lib/jwt";
import type { StaffRole } from "../../contract/staff-roles";

export const DEFAULT_PASSWORD = "correct-horse-42";

export interface UserOverrides {
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string | null;
  mobile?: string;
  phone?: string;
  role?: "CUSTOMER" | "ADMIN";
  staffRole?: StaffRole | null;
  staffActive?: boolean;
  /** A staff member's back-office language. */
  adminLocale?: "en" | "bn";
  isOTPVerified?: boolean;
  emailVerified?: boolean;
  authProvider?: "local" | "google";
  googleId?: string;
  addresses?: Record<string, string>[];
  createdAt?: Date;
}

/** A user written through the model (password hashed by its hook), with a valid token. */
export async function createUser(
  overrides: UserOverrides = {},
): Promise<{ user: UserDocument; token: string; password: string }> {
  const password = overrides.password === undefined ? DEFAULT_PASSWORD : overrides.password;
  const fields: Record<string, unknown> = {
    firstName: "Karim",
    lastName: "Hossain",
    email: `user-${randomUUID().slice(0, 8)}@example.com`,
    isOTPVerified: false,
    ...overrides,
  };
  if (password === null) delete fields.password;
  else fields.password = password;
  const user = (await User.create(fields)) as UserDocument;
  return { user, token: signUserToken(String(user._id)), password: password ?? "" };
}

/** A staff member: an owner unless `staffRole` says otherwise. */
export function createAdmin(overrides: UserOverrides = {}) {
  return createUser({
    firstName: "Shop",
    lastName: "Admin",
    role: "ADMIN",
    staffRole: "owner",
    ...overrides,
  });
}

/** The header that signs a request in with `token` (for supertest's `.set`). */
export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}
