import jwt from "jsonwebtoken";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { getEnv } from "../../server/env";
import { signToken, signUserToken, TOKEN_AUDIENCES } from "../../server/lib/jwt";
import { readGoogleState } from "../../server/services/auth.service";
import { GOOGLE_SIGN_IN_REFUSALS } from "#contract/google-sign-in";
import { bearer, createAdmin } from "../factories/user";

/**
 * Every token the shop signs shares JWT_SECRET; its audience says what kind it is. A token of one
 * kind, genuinely signed by the shop, must not pass where another kind is read.
 */
const app = createApp();

/** A token signed with the shop's own secret, as the admin, for the audience given. */
function adminTokenFor(adminId: string, audience: string | undefined, expiresIn = "1h") {
  return jwt.sign({ v: 0 }, getEnv().JWT_SECRET, {
    algorithm: "HS256",
    subject: adminId,
    expiresIn: expiresIn as "1h",
    ...(audience === undefined ? {} : { audience }),
  });
}

describe("tokens of one kind are refused where another is expected", () => {
  it("refuses a Google state's, a pending link's or any other audience as a session (401)", async () => {
    const { user } = await createAdmin();
    const adminId = String(user._id);
    for (const audience of [
      TOKEN_AUDIENCES.googleState,
      TOKEN_AUDIENCES.googleLink,
      "tweest:something-else",
    ]) {
      const token = adminTokenFor(adminId, audience);
      for (const path of ["/api/users/profile", "/api/admin/dashboard"]) {
        const answer = await request(app).get(path).set(bearer(token));
        expect(answer.status, `${audience} on ${path}`).toBe(401);
        expect(answer.body).toEqual({ message: "Invalid or expired token", code: "UNAUTHORIZED" });
      }
    }
    // The session kind itself is what the API takes.
    const session = signUserToken(adminId);
    expect(jwt.decode(session)).toMatchObject({ aud: TOKEN_AUDIENCES.session, sub: adminId });
    expect((await request(app).get("/api/admin/dashboard").set(bearer(session))).status).toBe(200);
  });

  it("keeps a session token from before audiences working until it expires, not after", async () => {
    const { user } = await createAdmin();
    const adminId = String(user._id);
    const legacy = adminTokenFor(adminId, undefined);
    expect((await request(app).get("/api/users/profile").set(bearer(legacy))).status).toBe(200);
    const expired = adminTokenFor(adminId, undefined, "-1s");
    expect((await request(app).get("/api/users/profile").set(bearer(expired))).status).toBe(401);
  });

  it("refuses a session token, or a pending link, as a Google sign-in's state", () => {
    const nonce = "a-nonce-from-the-cookie-1234";
    for (const kind of ["session", "googleLink"] as const) {
      const token = signToken(kind, { r: "/account", n: nonce }, { expiresIn: 600 });
      expect(() => readGoogleState(token, nonce)).toThrow(
        expect.objectContaining({ message: GOOGLE_SIGN_IN_REFUSALS.badState }),
      );
    }
    const state = signToken("googleState", { r: "/account", n: nonce }, { expiresIn: 600 });
    expect(readGoogleState(state, nonce)).toEqual({ redirect: "/account", locale: "en" });
  });
});
