import bcrypt from "bcrypt";
import jwt from "jsonwebtoken";
import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Otp } from "../../models/otp.model";
import { RateLimit } from "../../models/rate-limit.model";
import { User } from "../../models/user.model";
import { createApp } from "../../server/app";
import { getEnv, resetEnvForTests } from "../../server/env";
import { MOBILE_MESSAGES } from "#contract/phone";
import { MongoRateLimitStore } from "../../server/middleware/rate-limit";
import { hashOtp } from "../../server/services/otp.service";
import { SIGN_IN_HOOKS, type SignInHook } from "../../server/sign-in-hooks";
import { clearDatabase } from "../setup/db";
import { withEnv } from "../setup/env";
import { changeShopSettings } from "../factories/shop-settings";
import { createUser, DEFAULT_PASSWORD } from "../factories/user";
import { useSmsGateway } from "../setup/sms";
import type { SmsGatewayStub } from "../stubs/sms-gateway";

// These tests play several clients behind a reverse proxy on this machine (X-Forwarded-For).
process.env.TRUST_PROXY = "loopback";
resetEnvForTests();

let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;
const hookCalls: string[] = [];
/** Watches sign-ins: the app runs it after the shop's own sign-in hooks. */
const recordSignIn: SignInHook = async ({ userId }) => {
  hookCalls.push(userId);
};

const PHONE = "01712345678";

function expectNoHash(body: unknown) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/\$2[aby]\$/);
  expect(text).not.toContain('"password"');
}

useSmsGateway((gateway) => ({ sms, app } = gateway), {
  signInHooks: [...SIGN_IN_HOOKS, recordSignIn],
});

beforeEach(async () => {
  await clearDatabase();
  sms.balance = 100;
  hookCalls.length = 0;
});

describe("POST /auth/signup", () => {
  it("creates the account (email lower-cased, mobile normalised, password hashed) and answers 201 with a JWT", async () => {
    const answer = await request(app).post("/auth/signup").send({
      firstName: "Nusrat",
      lastName: "Jahan",
      email: "  Nusrat.Jahan@Example.COM ",
      password: "long-enough-pw",
      mobile: "+880 1812-345678",
      role: "ADMIN", // unknown to the schema: ignored
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      jwt: expect.any(String),
      message: "Signup successful",
      requireOTPVerification: true,
    });
    const stored = await User.findOne({ email: "nusrat.jahan@example.com" }).select("+password");
    expect(stored).not.toBeNull();
    expect(stored!.firstName).toBe("Nusrat");
    expect(stored!.mobile).toBe("01812345678");
    expect(stored!.role).toBe("CUSTOMER");
    expect(stored!.authProvider).toBe("local");
    // bcrypt at the configured cost (12 by default; the suite lowers it, see tests/setup).
    const rounds = String(getEnv().BCRYPT_ROUNDS).padStart(2, "0");
    expect(stored!.password).toMatch(new RegExp(`^\\$2[aby]\\$${rounds}\\$`));
    expect(await bcrypt.compare("long-enough-pw", stored!.password!)).toBe(true);
    const claims = jwt.verify(answer.body.jwt, getEnv().JWT_SECRET, {
      algorithms: ["HS256"],
    }) as jwt.JwtPayload;
    expect(claims.sub).toBe(String(stored!._id));
    expect(claims.exp! - claims.iat!).toBe(7 * 24 * 3600);
    expect(jwt.decode(answer.body.jwt, { complete: true })!.header.alg).toBe("HS256");
    expect(hookCalls).toEqual([String(stored!._id)]);
    expectNoHash(answer.body);
  });

  it("answers 409 when the email is taken, whatever its case", async () => {
    await createUser({ email: "taken@example.com" });
    const answer = await request(app).post("/auth/signup").send({
      firstName: "A",
      lastName: "B",
      email: "TAKEN@example.com",
      password: "long-enough-pw",
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      message: "An account with this email already exists",
      code: "EMAIL_TAKEN",
    });
    expect(await User.countDocuments({ email: "taken@example.com" })).toBe(1);
  });

  it("answers 400 for a short password, a bad email or a bad mobile, naming the field", async () => {
    const answer = await request(app).post("/auth/signup").send({
      firstName: "A",
      lastName: "B",
      email: "not-an-email",
      password: "short",
      mobile: "01234",
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Invalid input");
    expect(answer.body.errors).toEqual(
      expect.arrayContaining([
        { path: "email", message: "Enter a valid email address" },
        { path: "password", message: "Password must have at least 8 characters" },
        { path: "mobile", message: MOBILE_MESSAGES.unknownOperator },
      ]),
    );
    expect(await User.countDocuments()).toBe(0);
  });

  it("refuses an operator object instead of the email with a 400", async () => {
    const answer = await request(app)
      .post("/auth/signup")
      .send({ firstName: "A", email: { $gt: "" }, password: "long-enough-pw" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Invalid input: operator keys are not allowed");
    expect(await User.countDocuments()).toBe(0);
  });
});

describe("POST /auth/signin", () => {
  it("answers 200 with a JWT and requireOTPVerification from the user, email in any case", async () => {
    const { user } = await createUser({ email: "rahim@example.com", isOTPVerified: true });
    const answer = await request(app)
      .post("/auth/signin")
      .send({ email: "Rahim@Example.com", password: DEFAULT_PASSWORD });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      jwt: expect.any(String),
      message: "Signin successful",
      requireOTPVerification: false,
    });
    expect(jwt.decode(answer.body.jwt)!.sub).toBe(String(user._id));
    expect(hookCalls).toEqual([String(user._id)]);
    expectNoHash(answer.body);

    const unverified = await createUser({ email: "new@example.com" });
    const second = await request(app)
      .post("/auth/signin")
      .send({ email: "new@example.com", password: unverified.password });
    expect(second.body.requireOTPVerification).toBe(true);
  });

  it("answers 401 `Invalid email or password` for a wrong password, an unknown email and a Google-only account", async () => {
    await createUser({ email: "rahim@example.com" });
    await createUser({
      email: "google@example.com",
      password: null,
      authProvider: "google",
      googleId: "g-1",
    });
    for (const body of [
      { email: "rahim@example.com", password: "wrong-password" },
      { email: "nobody@example.com", password: DEFAULT_PASSWORD },
      { email: "google@example.com", password: "anything-at-all" },
    ]) {
      const answer = await request(app).post("/auth/signin").send(body);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: "Invalid email or password", code: "UNAUTHORIZED" });
    }
    expect(hookCalls).toEqual([]);
  });

  it('refuses operator injection `{email: {$gt: ""}}` and non-string fields with a 400', async () => {
    await createUser({ email: "rahim@example.com" });
    const injected = await request(app)
      .post("/auth/signin")
      .send({ email: { $gt: "" }, password: DEFAULT_PASSWORD });
    expect(injected.status).toBe(400);
    expect(injected.body).toEqual({
      message: "Invalid input: operator keys are not allowed",
      code: "OPERATOR_REJECTED",
    });
    const objectEmail = await request(app)
      .post("/auth/signin")
      .send({ email: { toString: "x" }, password: DEFAULT_PASSWORD });
    expect(objectEmail.status).toBe(400);
    expect(objectEmail.body.message).toBe("Invalid input");
    expect(objectEmail.body.errors[0].path).toBe("email");
  });
});

describe("rate limits (stored in MongoDB)", () => {
  it("stops failed sign-ins per account and address after AUTH_RATE_LIMIT_ACCOUNT_PER_15_MIN (successes do not count)", async () => {
    await createUser({ email: "target@example.com" });
    await withEnv({ AUTH_RATE_LIMIT_ACCOUNT_PER_15_MIN: "3" }, async () => {
      const ok = await request(app)
        .post("/auth/signin")
        .send({ email: "target@example.com", password: DEFAULT_PASSWORD });
      expect(ok.status).toBe(200);
      // The success is taken back when its answer finishes (asynchronously).
      await expect
        .poll(async () => {
          const counter = await RateLimit.findById("signin-account:target@example.com").lean();
          return counter!.hits;
        })
        .toBe(0);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const wrong = await request(app)
          .post("/auth/signin")
          .send({ email: "TARGET@example.com", password: `wrong-${attempt}` });
        expect(wrong.status).toBe(401);
      }
      const limited = await request(app)
        .post("/auth/signin")
        .send({ email: "target@example.com", password: DEFAULT_PASSWORD });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({
        message:
          "Too many failed sign-in attempts for this account. Please try again in 15 minutes.",
        code: "RATE_LIMITED",
      });
      expect(limited.headers["ratelimit-policy"]).toBe("3;w=900");
      // Another account from the same address is not affected.
      const other = await request(app)
        .post("/auth/signin")
        .send({ email: "other@example.com", password: "whatever-1" });
      expect(other.status).toBe(401);
    });
    // The refusal counts for this address (the 4th attempt included); the account's failures over
    // every address (which slow its sign-ins down, never refuse them) are the three that ran.
    const [fromHere] = await RateLimit.find({
      _id: /^signin-account-ip:target@example\.com /,
    }).lean();
    expect(fromHere!.hits).toBe(4);
    expect(fromHere!.resetAt.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const counter = await RateLimit.findById("signin-account:target@example.com").lean();
    expect(counter!.hits).toBe(3);
  });

  it("stops sign-ins per IP after AUTH_RATE_LIMIT_IP_PER_15_MIN, other IPs go on", async () => {
    await withEnv({ AUTH_RATE_LIMIT_IP_PER_15_MIN: "3" }, async () => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const answer = await request(app)
          .post("/auth/signin")
          .set("X-Forwarded-For", "203.0.113.9")
          .send({ email: `someone${attempt}@example.com`, password: "whatever-1" });
        expect(answer.status).toBe(401);
      }
      const limited = await request(app)
        .post("/auth/signin")
        .set("X-Forwarded-For", "203.0.113.9")
        .send({ email: "fresh@example.com", password: "whatever-1" });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(
        "Too many sign-in attempts from this network. Please try again in 15 minutes.",
      );
      const elsewhere = await request(app)
        .post("/auth/signin")
        .set("X-Forwarded-For", "198.51.100.7")
        .send({ email: "fresh@example.com", password: "whatever-1" });
      expect(elsewhere.status).toBe(401);
    });
    expect((await RateLimit.findById("signin-ip:203.0.113.9").lean())!.hits).toBe(4);
  });

  it("stops sign-ups per IP and per email", async () => {
    await withEnv(
      { AUTH_RATE_LIMIT_IP_PER_15_MIN: "2", AUTH_RATE_LIMIT_ACCOUNT_PER_15_MIN: "2" },
      async () => {
        const body = { firstName: "A", lastName: "B", password: "long-enough-pw" };
        const first = await request(app)
          .post("/auth/signup")
          .set("X-Forwarded-For", "203.0.113.20")
          .send({ ...body, email: "one@example.com" });
        expect(first.status).toBe(201);
        const again = await request(app)
          .post("/auth/signup")
          .set("X-Forwarded-For", "203.0.113.21")
          .send({ ...body, email: "one@example.com" });
        expect(again.status).toBe(409);
        const perEmail = await request(app)
          .post("/auth/signup")
          .set("X-Forwarded-For", "203.0.113.22")
          .send({ ...body, email: "One@example.com" });
        expect(perEmail.status).toBe(429);
        expect(perEmail.body.message).toBe(
          "Too many sign-up attempts for this email. Please try again in 15 minutes.",
        );
        await request(app)
          .post("/auth/signup")
          .set("X-Forwarded-For", "203.0.113.20")
          .send({ ...body, email: "two@example.com" })
          .expect(201);
        const perIp = await request(app)
          .post("/auth/signup")
          .set("X-Forwarded-For", "203.0.113.20")
          .send({ ...body, email: "three@example.com" });
        expect(perIp.status).toBe(429);
        expect(perIp.body.message).toBe(
          "Too many sign-up attempts from this network. Please try again in 15 minutes.",
        );
      },
    );
    expect(await User.countDocuments()).toBe(2);
  });

  it("stops OTP sends per IP after OTP_RATE_LIMIT_IP_PER_HOUR", async () => {
    await withEnv({ OTP_RATE_LIMIT_IP_PER_HOUR: "2" }, async () => {
      for (const phone of ["01711111111", "01722222222"])
        await request(app)
          .post("/auth/otp/send")
          .set("X-Forwarded-For", "203.0.113.30")
          .send({ phone })
          .expect(200);
      const limited = await request(app)
        .post("/auth/otp/send")
        .set("X-Forwarded-For", "203.0.113.30")
        .send({ phone: "01733333333" });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe(
        "Too many verification codes requested from this network. Please try again in 60 minutes.",
      );
    });
    expect(sms.messages).toHaveLength(2);
  });

  it("shares counters between app instances and store instances, and restarts an expired window", async () => {
    await withEnv({ AUTH_RATE_LIMIT_ACCOUNT_PER_15_MIN: "2" }, async () => {
      const other = createApp();
      const body = { email: "shared@example.com", password: "wrong-password" };
      await request(app).post("/auth/signin").send(body).expect(401);
      await request(other).post("/auth/signin").send(body).expect(401);
      await request(other).post("/auth/signin").send(body).expect(429);
      await request(app).post("/auth/signin").send(body).expect(429);
      // The window ended: counting starts again.
      await RateLimit.updateMany(
        { _id: /^signin-account-ip:shared@example\.com / },
        { $set: { resetAt: new Date(Date.now() - 1000) } },
      );
      await request(app).post("/auth/signin").send(body).expect(401);
    });
    const first = new MongoRateLimitStore("probe:");
    const second = new MongoRateLimitStore("probe:");
    expect((await first.increment("k")).totalHits).toBe(1);
    expect((await second.increment("k")).totalHits).toBe(2);
    await second.decrement("k");
    expect((await first.get("k"))!.totalHits).toBe(1);
    await first.resetKey("k");
    expect(await second.get("k")).toBeUndefined();
  });
});

describe("POST /auth/otp/send", () => {
  it("sends a 6-digit code through the SMS gateway and stores only its hash", async () => {
    const answer = await request(app).post("/auth/otp/send").send({ phone: "+8801712345678" });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ message: "Verification code sent", expiresIn: 300 });
    expect(sms.messages).toHaveLength(1);
    const [sent] = sms.messages;
    expect(sent.number).toBe("8801712345678");
    expect(sent.apiKey).toBe(sms.apiKey);
    expect(sent.senderId).toBe(sms.senderId);
    expect(sent.type).toBe("text");
    const code = sms.codeSentTo(PHONE);
    expect(sent.message).toBe(`Your Tweest verification code is ${code}. It expires in 5 minutes.`);
    const stored = await Otp.findOne({ phone: PHONE }).lean();
    expect(stored!.codeHash).toBe(hashOtp(PHONE, code));
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored!.attempts).toBe(0);
    const ttl = stored!.expiresAt!.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(295_000);
    expect(ttl).toBeLessThanOrEqual(300_000);
  });

  it("answers 429 when asked again within 60 s, and sends a fresh code after", async () => {
    await request(app).post("/auth/otp/send").send({ phone: PHONE }).expect(200);
    const firstCode = sms.codeSentTo(PHONE);
    const again = await request(app).post("/auth/otp/send").send({ phone: PHONE });
    expect(again.status).toBe(429);
    expect(again.body).toEqual({
      message: "Please wait 60 seconds before requesting another code.",
      code: "RATE_LIMITED",
    });
    expect(sms.messages).toHaveLength(1);

    await Otp.updateOne({ phone: PHONE }, { $set: { lastSentAt: new Date(Date.now() - 61_000) } });
    await request(app).post("/auth/otp/send").send({ phone: PHONE }).expect(200);
    expect(sms.messages).toHaveLength(2);
    const secondCode = sms.codeSentTo(PHONE);
    expect((await Otp.findOne({ phone: PHONE }).lean())!.codeHash).toBe(hashOtp(PHONE, secondCode));
    if (secondCode !== firstCode) {
      const old = await request(app)
        .post("/auth/otp/verify")
        .send({ phone: PHONE, otp: firstCode });
      expect(old.status).toBe(400);
    }
  });

  it("answers 429 after 5 codes in an hour for the same phone", async () => {
    const now = Date.now();
    await request(app).post("/auth/otp/send").send({ phone: PHONE }).expect(200);
    await Otp.updateOne(
      { phone: PHONE },
      {
        $set: {
          lastSentAt: new Date(now - 2 * 60_000),
          sends: [30, 20, 10, 5, 2].map((minutes) => new Date(now - minutes * 60_000)),
        },
      },
    );
    const answer = await request(app).post("/auth/otp/send").send({ phone: PHONE });
    expect(answer.status).toBe(429);
    expect(answer.body.message).toBe(
      "Too many codes requested for this number (at most 5 an hour). Please try again in 30 minutes.",
    );
    expect(sms.messages).toHaveLength(1);
    // A send older than an hour no longer counts.
    await Otp.updateOne(
      { phone: PHONE },
      { $set: { sends: [70, 20, 10, 5, 2].map((minutes) => new Date(now - minutes * 60_000)) } },
    );
    await request(app).post("/auth/otp/send").send({ phone: PHONE }).expect(200);
    expect(sms.messages).toHaveLength(2);
  });

  it("answers 502 when the gateway refuses (balance 0, unknown sender id) and gives the send back", async () => {
    sms.balance = 0;
    const noBalance = await request(app).post("/auth/otp/send").send({ phone: PHONE });
    expect(noBalance.status).toBe(502);
    expect(noBalance.body).toEqual({
      message: "Could not send the verification code. Please try again later.",
      code: "SMS_FAILED",
    });
    const stored = await Otp.findOne({ phone: PHONE }).lean();
    expect(stored!.codeHash).toBeUndefined();
    expect(stored!.sends).toHaveLength(0);

    sms.balance = 100;
    // The sender id is a shop setting (its first value came from SMS_SENDER_ID).
    await changeShopSettings((settings) => void (settings.sms.senderId = "UNKNOWN"));
    const badSender = await request(app).post("/auth/otp/send").send({ phone: PHONE });
    expect(badSender.status).toBe(502);
    await changeShopSettings((settings) => void (settings.sms.senderId = sms.senderId));
    expect(sms.messages).toHaveLength(0);
    // Not held against the 60-second rule.
    await request(app).post("/auth/otp/send").send({ phone: PHONE }).expect(200);
    expect(sms.messages).toHaveLength(1);
  });

  it("writes the code to the log (no gateway) when SMS is not configured", async () => {
    await withEnv({ SMS_BASE_URL: "", SMS_API_KEY: "" }, async () => {
      const answer = await request(app).post("/auth/otp/send").send({ phone: PHONE });
      expect(answer.status).toBe(200);
      expect(answer.body.expiresIn).toBe(300);
    });
    expect(sms.messages).toHaveLength(0);
    expect((await Otp.findOne({ phone: PHONE }).lean())!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers 400 for a number that is not a Bangladeshi mobile", async () => {
    const answer = await request(app).post("/auth/otp/send").send({ phone: "01212345678" });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { path: "phone", message: MOBILE_MESSAGES.unknownOperator },
    ]);
    expect(sms.messages).toHaveLength(0);
  });
});

describe("POST /auth/otp/verify", () => {
  it("answers {verified: true} for the right code, once", async () => {
    await request(app).post("/auth/otp/send").send({ phone: PHONE }).expect(200);
    const code = sms.codeSentTo(PHONE);
    const answer = await request(app)
      .post("/auth/otp/verify")
      .send({ phone: "+880 17 1234 5678", otp: code });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ verified: true });
    const stored = await Otp.findOne({ phone: PHONE }).lean();
    expect(stored!.verifiedAt).toBeInstanceOf(Date);
    expect(stored!.codeHash).toBeUndefined();
    const reused = await request(app).post("/auth/otp/verify").send({ phone: PHONE, otp: code });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe(
      "No verification code was requested for this number. Please request a new one.",
    );
  });

  it("answers 400 for a wrong code with the tries left, and refuses even the right code after 5 tries", async () => {
    await request(app).post("/auth/otp/send").send({ phone: PHONE }).expect(200);
    const code = sms.codeSentTo(PHONE);
    const wrong = code === "000000" ? "111111" : "000000";
    const expected = [
      "Incorrect verification code. 4 attempts left.",
      "Incorrect verification code. 3 attempts left.",
      "Incorrect verification code. 2 attempts left.",
      "Incorrect verification code. 1 attempt left.",
      "Incorrect verification code. No attempts left; please request a new code.",
    ];
    for (const message of expected) {
      const answer = await request(app).post("/auth/otp/verify").send({ phone: PHONE, otp: wrong });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message, code: "BAD_REQUEST" });
    }
    const right = await request(app).post("/auth/otp/verify").send({ phone: PHONE, otp: code });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe("Too many wrong attempts. Please request a new code.");
    const stored = await Otp.findOne({ phone: PHONE }).lean();
    expect(stored!.attempts).toBe(5);
    expect(stored!.verifiedAt).toBeNull();
  });

  it("answers 400 for an expired code", async () => {
    await request(app).post("/auth/otp/send").send({ phone: PHONE }).expect(200);
    const code = sms.codeSentTo(PHONE);
    await Otp.updateOne({ phone: PHONE }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const answer = await request(app).post("/auth/otp/verify").send({ phone: PHONE, otp: code });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(
      "The verification code has expired. Please request a new one.",
    );
    expect((await Otp.findOne({ phone: PHONE }).lean())!.verifiedAt).toBeNull();
  });

  it("answers 400 when no code was requested, and for a code that is not 6 digits", async () => {
    const none = await request(app).post("/auth/otp/verify").send({ phone: PHONE, otp: "123456" });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(
      "No verification code was requested for this number. Please request a new one.",
    );
    const short = await request(app).post("/auth/otp/verify").send({ phone: PHONE, otp: "12345" });
    expect(short.status).toBe(400);
    expect(short.body.errors).toEqual([{ path: "otp", message: "The code has 6 digits" }]);
  });
});

describe("PUT /auth/update-phone", () => {
  /** Verifies `phone` as the account of `token` (the verification belongs to that account). */
  async function verifyPhone(phone: string, token?: string) {
    await request(app).post("/auth/otp/send").send({ phone }).expect(200);
    const verify = request(app).post("/auth/otp/verify");
    if (token) void verify.set("Authorization", `Bearer ${token}`);
    await verify.send({ phone, otp: sms.codeSentTo(phone) }).expect(200);
  }

  it("saves a phone verified in the last 10 minutes and marks the user OTP-verified", async () => {
    const { user, token } = await createUser();
    await verifyPhone(PHONE, token);
    const answer = await request(app)
      .put("/auth/update-phone")
      .set("Authorization", `Bearer ${token}`)
      .send({ phone: "+8801712345678" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      _id: String(user._id),
      phone: PHONE,
      mobile: PHONE,
      isOTPVerified: true,
      email: user.email,
    });
    expectNoHash(answer.body);
    const stored = await User.findById(user._id).lean();
    expect(stored).toMatchObject({ phone: PHONE, mobile: PHONE, isOTPVerified: true });
    // The verification is used up.
    const again = await request(app)
      .put("/auth/update-phone")
      .set("Authorization", `Bearer ${token}`)
      .send({ phone: PHONE });
    expect(again.status).toBe(400);
  });

  it("refuses a phone without a verified OTP, verified for another number, or verified over 10 minutes ago", async () => {
    const { user, token } = await createUser();
    const unverified = await request(app)
      .put("/auth/update-phone")
      .set("Authorization", `Bearer ${token}`)
      .send({ phone: PHONE });
    expect(unverified.status).toBe(400);
    expect(unverified.body).toEqual({
      message: "Verify this phone number with the code we sent before saving it.",
      code: "BAD_REQUEST",
    });

    await verifyPhone("01898765432", token);
    const otherNumber = await request(app)
      .put("/auth/update-phone")
      .set("Authorization", `Bearer ${token}`)
      .send({ phone: PHONE });
    expect(otherNumber.status).toBe(400);

    await Otp.updateOne(
      { phone: "01898765432" },
      { $set: { verifiedAt: new Date(Date.now() - 11 * 60_000) } },
    );
    const stale = await request(app)
      .put("/auth/update-phone")
      .set("Authorization", `Bearer ${token}`)
      .send({ phone: "01898765432" });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(
      "Verify this phone number with the code we sent before saving it.",
    );
    const stored = await User.findById(user._id).lean();
    expect(stored).toMatchObject({ phone: "", isOTPVerified: false });
  });

  it("refuses a phone verified by another account or without signing in", async () => {
    const victim = await createUser({ email: "victim@example.com" });
    const attacker = await createUser({ email: "attacker@example.com" });
    await verifyPhone(PHONE, victim.token);
    const stolen = await request(app)
      .put("/auth/update-phone")
      .set("Authorization", `Bearer ${attacker.token}`)
      .send({ phone: PHONE });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(
      "Verify this phone number with the code we sent before saving it.",
    );
    // The victim's own verification is still there for the victim.
    await request(app)
      .put("/auth/update-phone")
      .set("Authorization", `Bearer ${victim.token}`)
      .send({ phone: PHONE })
      .expect(200);

    await Otp.updateOne({ phone: PHONE }, { $set: { lastSentAt: new Date(0) } });
    await verifyPhone(PHONE);
    const anonymous = await request(app)
      .put("/auth/update-phone")
      .set("Authorization", `Bearer ${attacker.token}`)
      .send({ phone: PHONE });
    expect(anonymous.status).toBe(400);
    expect((await User.findById(attacker.user._id).lean())!.phone).toBe("");
  });

  it("answers 401 without a token or with a bad one", async () => {
    const missing = await request(app).put("/auth/update-phone").send({ phone: PHONE });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: "Authentication required", code: "UNAUTHORIZED" });
    const bad = await request(app)
      .put("/auth/update-phone")
      .set("Authorization", "Bearer not.a.token")
      .send({ phone: PHONE });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe("Invalid or expired token");
  });
});
