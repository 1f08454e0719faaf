import jwt from "jsonwebtoken";
import type { OAuth2Server } from "oauth2-mock-server";
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { User } from "../../models/user.model";
import { createApp } from "../../server/app";
import { getEnv, resetEnvForTests } from "../../server/env";
import { SIGN_IN_HOOKS, type SignInHook } from "../../server/sign-in-hooks";
import { clearDatabase } from "../setup/db";
import { setEnv } from "../setup/env";
import { googleEnv, startGoogleStub } from "../stubs/google";
import { createUser, DEFAULT_PASSWORD } from "../factories/user";

/**
 * Google sign-in against a local OpenID provider (oauth2-mock-server) whose ID tokens look like
 * Google's (issuer https://accounts.google.com, our client id as audience) but are signed with its
 * own keys, published at its /jwks.
 */
const CLIENT_ID = "tweest-test.apps.googleusercontent.com";
const GOOGLE_ISSUER = "https://accounts.google.com";

let provider: OAuth2Server;
let restoreEnv: () => void;
let app: ReturnType<typeof createApp>;
/** Claims the provider puts in the next ID tokens. */
let claims: Record<string, unknown> = {};
const hookCalls: string[] = [];
/** Watches sign-ins: the app runs it after the shop's own sign-in hooks. */
const recordSignIn: SignInHook = async ({ userId }) => {
  hookCalls.push(userId);
};

const BAD_STATE = "Google sign-in expired or was not started here. Please try again.";
const BAD_TOKEN = "The Google ID token is not valid";

function loginError(location: string | undefined): string | null {
  const url = new URL(location ?? "", "http://shop.test");
  expect(url.pathname).toBe("/login");
  return url.searchParams.get("error");
}

/** Steps 1 and 2: our /auth/google, then the provider's consent page sending the browser back. */
async function startFlow(redirect?: string, locale?: "en" | "bn") {
  const start = await request(app)
    .get("/auth/google")
    .query({
      ...(redirect === undefined ? {} : { redirect }),
      ...(locale === undefined ? {} : { locale }),
    });
  expect(start.status).toBe(302);
  const consentUrl = new URL(start.headers.location);
  const setCookie = start.headers["set-cookie"] as unknown as string[];
  const cookie = setCookie.find((line) => line.startsWith("tw_google_state="))!;
  expect(cookie).toMatch(/HttpOnly/);
  expect(cookie).toMatch(/SameSite=Lax/);
  expect(cookie).toMatch(/Path=\/auth\/google/);
  const consent = await fetch(consentUrl, { redirect: "manual" });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get("location")!);
  return {
    consentUrl,
    cookie: cookie.split(";")[0],
    code: back.searchParams.get("code")!,
    state: back.searchParams.get("state")!,
  };
}

/** Step 3 and 4 (the browser comes back to our callback). */
function callback(query: Record<string, string>, cookie?: string) {
  const call = request(app).get("/auth/google/callback").query(query);
  return cookie ? call.set("Cookie", cookie) : call;
}

async function signInWithGoogle(redirect?: string) {
  const flow = await startFlow(redirect);
  return callback({ code: flow.code, state: flow.state }, flow.cookie);
}

function tokenFrom(location: string | undefined): { token: string; redirect: string | null } {
  const url = new URL(location ?? "", "http://shop.test");
  expect(url.pathname).toBe("/auth/google/callback");
  return { token: url.searchParams.get("token")!, redirect: url.searchParams.get("redirect") };
}

beforeAll(async () => {
  provider = await startGoogleStub(() => claims);
  restoreEnv = setEnv(googleEnv(provider, CLIENT_ID));
  app = createApp({ signInHooks: [...SIGN_IN_HOOKS, recordSignIn] });
});

afterAll(async () => {
  await provider.stop();
  restoreEnv();
});

beforeEach(async () => {
  await clearDatabase();
  hookCalls.length = 0;
  claims = {
    iss: GOOGLE_ISSUER,
    sub: "109876543210987654321",
    email: "Shapla.Begum@gmail.com",
    email_verified: true,
    given_name: "Shapla",
    family_name: "Begum",
    name: "Shapla Begum",
  };
});

describe("GET /auth/google", () => {
  it("redirects to the consent page with our client id, scopes and a signed, short-lived state", async () => {
    const { consentUrl, state } = await startFlow("/cart");
    expect(`${consentUrl.origin}${consentUrl.pathname}`).toBe(getEnv().GOOGLE_AUTH_URL);
    const params = consentUrl.searchParams;
    expect(params.get("client_id")).toBe(CLIENT_ID);
    expect(params.get("response_type")).toBe("code");
    expect(params.get("scope")).toBe("openid email profile");
    expect(params.get("access_type")).toBe("online");
    expect(params.get("prompt")).toBe("select_account");
    expect(params.get("redirect_uri")).toBe("http://localhost:5454/auth/google/callback");
    expect(params.get("state")).toBe(state);
    const decoded = jwt.verify(state, getEnv().JWT_SECRET, {
      algorithms: ["HS256"],
      audience: "tweest:google-oauth-state",
    }) as jwt.JwtPayload;
    expect(decoded.r).toBe("/cart");
    expect(decoded.exp! - decoded.iat!).toBe(600);
  });

  it("answers 503 with a clear message when Google is not configured", async () => {
    process.env.GOOGLE_CLIENT_ID = "";
    resetEnvForTests();
    try {
      const answer = await request(app).get("/auth/google");
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        message: "Google sign-in is not configured",
        code: "GOOGLE_NOT_CONFIGURED",
      });
    } finally {
      process.env.GOOGLE_CLIENT_ID = CLIENT_ID;
      resetEnvForTests();
    }
  });
});

describe("GET /auth/google/callback", () => {
  it("creates the user on a first sign-in and redirects with our JWT and the path to return to", async () => {
    const answer = await signInWithGoogle("/cart?step=2");
    expect(answer.status).toBe(302);
    const { token, redirect } = tokenFrom(answer.headers.location);
    expect(redirect).toBe("/cart?step=2");
    const user = (await User.findOne({ email: "shapla.begum@gmail.com" }).lean())!;
    expect(user).toMatchObject({
      firstName: "Shapla",
      lastName: "Begum",
      authProvider: "google",
      googleId: "109876543210987654321",
      role: "CUSTOMER",
      isOTPVerified: false,
    });
    const payload = jwt.verify(token, getEnv().JWT_SECRET, {
      algorithms: ["HS256"],
    }) as jwt.JwtPayload;
    expect(payload.sub).toBe(String(user._id));
    expect(hookCalls).toEqual([String(user._id)]);
    // The token works on the API, and the state cookie is cleared.
    const profile = await request(app)
      .get("/api/users/profile")
      .set("Authorization", `Bearer ${token}`);
    expect(profile.status).toBe(200);
    expect(profile.body.email).toBe("shapla.begum@gmail.com");
    expect(JSON.stringify(profile.body)).not.toContain("googleId");
    expect(String(answer.headers["set-cookie"])).toMatch(/tw_google_state=;/);
  });

  it("signs a returning Google user in to the same account", async () => {
    const first = tokenFrom((await signInWithGoogle()).headers.location);
    expect(first.redirect).toBeNull();
    claims.email = "new.address@gmail.com";
    const second = await signInWithGoogle();
    const { token } = tokenFrom(second.headers.location);
    expect(jwt.decode(token)!.sub).toBe(jwt.decode(first.token)!.sub);
    expect(await User.countDocuments()).toBe(1);
  });

  it("links a verified Google email to the existing account of that email when the account's email is verified", async () => {
    const { user } = await createUser({
      email: "shapla.begum@gmail.com",
      isOTPVerified: true,
      emailVerified: true,
    });
    const answer = await signInWithGoogle();
    const { token } = tokenFrom(answer.headers.location);
    expect(jwt.decode(token)!.sub).toBe(String(user._id));
    const stored = (await User.findById(user._id).select("+password"))!;
    expect(stored.googleId).toBe("109876543210987654321");
    expect(stored.authProvider).toBe("local");
    expect(await stored.checkPassword(DEFAULT_PASSWORD)).toBe(true);
    expect(await User.countDocuments()).toBe(1);
  });

  it("does not link or create when Google has not verified the email", async () => {
    const { user } = await createUser({ email: "shapla.begum@gmail.com" });
    claims.email_verified = false;
    const answer = await signInWithGoogle();
    expect(answer.status).toBe(302);
    expect(loginError(answer.headers.location)).toBe(
      "Your Google account has no verified email address",
    );
    expect((await User.findById(user._id).lean())!.googleId).toBeUndefined();
    expect(await User.countDocuments()).toBe(1);
  });

  it("refuses a tampered, foreign, expired or cookie-less state (302 to /login with an error)", async () => {
    const flow = await startFlow();
    const other = await startFlow();
    const expiredState = jwt.sign({ r: "/", n: "x" }, getEnv().JWT_SECRET, {
      algorithm: "HS256",
      audience: "tweest:google-oauth-state",
      expiresIn: -1,
    });
    const userToken = (await createUser()).token;
    const cases: [Record<string, string>, string | undefined][] = [
      [{ code: flow.code, state: `${flow.state}x` }, flow.cookie],
      [{ code: flow.code, state: other.state }, flow.cookie],
      [{ code: flow.code, state: flow.state }, undefined],
      [{ code: flow.code }, flow.cookie],
      [{ code: flow.code, state: expiredState }, "tw_google_state=x"],
      [{ code: flow.code, state: userToken }, flow.cookie],
    ];
    for (const [query, cookie] of cases) {
      const answer = await callback(query, cookie);
      expect(answer.status).toBe(302);
      expect(loginError(answer.headers.location)).toBe(BAD_STATE);
    }
    expect(await User.countDocuments()).toBe(1);
    expect(hookCalls).toEqual([]);
  });

  it("refuses an ID token for another audience, from another issuer, or expired", async () => {
    const now = Math.floor(Date.now() / 1000);
    const bad: Record<string, unknown>[] = [
      { aud: "someone-else.apps.googleusercontent.com" },
      { iss: provider.issuer.url },
      { iat: now - 7200, exp: now - 3600 },
    ];
    for (const override of bad) {
      Object.assign(claims, override);
      const answer = await signInWithGoogle();
      expect(answer.status).toBe(302);
      expect(loginError(answer.headers.location)).toBe(BAD_TOKEN);
      for (const key of Object.keys(override)) delete claims[key];
      claims.iss = GOOGLE_ISSUER;
    }
    expect(await User.countDocuments()).toBe(0);
  });

  it("refuses an ID token signed by a key the provider does not publish", async () => {
    const outsider = await startGoogleStub(() => claims);
    try {
      process.env.GOOGLE_TOKEN_URL = `${outsider.issuer.url}/token`;
      resetEnvForTests();
      const answer = await signInWithGoogle();
      expect(loginError(answer.headers.location)).toBe(BAD_TOKEN);
    } finally {
      process.env.GOOGLE_TOKEN_URL = `${provider.issuer.url}/token`;
      resetEnvForTests();
      await outsider.stop();
    }
    expect(await User.countDocuments()).toBe(0);
  });

  it("sends the browser to /login when Google refuses the code", async () => {
    provider.service.once("beforeResponse", (response) => {
      response.body = { error: "invalid_grant" };
      response.statusCode = 400;
    });
    const answer = await signInWithGoogle();
    expect(loginError(answer.headers.location)).toBe(
      "Google did not accept the sign-in code. Please try again.",
    );
    expect(await User.countDocuments()).toBe(0);
  });

  it("keeps only paths of this site as the return address", async () => {
    for (const redirect of ["//evil.example", "https://evil.example/x", "/\\evil.example"]) {
      const answer = await signInWithGoogle(redirect);
      expect(tokenFrom(answer.headers.location).redirect).toBeNull();
    }
  });

  it("leaves the path to the storefront screen when there is no code", async () => {
    for (const query of [{ token: "abc" }, { error: "access_denied" }]) {
      const answer = await request(app).get("/auth/google/callback").query(query);
      expect(answer.status).not.toBe(302);
      expect(answer.headers["content-type"]).toMatch(/text\/html/);
    }
  });
});

/** The cookies a response sets, as `name=value` pairs ready for a Cookie header. */
function cookiesSet(answer: { headers: Record<string, unknown> }): string[] {
  return ((answer.headers["set-cookie"] as string[] | undefined) ?? []).map(
    (line) => line.split(";")[0],
  );
}

describe("account pre-hijacking: a Google identity is not linked to an account nobody proved", () => {
  it("an attacker's account registered with the victim's email is not taken over by the victim's Google sign-in", async () => {
    // The attacker signs up first with the victim's address (emails are never verified).
    const attacker = await request(app).post("/auth/signup").send({
      firstName: "Mallory",
      lastName: "X",
      email: "shapla.begum@gmail.com",
      password: "attacker-knows-this",
    });
    expect(attacker.status).toBe(201);
    hookCalls.length = 0;
    const answer = await signInWithGoogle();
    expect(answer.status).toBe(302);
    expect(loginError(answer.headers.location)).toBe(
      "An account with this email already exists. Sign in with its password once to connect Google sign-in to it.",
    );
    const stored = (await User.findOne({ email: "shapla.begum@gmail.com" }).lean())!;
    expect(stored.googleId).toBeUndefined();
    expect(hookCalls).toEqual([]);
  });

  it("after a profile email change to the victim's address, Google still does not link", async () => {
    const { user, token } = await createUser({ email: "mallory@example.com" });
    const changed = await request(app)
      .put("/api/users/profile")
      .set("Authorization", `Bearer ${token}`)
      .send({ email: "shapla.begum@gmail.com" });
    expect(changed.status).toBe(200);
    const answer = await signInWithGoogle();
    expect(loginError(answer.headers.location)).toMatch(/Sign in with its password once/);
    expect((await User.findById(user._id).lean())!.googleId).toBeUndefined();
  });

  it("a changed email is no longer verified", async () => {
    const { user, token } = await createUser({ email: "shapla@example.com", emailVerified: true });
    await request(app)
      .put("/api/users/profile")
      .set("Authorization", `Bearer ${token}`)
      .send({ email: "shapla.begum@gmail.com" })
      .expect(200);
    expect((await User.findById(user._id).lean())!.emailVerified).toBe(false);
  });

  it("the owner who proves the password in the same browser gets Google linked", async () => {
    const { user } = await createUser({ email: "shapla.begum@gmail.com" });
    const google = await signInWithGoogle();
    const pending = cookiesSet(google).find((cookie) => cookie.startsWith("tw_google_link="));
    expect(pending).toBeDefined();
    // A wrong password links nothing.
    await request(app)
      .post("/auth/signin")
      .set("Cookie", pending!)
      .send({ email: "shapla.begum@gmail.com", password: "not-the-password" })
      .expect(401);
    expect((await User.findById(user._id).lean())!.googleId).toBeUndefined();
    await request(app)
      .post("/auth/signin")
      .set("Cookie", pending!)
      .send({ email: "shapla.begum@gmail.com", password: DEFAULT_PASSWORD })
      .expect(200);
    const linked = (await User.findById(user._id).lean())!;
    expect(linked.googleId).toBe("109876543210987654321");
    expect(linked.emailVerified).toBe(true);
    // From now on Google signs straight in to that account.
    const again = tokenFrom((await signInWithGoogle()).headers.location);
    expect(jwt.decode(again.token)!.sub).toBe(String(user._id));
  });
});

describe("forced sign-in: the callback's token is only accepted by the browser that signed in", () => {
  const REFUSED = "This Google sign-in was not started in this browser. Please sign in again.";
  /** The storefront's callback screen as the browser gets it (server-rendered). */
  const callbackPage = (token: string, cookie?: string) => {
    const call = request(app).get("/auth/google/callback").query({ token });
    return cookie ? call.set("Cookie", cookie) : call;
  };

  it("the browser that completed the sign-in gets its token accepted", async () => {
    const answer = await signInWithGoogle();
    const { token } = tokenFrom(answer.headers.location);
    const handoff = cookiesSet(answer).find((cookie) => cookie.startsWith("tw_google_handoff="));
    expect(handoff).toBeDefined();
    const line = (answer.headers["set-cookie"] as unknown as string[]).find((cookie) =>
      cookie.startsWith("tw_google_handoff="),
    )!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/Path=\/auth\/google;/);
    expect(line).toMatch(/Max-Age=300;/);
    const page = await callbackPage(token, handoff);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Finishing Google sign-in");
    expect(page.text).not.toContain(REFUSED);
  });

  it("refuses an attacker's token sent to a victim's browser (no cookie, or another sign-in's cookie)", async () => {
    const attackers = tokenFrom((await signInWithGoogle()).headers.location).token;
    const bare = await callbackPage(attackers);
    expect(bare.status).toBe(200);
    expect(bare.text).toContain(REFUSED);
    expect(bare.text).not.toContain("Finishing Google sign-in");
    // The victim's own, earlier sign-in left a cookie for a different token.
    claims.sub = "200000000000000000002";
    claims.email = "victim@gmail.com";
    const victim = await signInWithGoogle();
    const victimCookie = cookiesSet(victim).find((c) => c.startsWith("tw_google_handoff="))!;
    expect((await callbackPage(attackers, victimCookie)).text).toContain(REFUSED);
    // A cookie not signed by the shop does not pass either.
    const forgedCookie = `tw_google_handoff=${encodeURIComponent(`s:whatever.signature`)}`;
    expect((await callbackPage(attackers, forgedCookie)).text).toContain(REFUSED);
  });
});

describe("a sign-in started on a Bangla page comes back in Bangla", () => {
  /** The cookies of `answer` with their attributes, by name. */
  const cookieLine = (answer: { headers: Record<string, unknown> }, name: string) =>
    ((answer.headers["set-cookie"] as string[] | undefined) ?? []).find((line) =>
      line.startsWith(`${name}=`),
    );

  it("goes to the Bangla callback screen, whose handoff cookie and text are Bangla", async () => {
    const flow = await startFlow("/bn/cart", "bn");
    // Google's return address is the one registered with Google, in either language.
    expect(new URL(flow.consentUrl.searchParams.get("redirect_uri")!).pathname).toBe(
      "/auth/google/callback",
    );
    const answer = await callback({ code: flow.code, state: flow.state }, flow.cookie);
    expect(answer.status).toBe(302);
    const url = new URL(answer.headers.location, "http://shop.test");
    expect(url.pathname).toBe("/bn/auth/google/callback");
    expect(url.searchParams.get("redirect")).toBe("/bn/cart");
    const token = url.searchParams.get("token")!;
    expect(cookieLine(answer, "tw_google_handoff")).toMatch(/Path=\/bn\/auth\/google;/);

    const page = await request(app)
      .get("/bn/auth/google/callback")
      .query({ token })
      .set(
        "Cookie",
        cookiesSet(answer).find((c) => c.startsWith("tw_google_handoff="))!,
      );
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html lang="bn"');
    // What the screen shows (the scripts carry the whole Bangla catalogue as data).
    const shown = page.text.replace(/<script[\s\S]*?<\/script>/g, "");
    expect(shown).toContain("গুগল সাইন ইন শেষ হচ্ছে…");
    expect(shown).not.toContain("এই গুগল সাইন ইন এই ব্রাউজার থেকে শুরু হয়নি");
  });

  it("refuses in Bangla: a bad state goes to /bn/login, Google's refusal to the Bangla screen", async () => {
    const flow = await startFlow(undefined, "bn");
    const refused = await callback({ code: flow.code, state: flow.state }, undefined);
    expect(refused.status).toBe(302);
    const login = new URL(refused.headers.location, "http://shop.test");
    expect(login.pathname).toBe("/bn/login");
    // The API's text stays English; the Bangla page translates it.
    expect(login.searchParams.get("error")).toBe(BAD_STATE);

    // The shopper said no on Google's page: Google comes back without a code.
    const denied = await request(app)
      .get("/auth/google/callback")
      .query({ error: "access_denied", state: flow.state });
    expect(denied.status).toBe(302);
    expect(denied.headers.location).toBe("/bn/auth/google/callback?error=access_denied");
    const screen = await request(app).get(denied.headers.location);
    expect(screen.status).toBe(200);
    expect(screen.text).toContain('<html lang="bn"');
  });

  it("keeps English sign-ins as they were (no locale: English screen, cookie and login)", async () => {
    const flow = await startFlow("/cart", "en");
    const answer = await callback({ code: flow.code, state: flow.state }, flow.cookie);
    expect(tokenFrom(answer.headers.location).redirect).toBe("/cart");
    expect(cookieLine(answer, "tw_google_handoff")).toMatch(/Path=\/auth\/google;/);
    const denied = await request(app)
      .get("/auth/google/callback")
      .query({ error: "access_denied", state: flow.state });
    expect(denied.status).toBe(200);
  });

  it("refuses a locale other than en or bn", async () => {
    const answer = await request(app).get("/auth/google").query({ locale: "fr" });
    expect(answer.status).toBe(400);
  });
});
