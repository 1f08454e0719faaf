/** Inputs and answers of the staff accounts (/api/admin/staff, /auth/staff-invite). */
import { z } from "zod";
import { Email, NewPassword } from "./auth.js";
import { LocaleField } from "./i18n.js";
import { BdMobile } from "../phone.js";
import { STAFF_ROLES } from "../staff-roles.js";

const Name = z.string().trim().max(80);
export const StaffRoleField = z.enum(STAFF_ROLES);

/**
 * An invitation: staff sign in with their email, so it is always given; the link to set the
 * password goes by email, or by SMS to `mobile` (`sendBy`, default: SMS when a mobile is given).
 * `locale`: the language of the message and of the page it opens.
 */
export const StaffInviteBody = z
  .object({
    firstName: Name.min(1, "First name is required"),
    lastName: Name.default(""),
    email: Email,
    mobile: BdMobile.optional(),
    role: StaffRoleField,
    sendBy: z.enum(["email", "sms"]).optional(),
    locale: LocaleField,
  })
  .refine((body) => body.sendBy !== "sms" || body.mobile !== undefined, {
    message: "A mobile number is needed to send the invitation by SMS",
    path: ["mobile"],
  });

export const StaffUpdateBody = z
  .object({ role: StaffRoleField.optional(), active: z.boolean().optional() })
  .refine((body) => body.role !== undefined || body.active !== undefined, {
    message: "Say the new role, or whether the account is active",
  });

/** The invitee's new password, with the link's token. */
export const StaffInviteAcceptBody = z.object({
  token: z.string().min(1, "The invitation link is incomplete").max(200),
  password: NewPassword,
});

export const StaffMemberAnswer = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string(),
  role: StaffRoleField.nullable(),
  active: z.boolean(),
  /** invited: the password is not set yet. */
  status: z.enum(["invited", "active", "deactivated"]),
  createdAt: z.date(),
});
export type StaffMemberAnswer = z.infer<typeof StaffMemberAnswer>;

export const StaffListAnswer = z.object({ staff: z.array(StaffMemberAnswer) });
export const StaffInviteAnswer = z.object({
  member: StaffMemberAnswer,
  sentBy: z.enum(["email", "sms"]),
});
