import type { NextFunction, Request, Response } from "express";
import mongoose from "mongoose";
import { User, type UserDocument } from "../../models/user.model.js";
import { forbidden, unauthorized } from "../lib/http-error.js";
import { verifyUserToken } from "../lib/jwt.js";

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

export async function requireAdmin(req: Request, _res: Response, next: NextFunction) {
  const user = await loadUser(req);
  if (!user) throw unauthorized("Authentication required");
  if (user.role !== "ADMIN") throw forbidden("Access denied - admin privileges required");
  req.user = user;
  next();
}
