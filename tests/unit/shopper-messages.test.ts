/**
 * The API's and the client's messages on Bangla pages (app/lib/i18n/shopper-messages.ts): every
 * text the server or the client can show a shopper has a Bangla message, numbers and durations
 * come back in Bangla digits and words, colours in Bangla, and English pages (and any text no
 * message knows) show the text exactly as the API wrote it.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { I18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { GOOGLE_SIGN_IN_REFUSALS } from "#contract/google-sign-in";
import { MESSAGES } from "~/lib/api/messages";
import { imageFileProblem } from "~/lib/form-validation";
import { knownMessages } from "~/lib/i18n/known-messages";
import { paymentFailureReason } from "~/lib/i18n/payment-reasons";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { PASSWORDS_DIFFER_MESSAGE } from "~/lib/storefront-schemas";
import { MOBILE_MESSAGES } from "#contract/phone";
import { SigninBody, SignupBody } from "#contract/schemas/auth";
import { PlaceOrderBody } from "#contract/schemas/orders";
import {
  CreateTshirtOrderBody,
  QUANTITY_MINIMUM_MESSAGE,
  QUANTITY_SUM_MESSAGE,
} from "#contract/schemas/tshirt-orders";
import { AUTH_MESSAGES } from "../../server/services/auth.service";
import { EMPTY_CART_MESSAGE } from "../../server/services/order-placement";
import { ORDER_NOT_FOUND } from "../../server/services/orders.service";
import { OTP_MAX_ATTEMPTS, OTP_MESSAGES } from "../../server/services/otp.service";
import {
  INVALID_PROMO_MESSAGE,
  minimumOrderMessage,
} from "../../server/services/promo-codes.service";
import { DESIGN_STORAGE_FULL_MESSAGE } from "../../server/services/tshirt-orders.service";
import {
  ADVANCE_METHOD_REQUIRED,
  ADVANCE_METHOD_UNAVAILABLE,
} from "../../server/services/advance-delivery-charge.service";
import {
  ANOTHER_PAYMENT_REASON,
  LATE_PAYMENT_REASON,
  NOT_PAYABLE_REASON,
  PAYMENT_OPEN_MESSAGE,
} from "../../server/payments";
import { PHONE_BLOCKED_MESSAGE } from "#contract/schemas/phone-history";
import {
  tooManyLinesMessage,
  tooManyOfOneItemMessage,
  tooManyUnitsMessage,
} from "#contract/order-caps";
import {
  PHONE_CONFIRMATION_REQUIRED_MESSAGE,
  TERMS_NOT_ACCEPTED_MESSAGE,
} from "#contract/schemas/orders";
import { PROBABLY_PLACED } from "~/components/checkout/use-place-order";
import { USER_MESSAGES } from "../../server/services/users.service";
import { DISTRICT_NOT_FOUND } from "../../server/services/locations.service";
import {
  THANA_NOT_IN_DISTRICT_MESSAGE,
  UNKNOWN_DISTRICT_MESSAGE,
} from "../../server/services/delivery-place";
import {
  REVIEW_NEEDS_DELIVERY_MESSAGE,
  TOO_MANY_REVIEW_PHOTOS_MESSAGE,
} from "../../server/services/reviews.service";
import { catalogI18n } from "../setup/ui-i18n";

const bangla = await catalogI18n("bn");
const english = await catalogI18n("en");

/** Latin words left in a Bangla text, brand names and code formats aside. */
const englishWords = (text: string) =>
  text
    .replace(
      /SSLCommerz|Tweest|EID25|JPEG|PNG|WebP|GIF|\+?8?8?01X+|Polo Shirt|\b[SMLX]{1,3}\b/g,
      "",
    )
    .match(/[A-Za-z]{2,}/g) ?? [];

/** The rate limits' messages as the server writes them (server/middleware/rate-limit.ts). */
function rateLimitMessages(wait: string): string[] {
  const source = readFileSync("server/middleware/rate-limit.ts", "utf8");
  const templates = [...source.matchAll(/`(Too many[^`]*)`/g)].map((match) => match[1]);
  expect(templates.length).toBeGreaterThan(10);
  return templates.map((template) => template.replaceAll("${wait}", wait));
}

/** A zod schema's messages for a bad value, as a form (and the server's errors[]) show them. */
const issues = (
  schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

const SERVER_TEXTS = [
  // The back office's own texts (admin*) stay English: the back office is English only.
  ...Object.entries(MESSAGES).flatMap(([key, text]) => (key.startsWith("admin") ? [] : [text])),
  ...Object.values(AUTH_MESSAGES).filter((text) => !/^Sign(up|in) successful$/.test(text)),
  USER_MESSAGES.emailTaken,
  USER_MESSAGES.wrongPassword,
  USER_MESSAGES.passwordChanged,
  ...Object.values(OTP_MESSAGES).filter((text) => typeof text === "string"),
  ...[0, 1, OTP_MAX_ATTEMPTS - 1].map(OTP_MESSAGES.wrongCode),
  ...[1, 45].map(OTP_MESSAGES.wait),
  ...[1, 38].map(OTP_MESSAGES.hourly),
  ORDER_NOT_FOUND,
  DISTRICT_NOT_FOUND,
  UNKNOWN_DISTRICT_MESSAGE,
  THANA_NOT_IN_DISTRICT_MESSAGE,
  REVIEW_NEEDS_DELIVERY_MESSAGE,
  TOO_MANY_REVIEW_PHOTOS_MESSAGE,
  "File too large",
  "Only JPEG, PNG, WebP or GIF images are accepted",
  "The image is too large: at most 25 megapixels (this one is 6000 x 6000)",
  EMPTY_CART_MESSAGE,
  INVALID_PROMO_MESSAGE,
  minimumOrderMessage(1500),
  minimumOrderMessage(125000),
  DESIGN_STORAGE_FULL_MESSAGE,
  ADVANCE_METHOD_REQUIRED,
  ADVANCE_METHOD_UNAVAILABLE,
  PAYMENT_OPEN_MESSAGE,
  ANOTHER_PAYMENT_REASON,
  LATE_PAYMENT_REASON,
  NOT_PAYABLE_REASON,
  "unknown payment",
  "failure",
  PHONE_BLOCKED_MESSAGE,
  PHONE_CONFIRMATION_REQUIRED_MESSAGE,
  TERMS_NOT_ACCEPTED_MESSAGE,
  PROBABLY_PLACED,
  ...Object.values(MOBILE_MESSAGES),
  QUANTITY_MINIMUM_MESSAGE,
  QUANTITY_SUM_MESSAGE,
  PASSWORDS_DIFFER_MESSAGE,
  ...rateLimitMessages("15 minutes"),
  ...rateLimitMessages("1 minute"),
  ...rateLimitMessages("5 hours"),
  // Google sign-in's refusals, shown on the sign-in screen (/login?error=)
  ...Object.values(GOOGLE_SIGN_IN_REFUSALS),
  // Cart and checkout (cart.service.ts, stock.service.ts, payments.service.ts: built inline)
  "Only 3 left in Red / M",
  "Only 3 left in Red / M (2 already in your cart)",
  "Red / M is out of stock",
  "Red / XXL is not available for this product",
  tooManyOfOneItemMessage(4),
  tooManyLinesMessage(20),
  tooManyUnitsMessage(50),
  "Only 2 left of Polo Shirt (Navy, L)",
  "Polo Shirt (Navy, L) is out of stock",
  "Your cart changed while saving. Please try again.",
  "The shop is busy right now. Please try again.",
  "This order is not awaiting payment",
  "The payment gateway is not available right now. Please try again.",
  "bKash payments are not available; choose cash on delivery",
  "Promo code EID25 applied.",
  // The forms' field messages (the API's own schemas)
  ...issues(SignupBody, { firstName: "", email: "x", password: "short", phone: "123" }),
  ...issues(SignupBody, { firstName: "A", email: "a@b.co", password: "p".repeat(129) }),
  ...issues(SigninBody, { email: "a@b.co", password: "" }),
  ...issues(PlaceOrderBody, {
    shippingAddress: { firstName: "", mobile: "1", email: "x", streetAddress: "", city: "" },
    paymentMethod: "COD",
  }),
  ...issues(PlaceOrderBody, {
    shippingAddress: {
      firstName: "A".repeat(81),
      mobile: "01712345678",
      streetAddress: "Road 1",
      city: "Dhaka",
    },
    paymentMethod: "COD",
  }),
  ...issues(CreateTshirtOrderBody, {
    name: "",
    email: "x",
    mobile: "1",
    color: "",
    printType: "DTF",
    quantity: 3,
    sizes: { S: 1 },
  }),
  imageFileProblem(new File(["x"], "a.txt", { type: "text/plain" })) ?? "",
];

describe("shopper-facing messages on Bangla pages", () => {
  it("has a Bangla text for every message the server or the client shows a shopper", () => {
    expect(SERVER_TEXTS.length).toBeGreaterThan(80);
    for (const text of SERVER_TEXTS) {
      const shown = shopperMessage(bangla, text);
      expect.soft(shown, text).toMatch(/[\u0980-\u09FF]/);
      expect.soft(englishWords(shown), `${text} → ${shown}`).toEqual([]);
    }
  });

  it("leaves every text exactly as the API wrote it on English pages", () => {
    for (const text of SERVER_TEXTS) expect(shopperMessage(english, text)).toBe(text);
  });

  it("writes counts, money and waits in Bangla digits and words, colours in Bangla", () => {
    expect(shopperMessage(bangla, "Only 3 left in Red / M (2 already in your cart)")).toBe(
      "লাল / M মাত্র ৩টি বাকি আছে (আপনার কার্টে আগে থেকেই ২টি আছে)",
    );
    expect(shopperMessage(bangla, minimumOrderMessage(125000))).toBe(
      "ন্যূনতম ৳১,২৫,০০০-এর অর্ডার করতে হবে",
    );
    expect(shopperMessage(bangla, OTP_MESSAGES.wait(45))).toBe(
      "আরেকটি কোড চাওয়ার আগে ৪৫ সেকেন্ড অপেক্ষা করুন।",
    );
    expect(
      shopperMessage(bangla, "Too many orders from this network. Please try again in 5 hours."),
    ).toBe("এই নেটওয়ার্ক থেকে অনেকগুলো অর্ডার এসেছে। ৫ ঘণ্টা পরে আবার চেষ্টা করুন।");
    expect(shopperMessage(bangla, tooManyLinesMessage(20))).toBe(
      "একটি অর্ডারে সর্বোচ্চ ২০টি আলাদা পণ্য রাখা যায়। কার্ট থেকে কিছু সরিয়ে দিন, অথবা বেশি পরিমাণে কিনতে আমাদের বাল্ক টি-শার্ট অর্ডার পেজ ব্যবহার করুন।",
    );
    expect(shopperMessage(bangla, tooManyUnitsMessage(50))).toBe(
      "একটি অর্ডারে মোট সর্বোচ্চ ৫০টি পিস রাখা যায়। কার্ট থেকে কিছু সরিয়ে দিন, অথবা বেশি পরিমাণে কিনতে আমাদের বাল্ক টি-শার্ট অর্ডার পেজ ব্যবহার করুন।",
    );
    // A code with digits in it is a message as it is, not a number to convert.
    expect(shopperMessage(bangla, MOBILE_MESSAGES.tooShort)).toContain("01XXXXXXXXX");
  });

  it("shows a text no message knows as the server wrote it", () => {
    expect(shopperMessage(bangla, "Something new went wrong 42")).toBe(
      "Something new went wrong 42",
    );
    expect(shopperMessage(bangla, "")).toBe("");
  });

  it("lists only messages the Bangla catalog translates", () => {
    const ids: string[] = [];
    knownMessages({ _: (id: string) => (ids.push(id), id) } as unknown as I18n);
    expect(ids.length).toBeGreaterThan(80);
    for (const id of ids) expect(bangla.messages[id], id).toBeDefined();
  });
});

/**
 * The reasons the payment result page can be given (the gateways in server/payments/ write
 * them into `?reason=`): the shop's own texts, read from the source so a new one needs a Bangla
 * message, plus the gateways' status words.
 */
function shopPaymentReasons(): string[] {
  const source = readdirSync("server/payments")
    .map((file) => readFileSync(`server/payments/${file}`, "utf8"))
    .join("\n");
  const literals = [
    ...source.matchAll(/reason: "([^"]+)"/g),
    // A fallback at the end of a reason: `reason: status || "failure"`.
    ...source.matchAll(/reason: [^\n]*(?:\|\||\?\?) "([^"]+)"/g),
    // The checks' refusals: `return "…"` and `? "…"` with more than one word.
    ...source.matchAll(/^\s*(?:return|\?) "([^"]+ [^"]+)";?$/gm),
  ].map((match) => match[1]);
  expect(literals).toEqual(
    expect.arrayContaining([
      "unknown transaction",
      "failure",
      "payment failed",
      "risky transaction",
      "invoice mismatch",
    ]),
  );
  return [
    ...new Set(literals),
    ANOTHER_PAYMENT_REASON,
    LATE_PAYMENT_REASON,
    NOT_PAYABLE_REASON,
    "FAILED",
    "EXPIRED",
    "UNATTEMPTED",
  ];
}

describe("payment failure reasons on the result page", () => {
  it("writes every reason the shop gives in Bangla, without a quoted detail", () => {
    const reasons = shopPaymentReasons();
    expect(reasons.length).toBeGreaterThan(15);
    for (const reason of reasons) {
      const shown = paymentFailureReason(bangla, reason);
      expect.soft(shown.text, reason).toMatch(/[\u0980-\u09FF]/);
      expect.soft(englishWords(shown.text), `${reason} → ${shown.text}`).toEqual([]);
      expect.soft(shown.gatewayWords, reason).toBeUndefined();
    }
    expect(paymentFailureReason(bangla, "Insufficient Balance").text).toBe(
      "বিকাশ অ্যাকাউন্টে যথেষ্ট ব্যালেন্স নেই",
    );
  });

  it("explains a gateway's own words in Bangla and quotes them", () => {
    expect(paymentFailureReason(bangla, "Invalid expiration date")).toEqual({
      text: "পেমেন্ট গেটওয়ে পেমেন্টটি গ্রহণ করেনি।",
      gatewayWords: "Invalid expiration date",
    });
    expect(paymentFailureReason(bangla, "validation status INVALID_TRANSACTION")).toEqual({
      text: "পেমেন্ট গেটওয়ে পেমেন্টটি নিশ্চিত করেনি।",
      gatewayWords: "INVALID_TRANSACTION",
    });
    expect(paymentFailureReason(bangla, "transaction status Initiated").gatewayWords).toBe(
      "Initiated",
    );
  });

  it("shows a reason from the address without bidi overrides, line breaks or hidden text, cut to 200 characters", () => {
    // Anyone can link to /payment-failed?reason=…: U+202E drew the rest of the line backwards.
    expect(paymentFailureReason(english, "Card declined\u202e moc.elpmaxe")).toEqual({
      text: "Card declined moc.elpmaxe",
    });
    expect(paymentFailureReason(english, "Invalid\n\n\tCall\u200b 01700000000")).toEqual({
      text: "Invalid Call 01700000000",
    });
    expect(paymentFailureReason(english, "A".repeat(5000))).toEqual({
      text: `${"A".repeat(199)}…`,
    });
    expect(paymentFailureReason(bangla, "\u202dInvalid expiration date\u202c")).toEqual({
      text: "পেমেন্ট গেটওয়ে পেমেন্টটি গ্রহণ করেনি।",
      gatewayWords: "Invalid expiration date",
    });
    expect(paymentFailureReason(bangla, "\u202e\u200b")).toEqual({ text: "" });
  });

  it("shows every reason exactly as it came on English pages", () => {
    for (const reason of [...shopPaymentReasons(), "Invalid expiration date", "APIConnect FAIL"])
      expect(paymentFailureReason(english, reason)).toEqual({ text: reason });
  });
});
