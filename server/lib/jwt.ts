import jwt from "jsonwebtoken";
import { getEnv } from "../env.js";

const TOKEN_LIFETIME = "7d";

export function signUserToken(userId: string): string {
  return jwt.sign({}, getEnv().JWT_SECRET, {
    algorithm: "HS256",
    expiresIn: TOKEN_LIFETIME,
    subject: userId,
  });
}

/** Returns the user id of a valid token, or undefined. The algorithm is pinned: no `none`, no RS/HS confusion. */
export function verifyUserToken(token: string): string | undefined {
  try {
    const payload = jwt.verify(token, getEnv().JWT_SECRET, { algorithms: ["HS256"] });
    return typeof payload === "object" && typeof payload.sub === "string" ? payload.sub : undefined;
  } catch {
    return undefined;
  }
}
