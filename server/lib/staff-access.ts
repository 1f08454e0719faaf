import { ROLE_LABELS, STAFF_ROLES, type Permission, type StaffRole } from "#contract/staff-roles";
import type { UserDocument } from "../../models/user.model.js";

export const STAFF_MESSAGES = {
  deactivated: "Access denied - this staff account is deactivated",
  noRole: "Access denied - this staff account has no role yet: ask the shop owner",
} as const;

/** The staff role of an admin account; none (no permission at all) for an unknown or missing one. */
export function staffRoleOf(user: Pick<UserDocument, "role" | "staffRole">): StaffRole | null {
  if (user.role !== "ADMIN") return null;
  return STAFF_ROLES.find((role) => role === user.staffRole) ?? null;
}

/** The 403's text: what the role is and which permission the action needs. */
export function permissionRefusal(role: StaffRole | null, permission: Permission): string {
  if (!role) return STAFF_MESSAGES.noRole;
  return `Access denied - the ${ROLE_LABELS[role]} role does not have the "${permission}" permission`;
}
