import type { NextFunction, Request, RequestHandler, Response } from "express";
import { roleAllows, type Permission } from "#contract/staff-roles";
import mongoose from "mongoose";
import { User, type UserDocument } from "../../models/user.model.js";
import { forbidden, unauthorized } from "../lib/http-error.js";
import { verifyUserToken } from "../lib/jwt.js";
import { permissionRefusal, STAFF_MESSAGES, staffRoleOf } from "../lib/staff-access.js";

declare module "express-serve-static-core" {
  interface Request {
    /** The signed-in user, when a valid bearer token came with the request. */
    user?: UserDocument;
  }
}

function bearerToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header?.startsWith("Bearer ")) return undefined;
  const token = header.slice(7).trim();
  return token && token !== "null" && token !== "undefined" ? token : undefined;
}

async function loadUser(req: Request): Promise<UserDocument | undefined> {
  const token = bearerToken(req);
  if (!token) return undefined;
  const claims = verifyUserToken(token);
  if (!claims || !mongoose.isValidObjectId(claims.userId))
    throw unauthorized("Invalid or expired token");
  const user = (await User.findById(claims.userId)) as UserDocument | null;
  // A token older than the last password change or reset is revoked.
  if (!user || (user.tokenVersion ?? 0) !== claims.version)
    throw unauthorized("Invalid or expired token");
  return user;
}

/** Sets req.user when a token is present; a bad token is still a 401. */
export async function getOptionalUser(req: Request, _res: Response, next: NextFunction) {
  req.user = await loadUser(req);
  next();
}

export async function requireUser(req: Request, _res: Response, next: NextFunction) {
  const user = await loadUser(req);
  if (!user) throw unauthorized("Authentication required");
  req.user = user;
  next();
}

/** The staff member behind an admin request, or the refusal: 401 without a valid token, 403 otherwise. */
async function loadStaff(req: Request): Promise<UserDocument> {
  const user = await loadUser(req);
  if (!user) throw unauthorized("Authentication required");
  if (user.role !== "ADMIN") throw forbidden("Access denied - admin privileges required");
  if (user.staffActive === false) throw forbidden(STAFF_MESSAGES.deactivated, "STAFF_DEACTIVATED");
  return user;
}

/**
 * The guard endpoint() puts before every admin route: the signed-in staff member's role must hold
 * `permission` (any one of a list). The user is the one already read for the token: no extra query.
 */
export function requirePermission(permission: Permission | readonly Permission[]): RequestHandler {
  const wanted = typeof permission === "string" ? [permission] : permission;
  return async (req, _res, next) => {
    const user = await loadStaff(req);
    const role = staffRoleOf(user);
    if (!wanted.some((one) => roleAllows(role, one)))
      throw forbidden(permissionRefusal(role, wanted[0]), "PERMISSION_DENIED");
    req.user = user;
    next();
  };
}

/** For a route that moves to several permissions by its input (an order's status): throws the 403. */
export function assertPermission(req: Request, permission: Permission): void {
  const role = staffRoleOf(req.user!);
  if (!roleAllows(role, permission))
    throw forbidden(permissionRefusal(role, permission), "PERMISSION_DENIED");
}
