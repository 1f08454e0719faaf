import { randomBytes, randomUUID } from "node:crypto";
import bcrypt from "bcrypt";
import mongoose from "mongoose";
import type { z } from "zod";
import { JobLease } from "../../models/job-lease.model.js";
import { User, type UserDocument } from "../../models/user.model.js";
import { roleAllows, type StaffRole } from "#contract/staff-roles";
import { staffRoleOf } from "../lib/staff-access.js";
import type { StaffInviteBody, StaffMemberAnswer } from "#contract/schemas/staff";
import { toLocale, type Locale } from "#contract/i18n/locale";
import { localizePath } from "#contract/i18n/locale-path";
import { getEnv } from "../env.js";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../lib/http-error.js";
import { LINK_NONCE_HEX_LENGTH, readLinkToken, signLinkToken } from "../lib/signed-link.js";
import { claimJobLease } from "../jobs.js";
import { notifyStaffInvite } from "./notifications.service.js";
import { saveUser } from "./users.service.js";
import { recordAudit } from "./audit.service.js";
import type { ActingAdmin } from "../lib/acting-admin.js";

export const STAFF_TEXTS = {
  notFound: "Staff member not found",
  alreadyStaff: "This person is already on the staff",
  lastOwner: "The shop needs at least one active owner: make someone else owner first",
  notSelf: "You cannot change your own role or access: ask another owner",
  busy: "Another change to the staff is being saved: try again",
  inviteInvalid: "This invitation link is not valid",
  inviteExpired: "This invitation link has expired: ask the shop owner for a new one",
  inviteUsed: "This invitation link has already been used",
  notSent: "The invitation could not be sent: check the email or SMS settings, then invite again",
  ownerOnly: "Only the owner can change a staff member's account or make someone staff",
  useStaffScreen: "Take people off the staff on the Staff screen",
  passwordSet: "Your password is set: sign in with your email",
} as const;

/** How long an invitation link works. */
export const INVITE_LIFETIME_MS = 3 * 24 * 60 * 60 * 1000;
const INVITE_PURPOSE = "tweest staff-invite link v1";

function memberAnswer(user: UserDocument & { inviteNonce?: string | null }): StaffMemberAnswer {
  const active = user.staffActive !== false;
  return {
    _id: String(user._id),
    firstName: user.firstName,
    lastName: user.lastName ?? "",
    email: user.email,
    mobile: user.mobile ?? "",
    role: (user.staffRole as StaffRole | null) ?? null,
    active,
    status: !active ? "deactivated" : user.inviteNonce ? "invited" : "active",
    createdAt: user.get("createdAt") as Date,
  };
}

export async function listStaff(): Promise<{ staff: StaffMemberAnswer[] }> {
  const staff = await User.find({ role: "ADMIN" }).select("+inviteNonce").sort({ createdAt: 1 });
  return { staff: staff.map((user) => memberAnswer(user as UserDocument)) };
}

/** The token of an invitation link: the account, when it stops working, the invitation's nonce. */
export function staffInviteToken(userId: string, nonce: string, expiresAt: Date): string {
  return signLinkToken(INVITE_PURPOSE, userId, nonce, expiresAt);
}

function inviteLink(token: string, locale: Locale): string {
  const url = new URL(localizePath("/staff-invite", locale), getEnv().PUBLIC_URL);
  url.searchParams.set("t", token);
  return url.toString();
}

/**
 * Invites a person to the staff with a role: a new account without a password, or an existing
 * customer's account (found by email) promoted. The link to set the password goes by email or SMS;
 * a new invitation replaces the nonce, so only the newest link works.
 */
export async function inviteStaff(
  input: z.output<typeof StaffInviteBody>,
  by: ActingAdmin,
): Promise<{ member: StaffMemberAnswer; sentBy: "email" | "sms" }> {
  const existing = (await User.findOne({ email: input.email })) as UserDocument | null;
  if (existing?.role === "ADMIN") throw conflict(STAFF_TEXTS.alreadyStaff, "ALREADY_STAFF");
  const nonce = randomBytes(LINK_NONCE_HEX_LENGTH / 2).toString("hex");
  const user =
    existing ??
    (new User({
      firstName: input.firstName,
      lastName: input.lastName,
      email: input.email,
    }) as UserDocument);
  if (input.mobile) user.mobile = input.mobile;
  user.role = "ADMIN";
  user.staffRole = input.role;
  user.staffActive = true;
  user.set("inviteNonce", nonce);
  await saveUser(user);
  await recordAudit({
    entity: "staff",
    entityId: String(user._id),
    action: "invite",
    by,
    label: user.email,
    after: { role: input.role, active: true },
  });
  const sentBy = input.sendBy ?? (input.mobile ? "sms" : "email");
  const locale = toLocale(input.locale);
  const link = inviteLink(
    signLinkToken(
      INVITE_PURPOSE,
      String(user._id),
      nonce,
      new Date(Date.now() + INVITE_LIFETIME_MS),
    ),
    locale,
  );
  await sendInvite({ sendBy: sentBy, email: user.email, mobile: input.mobile, link, locale });
  return { member: memberAnswer(user), sentBy };
}

/** The invitation's message; the account stays invited when it fails (revoke and invite again). */
async function sendInvite(invite: Parameters<typeof notifyStaffInvite>[0]): Promise<void> {
  try {
    await notifyStaffInvite(invite);
  } catch {
    throw new HttpError(502, STAFF_TEXTS.notSent, "INVITE_NOT_SENT");
  }
}

/**
 * Sets the invitee's password: the link's MAC, then its expiry, then its nonce, consumed in the
 * same guarded write that sets the password (two uses at once: one wins). Older tokens of the
 * account (a promoted customer's) stop working.
 */
export async function acceptStaffInvite(
  token: string,
  password: string,
): Promise<{ message: string }> {
  const check = readLinkToken(INVITE_PURPOSE, token);
  if (!check.ok)
    throw check.reason === "expired"
      ? new HttpError(410, STAFF_TEXTS.inviteExpired, "INVITE_EXPIRED")
      : badRequest(STAFF_TEXTS.inviteInvalid);
  const hash = await bcrypt.hash(password, getEnv().BCRYPT_ROUNDS);
  const used = await User.updateOne(
    { _id: check.documentId, role: "ADMIN", inviteNonce: check.nonce },
    { $set: { password: hash, inviteNonce: null }, $inc: { tokenVersion: 1 } },
  );
  if (used.modifiedCount !== 1) throw new HttpError(410, STAFF_TEXTS.inviteUsed, "INVITE_USED");
  return { message: STAFF_TEXTS.passwordSet };
}

const STAFF_LOCK = { name: "staff-owners", everyMs: 10_000 };
const LOCK_ATTEMPTS = 40;
const LOCK_RETRY_MS = 25;

/**
 * Changes that could leave the shop without an owner run one at a time across instances (one
 * lease, taken by a guarded write): two owners demoting each other at once are serialised, and the
 * second finds the last owner. A crashed holder's lease lapses after a few seconds.
 */
async function withStaffLock<T>(actingId: string, change: () => Promise<T>): Promise<T> {
  const holder = randomUUID();
  for (let attempt = 0; ; attempt++) {
    if (await claimJobLease(STAFF_LOCK, holder)) break;
    if (attempt >= LOCK_ATTEMPTS) throw conflict(STAFF_TEXTS.busy, "STAFF_BUSY");
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
  try {
    // The acting owner's rights were checked before the wait: a concurrent change may have taken them.
    const actor = (await User.findById(actingId)) as UserDocument | null;
    if (!actor || actor.staffActive === false || !roleAllows(staffRoleOf(actor), "staff.manage"))
      throw forbidden(STAFF_TEXTS.ownerOnly, "PERMISSION_DENIED");
    return await change();
  } finally {
    await JobLease.updateOne(
      { _id: STAFF_LOCK.name, holder },
      { $set: { leaseUntil: new Date(0), finishedAt: new Date() } },
    );
  }
}

async function findStaff(id: string): Promise<UserDocument & { inviteNonce?: string | null }> {
  const user = mongoose.isValidObjectId(id)
    ? ((await User.findOne({ _id: id, role: "ADMIN" }).select(
        "+inviteNonce",
      )) as UserDocument | null)
    : null;
  if (!user) throw notFound(STAFF_TEXTS.notFound);
  return user;
}

/** Refuses a change that takes the last active owner away (run inside the staff lock). */
async function keepAnOwner(user: UserDocument, staysOwner: boolean): Promise<void> {
  if (staysOwner || user.staffRole !== "owner" || user.staffActive === false) return;
  const otherOwners = await User.countDocuments({
    _id: { $ne: user._id },
    role: "ADMIN",
    staffRole: "owner",
    staffActive: { $ne: false },
  });
  if (otherOwners === 0) throw conflict(STAFF_TEXTS.lastOwner, "LAST_OWNER");
}

export async function updateStaff(
  by: ActingAdmin,
  id: string,
  changes: { role?: StaffRole; active?: boolean },
): Promise<StaffMemberAnswer> {
  if (id === by.id) throw badRequest(STAFF_TEXTS.notSelf);
  // Someone who is not staff is a 404 before the lock: a refused request writes nothing.
  await findStaff(id);
  return withStaffLock(by.id, async () => {
    const user = await findStaff(id);
    const before = { role: user.staffRole ?? null, active: user.staffActive !== false };
    const role = changes.role ?? (user.staffRole as StaffRole);
    const active = changes.active ?? user.staffActive !== false;
    await keepAnOwner(user, role === "owner" && active);
    const losesAccess = role !== user.staffRole || (!active && user.staffActive !== false);
    user.staffRole = role;
    user.staffActive = active;
    // A new role or a deactivation takes effect on the next request: older tokens stop working.
    if (losesAccess) user.tokenVersion = (user.tokenVersion ?? 0) + 1;
    await user.save();
    await recordAudit({
      entity: "staff",
      entityId: String(user._id),
      action: "update",
      by,
      label: user.email,
      before,
      after: { role, active },
    });
    return memberAnswer(user);
  });
}

/**
 * Removes a person from the staff: the account stays (a customer's orders and history keep it),
 * without the back office, and every token of it stops working at once.
 */
export async function revokeStaff(by: ActingAdmin, id: string): Promise<{ message: string }> {
  if (id === by.id) throw badRequest(STAFF_TEXTS.notSelf);
  await findStaff(id);
  return withStaffLock(by.id, async () => {
    const user = await findStaff(id);
    await keepAnOwner(user, false);
    await User.updateOne(
      { _id: user._id },
      {
        $set: { role: "CUSTOMER", staffRole: null, staffActive: true, inviteNonce: null },
        $inc: { tokenVersion: 1 },
      },
    );
    await recordAudit({
      entity: "staff",
      entityId: String(user._id),
      action: "revoke",
      by,
      label: user.email,
      before: { role: user.staffRole ?? null, active: user.staffActive !== false },
      after: { role: null, active: false },
    });
    return { message: "Staff access revoked" };
  });
}

/**
 * The Customers screen edits accounts, and some are staff: only an owner may touch another staff
 * member's account there (a manager resetting an owner's password would become the owner) or make
 * a customer staff; taking someone off the staff is the Staff screen's (the last-owner rule, the
 * tokens). A customer made staff there starts with the narrowest role, Packer.
 */
export async function guardCustomerChange(
  actor: UserDocument,
  id: string,
  change: { role?: "CUSTOMER" | "ADMIN"; removes?: boolean },
): Promise<void> {
  if (id === String(actor._id)) return;
  const target = mongoose.isValidObjectId(id) ? await User.findById(id, { role: 1 }).lean() : null;
  if (!target) return;
  const isStaff = target.role === "ADMIN";
  const touchesStaff = isStaff || change.role === "ADMIN";
  if (touchesStaff && !roleAllows(staffRoleOf(actor), "staff.manage"))
    throw forbidden(STAFF_TEXTS.ownerOnly, "PERMISSION_DENIED");
  if (isStaff && (change.removes || change.role === "CUSTOMER"))
    throw badRequest(STAFF_TEXTS.useStaffScreen);
}
