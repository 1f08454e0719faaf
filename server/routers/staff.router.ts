import { Router } from "express";
import { endpoint } from "../middleware/validate.js";
import { actingAdmin } from "../lib/acting-admin.js";
import { IdParams } from "#contract/schemas/common";
import { MessageAnswer } from "#contract/answers/common";
import {
  StaffInviteAcceptBody,
  StaffInviteAnswer,
  StaffInviteBody,
  StaffListAnswer,
  StaffMemberAnswer,
  StaffUpdateBody,
} from "#contract/schemas/staff";
import {
  acceptStaffInvite,
  inviteStaff,
  listStaff,
  revokeStaff,
  STAFF_TEXTS,
  updateStaff,
} from "../services/staff.service.js";

/** The owner's staff screen (docs/staff-roles.md) and the invitee's password link. */
export const adminStaffRouter = Router();
export const staffInviteRouter = Router();
const PREFIX = "/api/admin/staff";
const common = { tags: ["admin", "staff"], permission: "staff.manage" as const };

endpoint(adminStaffRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/",
  summary: "Every staff member: role, whether active, and whether the invitation is still open",
  responses: { 200: { description: "The staff", schema: StaffListAnswer } },
  handler: () => listStaff(),
});

endpoint(adminStaffRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/",
  summary:
    "Invites a person with a role: the link to set the password (single use, 3 days) goes by email, or by SMS to the mobile; an existing customer's account (same email) becomes staff",
  body: StaffInviteBody,
  status: 201,
  responses: {
    201: { description: "Invited", schema: StaffInviteAnswer },
    409: { description: STAFF_TEXTS.alreadyStaff },
    502: { description: STAFF_TEXTS.notSent },
  },
  handler: ({ body }, req) => inviteStaff(body, actingAdmin(req)),
});

endpoint(adminStaffRouter, PREFIX, {
  ...common,
  method: "put",
  path: "/:id",
  summary:
    "Changes a staff member's role or deactivates / reactivates them (not oneself; the last active owner stays); their tokens stop working at once",
  params: IdParams,
  body: StaffUpdateBody,
  responses: {
    200: { description: "The staff member", schema: StaffMemberAnswer },
    400: { description: STAFF_TEXTS.notSelf },
    404: { description: STAFF_TEXTS.notFound },
    409: { description: `${STAFF_TEXTS.lastOwner}; or ${STAFF_TEXTS.busy}` },
  },
  handler: ({ params, body }, req) => updateStaff(actingAdmin(req), params.id, body),
});

endpoint(adminStaffRouter, PREFIX, {
  ...common,
  method: "delete",
  path: "/:id",
  summary:
    "Removes a person from the staff (the account stays, as a customer's); every token of theirs stops working at once",
  params: IdParams,
  responses: {
    200: { description: "Revoked", schema: MessageAnswer },
    400: { description: STAFF_TEXTS.notSelf },
    404: { description: STAFF_TEXTS.notFound },
    409: { description: `${STAFF_TEXTS.lastOwner}; or ${STAFF_TEXTS.busy}` },
  },
  handler: ({ params }, req) => revokeStaff(actingAdmin(req), params.id),
});

endpoint(staffInviteRouter, "/auth/staff-invite", {
  method: "post",
  path: "/",
  summary: "The invitee sets their password with the invitation link's token (once)",
  tags: ["auth", "staff"],
  auth: "none",
  body: StaffInviteAcceptBody,
  responses: {
    200: { description: "Password set", schema: MessageAnswer },
    400: { description: STAFF_TEXTS.inviteInvalid },
    410: { description: `${STAFF_TEXTS.inviteExpired}; or ${STAFF_TEXTS.inviteUsed}` },
  },
  handler: ({ body }) => acceptStaffInvite(body.token, body.password),
});
