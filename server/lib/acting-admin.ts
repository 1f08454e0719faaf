import type { Request } from "express";

/** The admin behind a back-office change, as the change records it (who changed settings, blocked a number, recorded a payout). */
export interface ActingAdmin {
  id: string;
  email: string;
  name: string;
}

/** The signed-in admin of an admin-only route (requireAdmin has run, so `req.user` is set). */
export function actingAdmin(req: Request): ActingAdmin {
  const user = req.user!;
  return {
    id: String(user._id),
    email: user.email,
    name: `${user.firstName} ${user.lastName ?? ""}`.trim(),
  };
}
