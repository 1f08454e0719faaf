/**
 * Browser tests (real Chromium) for the spec/contract lines the other e2e files leave out:
 * - /account: mobile number OTP (send, a wrong code, the right code; the SMS comes through the
 *   BulkSMSBD gateway stub) and the password-change form (wrong current password, then a change),
 *   end to end through the real API and database;
 * - screen-chunk loading (gives up after 120 s): a held route chunk, Playwright's fake clock,
 *   the retry screen and a working Retry;
 * - admin verification timeout ('Request timeout - please check your connection') with a held
 *   GET /api/users/verify-admin and the fake clock, then "Try again";
 * - a guest cart merged into the account at Google sign-in, through the local OpenID
 *   provider (oauth2-mock-server) standing in for Google;
 * - Google sign-in started on a Bangla page: the callback screen and its failures in Bangla.
 * One shop (private build copy), one Chromium; each test gets its own browser context (own cookies and
 * storage).
 */
import type { OAuth2Server } from "oauth2-mock-server";
import {
  chromium,
  type Browser as ChromiumBrowser,
  type BrowserContext,
  type Page,
  type Route,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Cart } from "../../models/cart.model";
import { Product } from "../../models/product.model";
import { User } from "../../models/user.model";
import { MOBILE_MESSAGES } from "#contract/phone";
import { addToCart } from "../../server/services/cart.service";
import { createUser } from "../factories/user";
import { setEnv } from "../setup/env";
import { googleEnv, startGoogleStub } from "../stubs/google";
import { smsEnv, startSmsGatewayStub, type SmsGatewayStub } from "../stubs/sms-gateway";
import { startPrivateShop, signInAdmin } from "./admin-shop";
import { englishUiText } from "./bangla-detector";
import { latinShopNames } from "./bangla-page";
import { screenshot } from "./shop-harness";
import { allowBrowserProblems, guardContext } from "./guard";
import { CHROMIUM, CHROMIUM_ARGS, openTab, waitForHydration, type Shop } from "./harness";
import { ProductPage } from "./pages/product-page";

const GOOGLE_CLIENT_ID = "tweest-e2e.apps.googleusercontent.com";

let shop: Shop;
let sms: SmsGatewayStub;
let chromiumBrowser: ChromiumBrowser;
let google: OAuth2Server;
const restoreEnv: (() => void)[] = [];
/** Claims the provider puts into its next ID tokens. */
let googleClaims: Record<string, unknown> = {};
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  sms = await startSmsGatewayStub();
  google = await startGoogleStub(() => googleClaims);
  restoreEnv.push(setEnv({ ...smsEnv(sms), ...googleEnv(google, GOOGLE_CLIENT_ID) }));
  // startShop re-reads the environment; the Google return address needs the shop's random port.
  [shop, chromiumBrowser] = await Promise.all([
    startPrivateShop(),
    chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS }),
  ]);
  restoreEnv.push(setEnv({ GOOGLE_REDIRECT_URI: `${shop.baseUrl}/auth/google/callback` }));
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await chromiumBrowser?.close();
  await shop?.close();
  await sms?.close();
  await google?.stop();
  for (const restore of restoreEnv.splice(0).reverse()) restore();
});

/** A fresh browser context (own cookies and storage) whose campaign popup counts as shown. */
async function newPage(token?: string): Promise<{ page: Page; errors: string[] }> {
  const context = await chromiumBrowser.newContext({ viewport: { width: 375, height: 812 } });
  context.setDefaultTimeout(15_000);
  guardContext(context);
  contexts.push(context);
  const page = await openTab(context, token);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return { page, errors };
}

/**
 * A `page.route` handler that holds every request it gets (never answered) until `passThrough()`;
 * after that new requests go to the network while the held ones stay held (unrouting instead could
 * let a held request through and finish the navigation on its own).
 */
function holdRequests() {
  const held: Route[] = [];
  let holding = true;
  return {
    held,
    passThrough: () => {
      holding = false;
    },
    handler: (route: Route) => {
      if (holding) held.push(route);
      else void route.continue();
    },
  };
}

async function signInStatus(email: string, password: string) {
  const response = await fetch(`${shop.baseUrl}/auth/signin`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

describe("/account: mobile number OTP and password change", () => {
  it("verifies a mobile number with the SMS code and changes the password", async () => {
    // A wrong code and a wrong current password, on purpose.
    allowBrowserProblems("400 POST /auth/otp/verify", "400 POST /api/users/change-password");
    const email = "rahima.e2e@example.com";
    const { user, token, password } = await createUser({
      email,
      firstName: "Rahima",
      lastName: "Akter",
      isOTPVerified: false,
    });
    const { page, errors } = await newPage(token);
    await page.goto(`${shop.baseUrl}/account`);
    await waitForHydration(page);
    // Profile load: not OTP-verified -> requireOTPVerification.
    const phoneSection = page.getByRole("region", { name: "Mobile number" });
    await phoneSection.waitFor();
    expect(await page.getByRole("status").first().textContent()).toBe(
      "Please verify your mobile number below to finish setting up your account.",
    );

    // The form checks with the API's own OtpSendBody: the server's message, and no call.
    let otpSendCalls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/auth/otp/send")) otpSendCalls += 1;
    });
    await phoneSection.getByLabel("Mobile number").fill("0181900011");
    await phoneSection.getByRole("button", { name: "Send code" }).click();
    await expect
      .poll(() => page.locator("#phone-number-error").textContent())
      .toBe(MOBILE_MESSAGES.tooShort);
    expect(otpSendCalls).toBe(0);

    // Send code: the gateway stub receives the SMS (international form of the number). The number is
    // typed as the server accepts it (+880, spaces, brackets) and used normalised, as the server does.
    const phone = "01819000111";
    await phoneSection.getByLabel("Mobile number").fill("+880 (1819) 000-111");
    const sendAnswer = page.waitForResponse((r) => r.url().endsWith("/auth/otp/send"));
    await phoneSection.getByRole("button", { name: "Send code" }).click();
    expect((await sendAnswer).status()).toBe(200);
    await expect
      .poll(() => phoneSection.getByTestId("form-success").textContent())
      .toBe(`We sent a code to ${phone}.`);
    expect(sms.messages).toHaveLength(1);
    expect(sms.messages[0]).toMatchObject({
      number: "8801819000111",
      senderId: sms.senderId,
      apiKey: sms.apiKey,
    });
    const match = /^Your Tweest verification code is (\d{6})\. It expires in 5 minutes\.$/.exec(
      sms.messages[0].message,
    );
    expect(match).not.toBeNull();
    const code = match![1];

    // Not 6 digits: OtpVerifyBody's message, before any call.
    let otpVerifyCalls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/auth/otp/verify")) otpVerifyCalls += 1;
    });
    await phoneSection.getByLabel("Code from the SMS").fill("12345");
    await phoneSection.getByRole("button", { name: "Verify" }).click();
    await expect
      .poll(() => page.locator("#phone-otp-error").textContent())
      .toBe("The code has 6 digits");
    expect(otpVerifyCalls).toBe(0);

    // A wrong code: the server's message is shown as it is.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await phoneSection.getByLabel("Code from the SMS").fill(wrong);
    const wrongAnswer = page.waitForResponse((r) => r.url().endsWith("/auth/otp/verify"));
    await phoneSection.getByRole("button", { name: "Verify" }).click();
    const wrongResponse = await wrongAnswer;
    expect(wrongResponse.status()).toBe(400);
    expect(((await wrongResponse.json()) as { message: string }).message).toBe(
      "Incorrect verification code. 4 attempts left.",
    );
    await expect
      .poll(() => phoneSection.getByTestId("form-error").textContent())
      .toBe("Incorrect verification code. 4 attempts left.");
    expect(
      (await User.findById(user._id).lean())!.isOTPVerified,
      "a wrong code verifies nothing",
    ).toBe(false);

    // The right code: verified, the phone saved through PUT /auth/update-phone.
    await phoneSection.getByLabel("Code from the SMS").fill(code);
    const phoneSaved = page.waitForResponse((r) => r.url().endsWith("/auth/update-phone"));
    await phoneSection.getByRole("button", { name: "Verify" }).click();
    expect((await phoneSaved).status()).toBe(200);
    await expect
      .poll(() => phoneSection.getByTestId("form-success").textContent())
      .toBe("Mobile number verified and saved.");
    expect(await phoneSection.getByText(`Verified: ${phone}`).isVisible()).toBe(true);
    expect(
      await page
        .getByText("Please verify your mobile number below to finish setting up your account.")
        .count(),
    ).toBe(0);
    const verified = await User.findById(user._id).lean();
    expect(verified).toMatchObject({ phone, isOTPVerified: true });

    // Password change: a wrong current password shows the server's message.
    const passwordSection = page.getByRole("region", { name: "Change password" });
    let passwordCalls = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/users/change-password")) passwordCalls += 1;
    });
    const newPassword = "new-secret-2026";
    await passwordSection.getByLabel("Current password").fill("not-my-password");
    await passwordSection.getByLabel("New password", { exact: true }).fill(newPassword);
    await passwordSection.getByLabel("Repeat new password").fill(newPassword);
    const refused = page.waitForResponse((r) => r.url().endsWith("/api/users/change-password"));
    await passwordSection.getByRole("button", { name: "Change password" }).click();
    const refusedResponse = await refused;
    expect(refusedResponse.status()).toBe(400);
    expect(((await refusedResponse.json()) as { message: string }).message).toBe(
      "Current password is incorrect",
    );
    await expect
      .poll(() => passwordSection.getByTestId("form-error").textContent())
      .toBe("Current password is incorrect");

    // Repeating the new password wrongly is caught in the form, before any call.
    await passwordSection.getByLabel("Repeat new password").fill("new-secret-2027");
    await passwordSection.getByRole("button", { name: "Change password" }).click();
    await expect
      .poll(() => passwordSection.getByText("The passwords do not match").count())
      .toBe(1);
    expect(passwordCalls).toBe(1);
    // Too short: the API's own rule and message (ChangePasswordBody), before any call.
    await passwordSection.getByLabel("New password", { exact: true }).fill("short");
    await passwordSection.getByLabel("Repeat new password").fill("short");
    await passwordSection.getByRole("button", { name: "Change password" }).click();
    await expect
      .poll(() => page.locator("#password-new-error").textContent())
      .toBe("Password must have at least 8 characters");
    expect(passwordCalls).toBe(1);
    await passwordSection.getByLabel("New password", { exact: true }).fill(newPassword);
    await passwordSection.getByLabel("Repeat new password").fill(newPassword);

    // The right current password: changed (passwordChanged), the form emptied.
    await passwordSection.getByLabel("Current password").fill(password);
    const changed = page.waitForResponse((r) => r.url().endsWith("/api/users/change-password"));
    await passwordSection.getByRole("button", { name: "Change password" }).click();
    expect((await changed).status()).toBe(200);
    await expect
      .poll(() => passwordSection.getByTestId("form-success").textContent())
      .toBe("Password changed successfully");
    expect(await passwordSection.getByLabel("Current password").inputValue()).toBe("");
    expect(await passwordSection.getByLabel("New password", { exact: true }).inputValue()).toBe("");

    // The stored hash changed: the new password signs in, the old one is refused.
    expect((await signInStatus(email, newPassword)).status).toBe(200);
    const old = await signInStatus(email, password);
    expect(old).toEqual({
      status: 401,
      body: expect.objectContaining({ message: "Invalid email or password" }),
    });

    // Profile: the fields of PUT /api/users/profile with its messages, checked before any call.
    const profileSection = page.getByRole("region", { name: "Profile" });
    let profileCalls = 0;
    page.on("request", (request) => {
      if (request.method() === "PUT" && request.url().endsWith("/api/users/profile"))
        profileCalls += 1;
    });
    await profileSection.getByLabel("First name").fill(" ");
    await profileSection.getByLabel("Email").fill("rahima@");
    await profileSection.getByRole("button", { name: "Save profile" }).click();
    await expect
      .poll(() => page.locator("#profile-first-error").textContent())
      .toBe("First name is required");
    expect(await page.locator("#profile-email-error").textContent()).toBe(
      "Enter a valid email address",
    );
    expect(profileCalls).toBe(0);
    expect((await User.findById(user._id).lean())!.firstName).toBe("Rahima");
    expect(errors).toEqual([]);
  });
});

describe("screen-chunk loading (gives up after 120 s)", () => {
  it("shows the retry screen when a screen's code has not arrived after 120 s; Retry loads it", async () => {
    const { page, errors } = await newPage();
    await page.clock.install();
    await page.goto(`${shop.baseUrl}/`);
    await waitForHydration(page);

    // The bulk-order screen's code never arrives.
    const chunk = /\/assets\/bulk-order-[\w-]+\.js(\?.*)?$/;
    const hold = holdRequests();
    await page.route(chunk, hold.handler);
    await page
      .getByRole("navigation", { name: "Categories" })
      .getByRole("link", { name: "Bulk T-Shirts" })
      .click();
    await expect.poll(() => hold.held.length).toBeGreaterThan(0);
    await page.getByTestId("page-spinner").waitFor();

    // Not before 120 s (the page clock also runs in real time: a margin of 5 s) ...
    await page.clock.runFor(115_000);
    expect(await page.getByTestId("chunk-retry").count()).toBe(0);
    expect(await page.getByTestId("page-spinner").isVisible()).toBe(true);
    // ... but at 120 s.
    await page.clock.runFor(5_000);
    const retry = page.getByTestId("chunk-retry");
    await retry.waitFor();
    expect(await retry.getByRole("heading", { level: 1 }).textContent()).toBe(
      "This page is taking too long",
    );
    expect(await retry.locator("p").textContent()).toBe(
      "The connection seems slow or interrupted. Check your connection and try again.",
    );
    expect(new URL(page.url()).pathname).toBe("/");

    // The connection is back: Retry loads the wanted screen.
    hold.passThrough();
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/bulk-order"),
      retry.getByRole("button", { name: "Retry" }).click(),
    ]);
    await waitForHydration(page);
    // The heading starts with an icon and a space.
    expect((await page.getByRole("heading", { level: 1 }).textContent())?.trim()).toBe(
      "Bulk t-shirt order",
    );
    expect(await page.getByTestId("chunk-retry").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe("admin verification timeout", () => {
  it("shows 'Request timeout - please check your connection' after 10 s; Try again lets the admin in", async () => {
    const token = await signInAdmin(shop);
    const { page, errors } = await newPage(token);
    await page.clock.install();
    const hold = holdRequests();
    await page.route("**/api/users/verify-admin", hold.handler);
    await page.goto(`${shop.baseUrl}/admin`);
    await expect.poll(() => hold.held.length).toBe(1);
    const checking = page.getByTestId("admin-checking");
    await checking.waitFor();
    expect(await checking.textContent()).toContain("Checking admin access…");

    // The verify call allows 10 s; the page clock also runs in real time, hence 5 + 5.
    await page.clock.runFor(5_000);
    expect(await checking.isVisible()).toBe(true);
    await page.clock.runFor(5_000);
    const denied = page.getByTestId("admin-access-denied");
    await denied.waitFor();
    expect(await denied.getByRole("alert").textContent()).toBe(
      "Request timeout - please check your connection",
    );
    expect(await denied.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Could not verify admin access",
    );
    // The token is kept: a slow connection is no reason to sign the admin out.
    expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBe(token);

    hold.passThrough();
    await denied.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("navigation", { name: "Admin" }).waitFor();
    expect(await page.getByTestId("admin-access-denied").count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe("guest cart merge at Google sign-in", () => {
  it("a guest's cart lines join the account's cart after Continue with Google", async () => {
    const email = "shapla.begum@gmail.com";
    googleClaims = {
      iss: "https://accounts.google.com",
      sub: "109876543210987654321",
      email,
      email_verified: true,
      given_name: "Shapla",
      family_name: "Begum",
      name: "Shapla Begum",
    };
    const products = await Product.find({ isActive: true, quantity: { $gte: 5 } })
      .sort({ createdAt: 1 })
      .limit(3)
      .lean();
    expect(products).toHaveLength(3);
    const [kept, ...guestPicks] = products;

    // The account (same email, verified, so linked at Google sign-in) already has one line.
    const { user } = await createUser({
      email,
      firstName: "Shapla",
      lastName: "Begum",
      emailVerified: true,
    });
    const keptVariant = kept.variants.find((variant) => variant.stock >= 1)!;
    await addToCart(
      { userId: String(user._id) },
      {
        productId: String(kept._id),
        color: keptVariant.color,
        size: keptVariant.size,
        quantity: 1,
      },
    );

    // A guest adds two products.
    const { page, errors } = await newPage();
    const productPage = new ProductPage(page, shop.baseUrl);
    for (const [index, product] of guestPicks.entries()) {
      await productPage.open(product.slug);
      await productPage.chooseFirstAvailableSize();
      // The guest question comes once per visit.
      await productPage.addToCart({ asGuest: index === 0 });
      await expect.poll(() => page.getByTestId("cart-badge").textContent()).toBe(String(index + 1));
    }
    const guestCookie = (await page.context().cookies()).find(
      (cookie) => cookie.name === "tweest_guest",
    );
    expect(guestCookie).toBeDefined();
    expect(await Cart.countDocuments({ user: user._id })).toBe(1);

    // The account page sends the guest to /login; Continue with Google goes through the provider.
    await page.getByRole("link", { name: "Account" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Continue with Google" }).click();
    await page.waitForURL((url) => url.pathname === "/account", { timeout: 20_000 });
    expect(await page.getByTestId("account-email").textContent()).toBe(`Shapla Begum · ${email}`);
    expect((await page.context().cookies()).some((c) => c.name === "tweest_guest")).toBe(false);

    // The cart shows the account's line and both guest lines.
    await page.getByRole("link", { name: /^Cart, \d+ items$/ }).click();
    await page.waitForURL((url) => url.pathname === "/cart");
    await expect.poll(() => page.getByTestId("cart-line").count()).toBe(3);
    const titles = await page
      .getByTestId("cart-line")
      .locator("a, p.font-semibold")
      .allTextContents();
    expect(titles.sort()).toEqual(products.map((product) => product.title).sort());
    expect(await page.getByTestId("cart-badge").textContent()).toBe("3");

    // Stored: one cart for the user with three lines; the guest cart is gone.
    const carts = await Cart.find({}).lean();
    const userCart = carts.find((cart) => String(cart.user) === String(user._id));
    expect(userCart?.cartItems.map((item) => String(item.product)).sort()).toEqual(
      products.map((product) => String(product._id)).sort(),
    );
    expect(carts.filter((cart) => !cart.user)).toHaveLength(0);
    expect(errors).toEqual([]);
  });
});

describe("Google sign-in on a Bangla page (issue 20)", () => {
  it("shows the sign-in screen in Bangla through Google and back, and ends on the Bangla page", async () => {
    const email = "nusrat.jahan@gmail.com";
    googleClaims = {
      iss: "https://accounts.google.com",
      sub: "109876543210987654399",
      email,
      email_verified: true,
      given_name: "Nusrat",
      family_name: "Jahan",
      name: "Nusrat Jahan",
    };
    const { page, errors } = await newPage();
    await page.context().setExtraHTTPHeaders({ "Accept-Language": "bn" });
    await page.goto(`${shop.baseUrl}/bn/login?redirect=/bn/account`);
    await waitForHydration(page);

    // Hold the profile request: the callback screen stays on while it would be loading it.
    const profile = holdRequests();
    await page.route("**/api/users/profile", profile.handler);
    await page.getByRole("link", { name: "গুগল দিয়ে চালিয়ে যান" }).click();
    await page.waitForURL((url) => url.pathname === "/bn/auth/google/callback", {
      timeout: 20_000,
    });
    await page.getByText("গুগল সাইন ইন শেষ হচ্ছে…").waitFor();
    expect(await page.getAttribute("html", "lang")).toBe("bn");
    expect(await page.title()).toBe("সাইন ইন হচ্ছে — Tweest");
    expect(await englishUiText(page, await latinShopNames())).toEqual([]);
    await screenshot(page, "bangla-google-callback-375");

    profile.passThrough();
    for (const route of profile.held.splice(0)) await route.continue();
    await page.waitForURL((url) => url.pathname === "/bn/account", { timeout: 20_000 });
    await page.getByRole("heading", { name: "আমার অ্যাকাউন্ট" }).waitFor();
    expect(await page.getByTestId("account-email").textContent()).toBe(`Nusrat Jahan · ${email}`);
    expect(errors).toEqual([]);
  });

  it("a refused hand-over, Google's refusal and the sign-in screen's reason are explained in Bangla", async () => {
    const { token } = await createUser({ email: "someone.else@example.com" });
    const { page, errors } = await newPage();
    await page.context().setExtraHTTPHeaders({ "Accept-Language": "bn" });
    await page.goto(`${shop.baseUrl}/bn/auth/google/callback?token=${token}`);
    await waitForHydration(page);
    await page
      .getByRole("alert")
      .filter({ hasText: "এই গুগল সাইন ইন এই ব্রাউজার থেকে শুরু হয়নি। আবার সাইন ইন করুন।" })
      .waitFor();
    expect(await englishUiText(page, await latinShopNames())).toEqual([]);
    // Google's own refusal code (the shopper said no on Google's page): a Bangla sentence.
    await page.goto(`${shop.baseUrl}/bn/auth/google/callback?error=access_denied`);
    await waitForHydration(page);
    await page.getByRole("alert").filter({ hasText: "গুগল সাইন ইন সম্পন্ন হয়নি।" }).waitFor();
    expect(await englishUiText(page, await latinShopNames())).toEqual([]);
    // The sign-in screen a refused Google sign-in lands on: the server's reason in Bangla, and
    // a text no message knows as "did not complete".
    await page.goto(
      `${shop.baseUrl}/bn/login?${new URLSearchParams({ error: "Google did not accept the sign-in code. Please try again." })}`,
    );
    await waitForHydration(page);
    expect(await page.getByTestId("form-error").textContent()).toBe(
      "গুগল সাইন ইনের কোডটি গ্রহণ করেনি। আবার চেষ্টা করুন।",
    );
    await page.goto(`${shop.baseUrl}/bn/login?error=access_denied`);
    await waitForHydration(page);
    expect(await page.getByTestId("form-error").textContent()).toBe("গুগল সাইন ইন সম্পন্ন হয়নি।");
    expect(await englishUiText(page, await latinShopNames())).toEqual([]);
    expect(errors).toEqual([]);
  });
});

// A profile that fails to load on the Google callback screen removes the token, in
// either language (the Bangla screen kept it before).
describe("Google sign-in whose profile load fails", () => {
  it.each([
    {
      language: "English",
      login: "/login",
      link: "Continue with Google",
      callback: "/auth/google/callback",
      failure: "Failed to fetch user data",
    },
    {
      language: "Bangla",
      login: "/bn/login",
      link: "গুগল দিয়ে চালিয়ে যান",
      callback: "/bn/auth/google/callback",
      failure: "অ্যাকাউন্টের তথ্য আনা যায়নি",
    },
  ])("$language: the token is removed and the reason shown", async (screen) => {
    allowBrowserProblems(/^503 GET \/api\/users\/profile$/);
    googleClaims = {
      iss: "https://accounts.google.com",
      sub: `1098765432109876543${screen.language.length}`,
      email: `profile.fails.${screen.language.toLowerCase()}@gmail.com`,
      email_verified: true,
      given_name: "Shirin",
      family_name: "Akter",
      name: "Shirin Akter",
    };
    const { page, errors } = await newPage();
    await page.goto(`${shop.baseUrl}${screen.login}`);
    await waitForHydration(page);
    // The shop cannot answer the profile after Google handed the token over.
    await page.route("**/api/users/profile", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ message: "The shop is busy" }),
      }),
    );
    await page.getByRole("link", { name: screen.link }).click();
    await page.waitForURL((url) => url.pathname === screen.callback, { timeout: 20_000 });
    await page.getByRole("alert").filter({ hasText: screen.failure }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBeNull();
    expect(errors).toEqual([]);
  });
});
