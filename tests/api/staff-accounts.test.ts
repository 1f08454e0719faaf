import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { User } from "../../models/user.model";
import type { createApp } from "../../server/app";
import { staffInviteToken } from "../../server/services/staff.service";
import type { SmsGatewayStub } from "../stubs/sms-gateway";
import type { SmtpStub } from "../stubs/smtp";
import { clearDatabase } from "../setup/db";
import { useSmsGateway } from "../setup/sms";
import { useSmtpServer } from "../setup/smtp";
import { bearer, createAdmin } from "../factories/user";

const PUBLIC_URL = "http://shop.test";
let smtp: SmtpStub;
let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;

useSmtpServer((stub) => (smtp = stub), { EMAIL_FROM: "Tweest <staff@tweest.test>", PUBLIC_URL });
useSmsGateway((context) => {
  sms = context.sms;
  app = context.app;
});

let owner: Awaited<ReturnType<typeof createAdmin>>;
beforeEach(async () => {
  await clearDatabase();
  owner = await createAdmin();
});

const invite = (body: Record<string, unknown>) =>
  request(app).post("/api/admin/staff").set(bearer(owner.token)).send(body);
const tokenIn = (text: string) => /[?&]t=([\w-]+)/.exec(text)?.[1] ?? "";
const accept = (token: string, password = "packer-pass-42") =>
  request(app).post("/auth/staff-invite").send({ token, password });
const signIn = (email: string, password: string) =>
  request(app).post("/auth/signin").send({ email, password });

describe("inviting staff", () => {
  it("emails a single-use link; the password it sets signs the packer in with the packer's rights", async () => {
    const answer = await invite({ firstName: "Rafi", email: "rafi@example.com", role: "packer" });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      sentBy: "email",
      member: { email: "rafi@example.com", role: "packer", active: true, status: "invited" },
    });
    await expect.poll(() => smtp.messages.length).toBe(1);
    const mail = smtp.messages[0];
    expect(mail.subject).toBe("Tweest: your staff account");
    expect(mail.text).toContain(`${PUBLIC_URL}/staff-invite?t=`);
    const token = tokenIn(mail.text);

    expect(await accept(token).then((r) => [r.status, r.body])).toEqual([
      200,
      { message: "Your password is set: sign in with your email" },
    ]);
    const reused = await accept(token, "another-pass-42");
    expect(reused.status).toBe(410);
    expect(reused.body).toEqual({
      message: "This invitation link has already been used",
      code: "INVITE_USED",
    });
    const signedIn = await signIn("rafi@example.com", "packer-pass-42");
    expect(signedIn.status).toBe(200);
    const check = await request(app).get("/api/users/verify-admin").set(bearer(signedIn.body.jwt));
    expect(check.body.role).toBe("packer");
    const list = await request(app).get("/api/admin/staff").set(bearer(owner.token));
    expect(
      list.body.staff.map((m: { email: string; status: string }) => [m.email, m.status]),
    ).toEqual([
      [owner.user.email, "active"],
      ["rafi@example.com", "active"],
    ]);
  });

  it("texts the link in Bangla to a mobile", async () => {
    const answer = await invite({
      firstName: "Mita",
      email: "mita@example.com",
      mobile: "01712000111",
      role: "orderDesk",
      locale: "bn",
    });
    expect(answer.status).toBe(201);
    expect(answer.body.sentBy).toBe("sms");
    await expect
      .poll(() => sms.lastTo("01712000111")?.message ?? "")
      .toContain(`${PUBLIC_URL}/bn/staff-invite?t=`);
    expect(sms.lastTo("01712000111")!.message).toMatch(/^Tweest: আপনাকে দোকানের স্টাফ/);
  });

  it("refuses an expired link, a link with a wrong signature, and someone already on the staff", async () => {
    await invite({ firstName: "Rafi", email: "rafi@example.com", role: "packer" });
    const user = (await User.findOne({ email: "rafi@example.com" }).select("+inviteNonce"))!;
    const nonce = user.get("inviteNonce") as string;
    const expired = await accept(
      staffInviteToken(String(user._id), nonce, new Date(Date.now() - 1000)),
    );
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({
      message: "This invitation link has expired: ask the shop owner for a new one",
      code: "INVITE_EXPIRED",
    });
    const valid = staffInviteToken(String(user._id), nonce, new Date(Date.now() + 60_000));
    const forged = `${valid.slice(0, -2)}${valid.endsWith("AA") ? "BB" : "AA"}`;
    const wrong = await accept(forged);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      message: "This invitation link is not valid",
      code: "BAD_REQUEST",
    });
    // Neither set a password.
    expect((await User.findById(user._id).select("+password"))!.password).toBeUndefined();
    const again = await invite({ firstName: "Rafi", email: "rafi@example.com", role: "owner" });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      message: "This person is already on the staff",
      code: "ALREADY_STAFF",
    });
  });
});

describe("changing and revoking staff", () => {
  it("revokes: the next request with the person's token is refused", async () => {
    const packer = await createAdmin({ staffRole: "packer" });
    const before = await request(app).get("/api/admin/orders").set(bearer(packer.token));
    expect(before.status).toBe(200);
    const revoked = await request(app)
      .delete(`/api/admin/staff/${String(packer.user._id)}`)
      .set(bearer(owner.token));
    expect(revoked.status).toBe(200);
    const after = await request(app).get("/api/admin/orders").set(bearer(packer.token));
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: "Invalid or expired token", code: "UNAUTHORIZED" });
    expect((await User.findById(packer.user._id).lean())!.role).toBe("CUSTOMER");
  });

  it("deactivates: tokens stop at once, and signing in again gives no back office", async () => {
    const desk = await createAdmin({ staffRole: "orderDesk" });
    const answer = await request(app)
      .put(`/api/admin/staff/${String(desk.user._id)}`)
      .set(bearer(owner.token))
      .send({ active: false });
    expect(answer.body).toMatchObject({ active: false, status: "deactivated" });
    expect((await request(app).get("/api/admin/orders").set(bearer(desk.token))).status).toBe(401);
    const again = await signIn(desk.user.email, desk.password);
    const refused = await request(app).get("/api/admin/orders").set(bearer(again.body.jwt));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: "Access denied - this staff account is deactivated",
      code: "STAFF_DEACTIVATED",
    });
  });

  it("keeps the last active owner, even when two owners demote each other at once", async () => {
    const self = await request(app)
      .put(`/api/admin/staff/${String(owner.user._id)}`)
      .set(bearer(owner.token))
      .send({ role: "manager" });
    expect(self.status).toBe(400);
    for (let round = 0; round < 5; round++) {
      await User.deleteMany({ _id: { $ne: owner.user._id } });
      const other = await createAdmin();
      const ownerToken = (await signIn(owner.user.email, owner.password)).body.jwt as string;
      const [first, second] = await Promise.all([
        request(app)
          .put(`/api/admin/staff/${String(other.user._id)}`)
          .set(bearer(ownerToken))
          .send({ role: "manager" }),
        request(app)
          .put(`/api/admin/staff/${String(owner.user._id)}`)
          .set(bearer(other.token))
          .send({ role: "manager" }),
      ]);
      const statuses = [first.status, second.status];
      // One demotion went through; the other met the last owner, or found its maker no longer an
      // owner (checked again once its turn came), or its token revoked.
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      for (const answer of [first, second].filter((a) => a.status !== 200))
        expect([
          {
            message: "The shop needs at least one active owner: make someone else owner first",
            code: "LAST_OWNER",
          },
          { message: "Invalid or expired token", code: "UNAUTHORIZED" },
          {
            message: "Only the owner can change a staff member's account or make someone staff",
            code: "PERMISSION_DENIED",
          },
        ]).toContainEqual(answer.body);
      expect(await User.countDocuments({ role: "ADMIN", staffRole: "owner" })).toBe(1);
      // Put the original owner back for the next round.
      await User.updateOne({ _id: owner.user._id }, { $set: { staffRole: "owner" } });
    }
  });
});
