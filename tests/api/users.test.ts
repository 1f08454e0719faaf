import jwt from "jsonwebtoken";
import request from "supertest";
import { PERMISSIONS } from "../../contract/staff-roles";
import { beforeEach, describe, expect, it } from "vitest";
import { User } from "../../models/user.model";
import { createApp } from "../../server/app";
import { getEnv } from "../../server/env";
import { ensureAdmin } from "../../server/seed/seed";
import { clearDatabase } from "../setup/db";
import { bearer, createAdmin, createUser, DEFAULT_PASSWORD } from "../factories/user";

const app = createApp();

function expectNoHash(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/\$2[aby]\$/);
  expect(text).not.toContain('"password"');
  expect(text).not.toContain("googleId");
}

beforeEach(async () => {
  await clearDatabase();
});

describe("tokens on /api/users/profile", () => {
  it("answers 401 `Authentication required` without a token", async () => {
    const answer = await request(app).get("/api/users/profile");
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: "Authentication required", code: "UNAUTHORIZED" });
  });

  it("answers 401 `Invalid or expired token` for expired, tampered, alg none, wrong secret and deleted-user tokens", async () => {
    const { user, token } = await createUser();
    const secret = getEnv().JWT_SECRET;
    const id = String(user._id);
    const expired = jwt.sign({}, secret, { algorithm: "HS256", subject: id, expiresIn: -10 });
    const [head, payload, signature] = token.split(".");
    const otherPayload = Buffer.from(
      JSON.stringify({ ...(jwt.decode(token) as object), sub: "0123456789abcdef01234567" }),
    ).toString("base64url");
    const tampered = `${head}.${otherPayload}.${signature}`;
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
    const wrongSecret = jwt.sign({}, "another-secret-that-is-long-enough-000000", {
      algorithm: "HS256",
      subject: id,
    });
    const deleted = await createUser();
    await User.deleteOne({ _id: deleted.user._id });
    for (const bad of [expired, tampered, none, wrongSecret, deleted.token, "garbage"]) {
      const answer = await request(app).get("/api/users/profile").set(bearer(bad));
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Invalid or expired token", code: "UNAUTHORIZED" });
    }
  });
});

describe("GET /api/users/profile", () => {
  it("answers the user without the password hash", async () => {
    const { user, token } = await createUser({
      email: "rahim@example.com",
      mobile: "01711000000",
      googleId: "google-sub-1",
      addresses: [{ firstName: "Rahim", city: "Dhaka", streetAddress: "Road 5" }],
    });
    const answer = await request(app).get("/api/users/profile").set(bearer(token));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      _id: String(user._id),
      firstName: "Karim",
      lastName: "Hossain",
      email: "rahim@example.com",
      mobile: "01711000000",
      phone: "",
      role: "CUSTOMER",
      isAdmin: false,
      isOTPVerified: false,
      authProvider: "local",
      addresses: [
        {
          _id: String(user.addresses[0]._id),
          firstName: "Rahim",
          city: "Dhaka",
          streetAddress: "Road 5",
        },
      ],
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
    });
    expectNoHash(answer.body);
  });
});

describe("PUT /api/users/profile", () => {
  it("updates names, email (lower-cased), mobile (normalised) and addresses", async () => {
    const { user, token } = await createUser();
    const answer = await request(app)
      .put("/api/users/profile")
      .set(bearer(token))
      .send({
        firstName: "Farhana",
        lastName: "Akter",
        email: "Farhana@Example.com",
        mobile: "+8801912345678",
        addresses: [
          { firstName: "Farhana", city: "Chattogram", zipCode: "4000", mobile: "01912345678" },
        ],
        role: "ADMIN",
        password: "sneaky-password",
      });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      firstName: "Farhana",
      lastName: "Akter",
      email: "farhana@example.com",
      mobile: "01912345678",
      role: "CUSTOMER",
    });
    expect(answer.body.addresses).toEqual([
      expect.objectContaining({ firstName: "Farhana", city: "Chattogram", zipCode: "4000" }),
    ]);
    expectNoHash(answer.body);
    const stored = await User.findById(user._id).select("+password").lean();
    expect(stored).toMatchObject({
      firstName: "Farhana",
      email: "farhana@example.com",
      mobile: "01912345678",
      role: "CUSTOMER",
    });
    expect(stored!.addresses).toHaveLength(1);
    expect(stored!.password).toBe(user.password);
  });

  it("answers 409 for an email of another account and 400 for a bad mobile", async () => {
    await createUser({ email: "taken@example.com" });
    const { user, token } = await createUser();
    const taken = await request(app)
      .put("/api/users/profile")
      .set(bearer(token))
      .send({ email: "TAKEN@example.com" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("An account with this email already exists");
    const badMobile = await request(app)
      .put("/api/users/profile")
      .set(bearer(token))
      .send({ mobile: "12345" });
    expect(badMobile.status).toBe(400);
    expect(badMobile.body.errors[0].path).toBe("mobile");
    expect((await User.findById(user._id).lean())!.email).toBe(user.email);
  });

  it("answers 401 without a token", async () => {
    const answer = await request(app).put("/api/users/profile").send({ firstName: "X" });
    expect(answer.status).toBe(401);
  });
});

describe("POST /api/users/change-password", () => {
  it("changes the password when the current one is right", async () => {
    const { user, token } = await createUser({ email: "pw@example.com" });
    const answer = await request(app)
      .post("/api/users/change-password")
      .set(bearer(token))
      .send({ currentPassword: DEFAULT_PASSWORD, newPassword: "brand-new-secret" });
    expect(answer.status).toBe(200);
    // The change revokes older tokens; the answer carries this session's new one.
    expect(answer.body).toEqual({
      message: "Password changed successfully",
      jwt: expect.any(String),
    });
    const stored = (await User.findById(user._id).select("+password"))!;
    expect(await stored.checkPassword("brand-new-secret")).toBe(true);
    await request(app)
      .post("/auth/signin")
      .send({ email: "pw@example.com", password: "brand-new-secret" })
      .expect(200);
  });

  it("answers 400 for a wrong current password and for a short new one", async () => {
    const { user, token } = await createUser();
    const wrong = await request(app)
      .post("/api/users/change-password")
      .set(bearer(token))
      .send({ currentPassword: "not-my-password", newPassword: "brand-new-secret" });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: "Current password is incorrect", code: "BAD_REQUEST" });
    const short = await request(app)
      .post("/api/users/change-password")
      .set(bearer(token))
      .send({ currentPassword: DEFAULT_PASSWORD, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([
      { path: "newPassword", message: "Password must have at least 8 characters" },
    ]);
    const stored = (await User.findById(user._id).select("+password"))!;
    expect(await stored.checkPassword(DEFAULT_PASSWORD)).toBe(true);
  });

  it("lets an account made with Google set its first password", async () => {
    const { user, token } = await createUser({
      password: null,
      authProvider: "google",
      googleId: "g-2",
    });
    const answer = await request(app)
      .post("/api/users/change-password")
      .set(bearer(token))
      .send({ newPassword: "first-password-1" });
    expect(answer.status).toBe(200);
    const stored = (await User.findById(user._id).select("+password"))!;
    expect(await stored.checkPassword("first-password-1")).toBe(true);
  });

  it("answers 401 without a token", async () => {
    const answer = await request(app)
      .post("/api/users/change-password")
      .send({ currentPassword: "x", newPassword: "brand-new-secret" });
    expect(answer.status).toBe(401);
  });
});

describe("GET /api/users/verify-admin", () => {
  it("answers {isAdmin: true}, the role and its permissions for an admin (the seeded kind: an owner)", async () => {
    const { token } = await createAdmin();
    const answer = await request(app).get("/api/users/verify-admin").set(bearer(token));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      isAdmin: true,
      role: "owner",
      permissions: [...PERMISSIONS],
      adminLocale: "en",
    });
  });

  it("answers 403 for a customer and 401 for a bad or missing token", async () => {
    const { token } = await createUser();
    const customer = await request(app).get("/api/users/verify-admin").set(bearer(token));
    expect(customer.status).toBe(403);
    expect(customer.body).toEqual({
      message: "Access denied - admin privileges required",
      code: "FORBIDDEN",
    });
    const bad = await request(app).get("/api/users/verify-admin").set(bearer("x.y.z"));
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe("Invalid or expired token");
    const missing = await request(app).get("/api/users/verify-admin");
    expect(missing.status).toBe(401);
  });
});

describe("PUT /api/users/admin-locale", () => {
  it("keeps each staff member's own back-office language, which the admin check then says", async () => {
    const { user: packer, token } = await createAdmin({ staffRole: "packer" });
    const { token: ownerToken } = await createAdmin();
    const chosen = await request(app)
      .put("/api/users/admin-locale")
      .set(bearer(token))
      .send({ adminLocale: "bn" });
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ adminLocale: "bn" });
    const check = await request(app).get("/api/users/verify-admin").set(bearer(token));
    expect(check.body.adminLocale).toBe("bn");
    // Another staff member's language is theirs: still English.
    const owner = await request(app).get("/api/users/verify-admin").set(bearer(ownerToken));
    expect(owner.body.adminLocale).toBe("en");
    // A preference, not part of the profile a user reads.
    const profile = await request(app).get("/api/users/profile").set(bearer(token));
    expect(profile.body).not.toHaveProperty("adminLocale");
    expect((await User.findById(packer._id).lean())?.adminLocale).toBe("bn");
  });

  it("refuses another language (400) or a customer (403), changing nothing", async () => {
    const { user: admin, token } = await createAdmin();
    const wrong = await request(app)
      .put("/api/users/admin-locale")
      .set(bearer(token))
      .send({ adminLocale: "fr" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { path: "adminLocale", message: 'Invalid option: expected one of "en"|"bn"' },
    ]);
    const { user: customer, token: customerToken } = await createUser();
    const refused = await request(app)
      .put("/api/users/admin-locale")
      .set(bearer(customerToken))
      .send({ adminLocale: "bn" });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: "Access denied - admin privileges required",
      code: "FORBIDDEN",
    });
    expect((await User.findById(admin._id).lean())?.adminLocale).toBe("en");
    expect((await User.findById(customer._id).lean())?.adminLocale).toBe("en");
  });
});

describe("GET /api/users/admin/customers", () => {
  it("lists users newest first with pagination", async () => {
    const { user: admin, token } = await createAdmin({
      createdAt: new Date("2026-01-01T00:00:00Z"),
    });
    for (let index = 0; index < 5; index += 1)
      await createUser({
        email: `c${index}@example.com`,
        createdAt: new Date(Date.UTC(2026, 1, 1 + index)),
      });
    const first = await request(app)
      .get("/api/users/admin/customers?page=1&limit=2")
      .set(bearer(token));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 6, page: 1, totalPages: 3 });
    expect(first.body.customers.map((c: { email: string }) => c.email)).toEqual([
      "c4@example.com",
      "c3@example.com",
    ]);
    const last = await request(app)
      .get("/api/users/admin/customers?page=3&limit=2")
      .set(bearer(token));
    expect(last.body.customers.map((c: { email: string }) => c.email)).toEqual([
      "c0@example.com",
      admin.email,
    ]);
    expect(last.body.customers[1].role).toBe("ADMIN");
    expectNoHash(first.body);
    expectNoHash(last.body);
    const defaults = await request(app).get("/api/users/admin/customers").set(bearer(token));
    expect(defaults.body).toMatchObject({ total: 6, page: 1, totalPages: 1 });
    expect(defaults.body.customers).toHaveLength(6);
  });

  it("searches by name, email and phone (regex characters are literal) and filters by role", async () => {
    const { token } = await createAdmin({ email: "boss@example.com" });
    await createUser({ firstName: "Sadia", email: "sadia@example.com", mobile: "01555000111" });
    await createUser({ firstName: "Tanvir", email: "tanvir@example.com", phone: "01666000222" });
    const byName = await request(app)
      .get("/api/users/admin/customers?search=sAdIa")
      .set(bearer(token));
    expect(byName.body.total).toBe(1);
    expect(byName.body.customers[0].email).toBe("sadia@example.com");
    const byPhone = await request(app)
      .get("/api/users/admin/customers?search=01666")
      .set(bearer(token));
    expect(byPhone.body.customers.map((c: { email: string }) => c.email)).toEqual([
      "tanvir@example.com",
    ]);
    const regex = await request(app).get("/api/users/admin/customers?search=.*").set(bearer(token));
    expect(regex.body).toMatchObject({ total: 0, customers: [], totalPages: 1 });
    const admins = await request(app)
      .get("/api/users/admin/customers?role=ADMIN")
      .set(bearer(token));
    expect(admins.body.customers.map((c: { email: string }) => c.email)).toEqual([
      "boss@example.com",
    ]);
    const badPage = await request(app)
      .get("/api/users/admin/customers?page=0&limit=500")
      .set(bearer(token));
    expect(badPage.status).toBe(400);
  });
});

describe("PUT /api/users/admin/customers/:id", () => {
  it("updates a customer's fields and role", async () => {
    const { token } = await createAdmin();
    const { user } = await createUser();
    const answer = await request(app)
      .put(`/api/users/admin/customers/${String(user._id)}`)
      .set(bearer(token))
      .send({
        firstName: "Mim",
        lastName: "Rahman",
        email: "Mim@Example.com",
        mobile: "01812000333",
        role: "ADMIN",
        isOTPVerified: true,
      });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      _id: String(user._id),
      firstName: "Mim",
      lastName: "Rahman",
      email: "mim@example.com",
      mobile: "01812000333",
      role: "ADMIN",
      isAdmin: true,
      isOTPVerified: true,
    });
    expectNoHash(answer.body);
    expect(await User.findById(user._id).lean()).toMatchObject({
      email: "mim@example.com",
      role: "ADMIN",
      isOTPVerified: true,
    });
  });

  it("answers 404 for an unknown id, 400 for a malformed one, 409 for a taken email, 400 when demoting oneself", async () => {
    const { user: admin, token } = await createAdmin();
    const { user } = await createUser();
    await createUser({ email: "taken@example.com" });
    const unknown = await request(app)
      .put("/api/users/admin/customers/0123456789abcdef01234567")
      .set(bearer(token))
      .send({ firstName: "X" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: "Customer not found", code: "NOT_FOUND" });
    const malformed = await request(app)
      .put("/api/users/admin/customers/not-an-id")
      .set(bearer(token))
      .send({ firstName: "X" });
    expect(malformed.status).toBe(400);
    const taken = await request(app)
      .put(`/api/users/admin/customers/${String(user._id)}`)
      .set(bearer(token))
      .send({ email: "taken@example.com" });
    expect(taken.status).toBe(409);
    const demote = await request(app)
      .put(`/api/users/admin/customers/${String(admin._id)}`)
      .set(bearer(token))
      .send({ role: "CUSTOMER" });
    expect(demote.status).toBe(400);
    expect(demote.body.message).toBe("You cannot remove your own admin role");
    expect((await User.findById(admin._id).lean())!.role).toBe("ADMIN");
  });
});

describe("DELETE /api/users/admin/customers/:id", () => {
  it("deletes a customer", async () => {
    const { token } = await createAdmin();
    const { user } = await createUser();
    const answer = await request(app)
      .delete(`/api/users/admin/customers/${String(user._id)}`)
      .set(bearer(token));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: "Customer deleted successfully" });
    expect(await User.exists({ _id: user._id })).toBeNull();
  });

  it("refuses to delete oneself (400) and answers 404 for an unknown id", async () => {
    const { user: admin, token } = await createAdmin();
    const self = await request(app)
      .delete(`/api/users/admin/customers/${String(admin._id)}`)
      .set(bearer(token));
    expect(self.status).toBe(400);
    expect(self.body).toEqual({
      message: "You cannot delete your own account",
      code: "BAD_REQUEST",
    });
    expect(await User.exists({ _id: admin._id })).not.toBeNull();
    const unknown = await request(app)
      .delete("/api/users/admin/customers/0123456789abcdef01234567")
      .set(bearer(token));
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Customer not found");
  });
});

describe("POST /api/users/admin/customers/:id/reset-password", () => {
  it("sets a new password the customer can sign in with", async () => {
    const { token } = await createAdmin();
    const { user } = await createUser({ email: "forgot@example.com" });
    const answer = await request(app)
      .post(`/api/users/admin/customers/${String(user._id)}/reset-password`)
      .set(bearer(token))
      .send({ newPassword: "reset-by-admin-1" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: "Password reset successfully" });
    await request(app)
      .post("/auth/signin")
      .send({ email: "forgot@example.com", password: "reset-by-admin-1" })
      .expect(200);
    const stored = (await User.findById(user._id).select("+password"))!;
    expect(stored.password).toMatch(/^\$2[aby]\$/);
  });

  it("answers 400 for a short password and 404 for an unknown id", async () => {
    const { token } = await createAdmin();
    const { user } = await createUser();
    const short = await request(app)
      .post(`/api/users/admin/customers/${String(user._id)}/reset-password`)
      .set(bearer(token))
      .send({ newPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([
      { path: "newPassword", message: "Password must have at least 8 characters" },
    ]);
    const unknown = await request(app)
      .post("/api/users/admin/customers/0123456789abcdef01234567/reset-password")
      .set(bearer(token))
      .send({ newPassword: "long-enough-1" });
    expect(unknown.status).toBe(404);
  });
});

describe("non-admins under /api/users/admin", () => {
  it("get 403 from every admin endpoint and 401 without a token, changing nothing", async () => {
    const { user: other } = await createUser({ firstName: "Other" });
    const { token } = await createUser();
    const id = String(other._id);
    const calls = [
      () => request(app).get("/api/users/admin/customers"),
      () => request(app).put(`/api/users/admin/customers/${id}`).send({ role: "ADMIN" }),
      () => request(app).delete(`/api/users/admin/customers/${id}`),
      () =>
        request(app)
          .post(`/api/users/admin/customers/${id}/reset-password`)
          .send({ newPassword: "hijacked-123" }),
    ];
    for (const call of calls) {
      const forbidden = await call().set(bearer(token));
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.message).toBe("Access denied - admin privileges required");
      const anonymous = await call();
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe("Authentication required");
    }
    const stored = (await User.findById(other._id).select("+password"))!;
    expect(stored.role).toBe("CUSTOMER");
    expect(await stored.checkPassword(DEFAULT_PASSWORD)).toBe(true);
  });
});

describe("ensureAdmin (npm run admin:create)", () => {
  it("creates an admin, promotes an existing account, and leaves an admin unchanged", async () => {
    expect(await ensureAdmin("Owner@Shop.com.bd", "owner-secret-1")).toBe("created");
    const created = (await User.findOne({ email: "owner@shop.com.bd" }).select("+password"))!;
    expect(created.role).toBe("ADMIN");
    expect(await created.checkPassword("owner-secret-1")).toBe(true);
    expect(await ensureAdmin("owner@shop.com.bd", "ignored-123")).toBe("unchanged");

    const { user } = await createUser({ email: "promote@example.com" });
    expect(await ensureAdmin("promote@example.com", "whatever-123")).toBe("promoted");
    const promoted = (await User.findById(user._id).select("+password"))!;
    expect(promoted.role).toBe("ADMIN");
    // Whoever registered the email first must not keep access: the password given replaces theirs.
    expect(await promoted.checkPassword("whatever-123")).toBe(true);
    expect(await promoted.checkPassword(DEFAULT_PASSWORD)).toBe(false);
  });
});

describe("GET /api/openapi.json (accounts)", () => {
  it("documents every accounts endpoint", async () => {
    const answer = await request(app).get("/api/openapi.json");
    expect(answer.status).toBe(200);
    const paths = answer.body.paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths["/auth/signup"])).toEqual(["post"]);
    expect(paths["/auth/signin"].post).toBeDefined();
    expect(paths["/auth/otp/send"].post).toBeDefined();
    expect(paths["/auth/otp/verify"].post).toBeDefined();
    expect(paths["/auth/update-phone"].put).toBeDefined();
    expect(paths["/auth/google"].get).toBeDefined();
    expect(paths["/auth/google/callback"].get).toBeDefined();
    expect(Object.keys(paths["/api/users/profile"]).sort()).toEqual(["get", "put"]);
    expect(paths["/api/users/change-password"].post).toBeDefined();
    expect(paths["/api/users/verify-admin"].get).toBeDefined();
    expect(paths["/api/users/admin/customers"].get).toBeDefined();
    expect(Object.keys(paths["/api/users/admin/customers/{id}"]).sort()).toEqual(["delete", "put"]);
    expect(paths["/api/users/admin/customers/{id}/reset-password"].post).toBeDefined();
  });
});
