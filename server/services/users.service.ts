import type { Types } from "mongoose";
import type { UserAnswer } from "#contract/answers/users";
import type { Locale } from "#contract/i18n";
import { PROMOTED_CUSTOMER_ROLE } from "#contract/staff-roles";
import { User, type UserDocument } from "../../models/user.model.js";
import { badRequest, conflict, notFound } from "../lib/http-error.js";
import { signUserToken } from "../lib/jwt.js";
import { pageSummary, pageWindow } from "../lib/paging.js";
import { containsText } from "../lib/search-pattern.js";

/** Users as the API shows them: through the model's toJSON, so never with a password hash. */
export type UserJson = UserAnswer;

export const USER_MESSAGES = {
  emailTaken: "An account with this email already exists",
  wrongPassword: "Current password is incorrect",
  passwordChanged: "Password changed successfully",
  passwordReset: "Password reset successfully",
  customerNotFound: "Customer not found",
  customerDeleted: "Customer deleted successfully",
  cannotDeleteSelf: "You cannot delete your own account",
  cannotDemoteSelf: "You cannot remove your own admin role",
};

export function serializeUser(user: UserDocument): UserJson {
  // The model's toJSON drops the secrets and adds the virtuals the answer lists.
  return user.toJSON() as unknown as UserJson;
}

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 11000;
}

/** Saves a user, turning a duplicate email into the contract's 409. */
export async function saveUser(user: UserDocument): Promise<UserDocument> {
  try {
    await user.save();
  } catch (error) {
    if (isDuplicateKey(error)) throw conflict(USER_MESSAGES.emailTaken, "EMAIL_TAKEN");
    throw error;
  }
  return user;
}

async function assertEmailFree(email: string, exceptId: unknown): Promise<void> {
  if (await User.exists({ email, _id: { $ne: exceptId } }))
    throw conflict(USER_MESSAGES.emailTaken, "EMAIL_TAKEN");
}

export interface AddressFields {
  _id?: string;
  firstName?: string;
  lastName?: string;
  mobile?: string;
  email?: string;
  streetAddress?: string;
  city?: string;
  zone?: string;
  area?: string;
  zipCode?: string;
}

/** Name, email and mobile: what a shopper and an admin may both change. */
export interface ContactChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  mobile?: string;
}

export interface ProfileChanges extends ContactChanges {
  addresses?: AddressFields[];
}

/**
 * Applies contact changes to `user` (not saved yet); a new email must be free, and is no longer
 * verified (so it cannot be used to take over a Google sign-in until proven again).
 */
async function applyContactChanges(user: UserDocument, changes: ContactChanges): Promise<void> {
  if (changes.email !== undefined && changes.email !== user.email) {
    await assertEmailFree(changes.email, user._id);
    user.emailVerified = false;
  }
  if (changes.firstName !== undefined) user.firstName = changes.firstName;
  if (changes.lastName !== undefined) user.lastName = changes.lastName;
  if (changes.email !== undefined) user.email = changes.email;
  if (changes.mobile !== undefined) user.mobile = changes.mobile;
}

/** A staff member's own back-office language; a preference, not a shop change, so not audited. */
export async function setAdminLocale(
  userId: Types.ObjectId,
  adminLocale: Locale,
): Promise<{ adminLocale: Locale }> {
  await User.updateOne({ _id: userId }, { $set: { adminLocale } });
  return { adminLocale };
}

export async function updateProfile(
  user: UserDocument,
  changes: ProfileChanges,
): Promise<UserJson> {
  await applyContactChanges(user, changes);
  if (changes.addresses !== undefined) user.set("addresses", changes.addresses);
  return serializeUser(await saveUser(user));
}

/**
 * Changes the password, which revokes every token of the account (token version); this session
 * goes on with the new token in the answer.
 */
export async function changePassword(
  userId: unknown,
  currentPassword: string | undefined,
  newPassword: string,
): Promise<{ message: string; jwt: string }> {
  const user = (await User.findById(userId).select("+password")) as UserDocument | null;
  if (!user) throw notFound("User not found");
  // An account made with Google has no password yet: it may set one without a current one.
  if (user.password && !(await user.checkPassword(currentPassword ?? "")))
    throw badRequest(USER_MESSAGES.wrongPassword);
  user.password = newPassword;
  await user.save();
  return {
    message: USER_MESSAGES.passwordChanged,
    jwt: signUserToken(String(user._id), user.tokenVersion ?? 0),
  };
}

export async function listCustomers(query: {
  search?: string;
  role?: "CUSTOMER" | "ADMIN";
  page: number;
  limit: number;
}): Promise<{ customers: UserJson[]; total: number; page: number; totalPages: number }> {
  const filter: Record<string, unknown> = {};
  if (query.role) filter.role = query.role;
  if (query.search) {
    const pattern = containsText(query.search);
    filter.$or = ["firstName", "lastName", "email", "mobile", "phone"].map((field) => ({
      [field]: pattern,
    }));
  }
  const [total, users] = await Promise.all([
    User.countDocuments(filter),
    User.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip(pageWindow(query).skip)
      .limit(query.limit),
  ]);
  return {
    customers: users.map((user) => serializeUser(user as UserDocument)),
    ...pageSummary(total, query),
  };
}

async function findCustomer(id: string): Promise<UserDocument> {
  const user = (await User.findById(id)) as UserDocument | null;
  if (!user) throw notFound(USER_MESSAGES.customerNotFound);
  return user;
}

export interface CustomerChanges extends ContactChanges {
  role?: "CUSTOMER" | "ADMIN";
  isOTPVerified?: boolean;
}

export async function updateCustomer(
  actingAdminId: string,
  id: string,
  changes: CustomerChanges,
): Promise<UserJson> {
  const user = await findCustomer(id);
  if (id === actingAdminId && changes.role === "CUSTOMER")
    throw badRequest(USER_MESSAGES.cannotDemoteSelf);
  await applyContactChanges(user, changes);
  if (changes.role === "ADMIN" && user.role !== "ADMIN") {
    user.role = "ADMIN";
    user.staffRole = PROMOTED_CUSTOMER_ROLE;
    user.staffActive = true;
  }
  if (changes.isOTPVerified !== undefined) user.isOTPVerified = changes.isOTPVerified;
  return serializeUser(await saveUser(user));
}

export async function deleteCustomer(
  actingAdminId: string,
  id: string,
): Promise<{ message: string }> {
  if (id === actingAdminId) throw badRequest(USER_MESSAGES.cannotDeleteSelf);
  // deleteOne, not findOneAndDelete: FerretDB refuses findAndModify with the model's projection.
  const deleted = await User.deleteOne({ _id: id });
  if (deleted.deletedCount === 0) throw notFound(USER_MESSAGES.customerNotFound);
  return { message: USER_MESSAGES.customerDeleted };
}

export async function resetCustomerPassword(
  id: string,
  newPassword: string,
): Promise<{ message: string }> {
  const user = await findCustomer(id);
  user.password = newPassword;
  await user.save();
  return { message: USER_MESSAGES.passwordReset };
}
