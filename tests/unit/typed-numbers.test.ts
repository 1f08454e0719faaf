/**
 * Numbers a shopper types (mobile, quantities, postcode, codes, order numbers) in either script:
 * the contract's one normalisation, used by the API and the forms alike, and its messages.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toAsciiDigits } from "#contract/i18n/digits";
import { numeric, Postcode, POSTCODE_MESSAGE, typedCode } from "#contract/numeric";
import { normalizeOrderNumber, ORDER_NUMBER_MESSAGE, orderLookupKey } from "#contract/order-number";
import { BdMobile, checkBdMobile, MOBILE_MESSAGES, OptionalBdMobile } from "#contract/phone";
import { AddToCartBody, ApplyPromoBody } from "#contract/schemas/cart";
import { OtpVerifyBody } from "#contract/schemas/auth";
import { OrderNumber, ShippingAddressBody } from "#contract/schemas/orders";
import { newOrderNumber } from "../../server/services/order-placement";

const issues = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe("digits in any script", () => {
  it("reads Bangla, Arabic-Indic and Persian digits as ASCII, leaving the rest", () => {
    expect(toAsciiDigits("০১২৩৪৫৬৭৮৯")).toBe("0123456789");
    expect(toAsciiDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(toAsciiDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(toAsciiDigits("TW-২৬১১২৭-K7QP কোড")).toBe("TW-261127-K7QP কোড");
  });

  it("makes numeric fields, codes and postcodes take them", () => {
    expect(AddToCartBody.shape.quantity.parse("৩")).toBe(3);
    expect(numeric(z.number().int()).parse("١٢")).toBe(12);
    expect(ApplyPromoBody.parse({ code: " EID২৫ " })).toEqual({ code: "EID25" });
    expect(typedCode(10).safeParse("  ").success).toBe(false);
    expect(OtpVerifyBody.shape.otp.parse("১২৩৪৫৬")).toBe("123456");
    expect(OtpVerifyBody.shape.otp.parse("۱۲۳۴۵۶")).toBe("123456");
    expect(Postcode.parse("১২০৭")).toBe("1207");
    expect(Postcode.parse("")).toBe("");
    expect(issues(Postcode, "12075")).toEqual([POSTCODE_MESSAGE]);
    expect(issues(Postcode, "Dhaka")).toEqual([POSTCODE_MESSAGE]);
  });
});

describe("Bangladeshi mobile numbers", () => {
  it.each([
    ["০১৯১২৩৪৫৬৭৮", "01912345678"],
    ["০১৯১২-৩৪৫৬৭৮", "01912345678"],
    ["+৮৮০ ১৭১২ ৩৪৫৬৭৮", "01712345678"],
    ["٠١٧١٢٣٤٥٦٧٨", "01712345678"],
    ["(+88) 01912-345678", "01912345678"],
    ["+880 1712-345678", "01712345678"],
    ["008801712345678", "01712345678"],
    ["8801712345678", "01712345678"],
    ["01312345678", "01312345678"],
  ])("takes %s as %s", (typed, local) => {
    expect(BdMobile.parse(typed)).toBe(local);
  });

  it.each([
    ["", "required"],
    ["   ", "required"],
    ["0171234567a", "notDigits"],
    ["+44 7911 123456", "foreign"],
    ["0044 7911 123456", "foreign"],
    ["1712345678", "notStartingWith01"],
    ["02 9123456", "notStartingWith01"],
    ["01212345678", "unknownOperator"],
    ["০১২১২৩৪৫৬৭৮", "unknownOperator"],
    ["0171234567", "tooShort"],
    ["০১৭১২৩৪৫", "tooShort"],
    ["017123456789", "tooLong"],
  ] as const)("says what is wrong with %j: %s", (typed, problem) => {
    expect(checkBdMobile(typed)).toEqual({ ok: false, problem });
    expect(issues(BdMobile, typed)).toEqual([MOBILE_MESSAGES[problem]]);
  });

  it("says too long for a text longer than any way of writing a number", () => {
    expect(issues(BdMobile, "0".repeat(21))).toEqual([MOBILE_MESSAGES.tooLong]);
  });

  it("lets an optional number be empty, and checks it otherwise", () => {
    expect(OptionalBdMobile.parse(" ")).toBe("");
    expect(OptionalBdMobile.parse("০১৭১২৩৪৫৬৭৮")).toBe("01712345678");
    expect(issues(OptionalBdMobile, "01712")).toEqual([MOBILE_MESSAGES.tooShort]);
  });

  it("is what the checkout's address form checks: ০১৯১২৩৪৫৬৭৮ goes through", () => {
    const address = {
      firstName: "Nusrat",
      mobile: "০১৯১২৩৪৫৬৭৮",
      streetAddress: "House 12, Road 5",
      city: "Dhaka",
      zipCode: "১২০৯",
    };
    expect(ShippingAddressBody.parse(address)).toMatchObject({
      mobile: "01912345678",
      zipCode: "1209",
    });
  });
});

describe("order numbers as typed", () => {
  it("reads case, spaces, missing dashes, the missing prefix and Bangla digits as the number", () => {
    for (const typed of [
      "TW-261127-K7QP",
      "tw-261127-k7qp",
      " TW 261127 K7QP ",
      "TW261127K7QP",
      "261127-K7QP",
      "TW-২৬১১২৭-K7QP",
      "tw ২৬১১২৭ k7qp",
    ])
      expect(normalizeOrderNumber(typed), typed).toBe("TW-261127-K7QP");
    expect(OrderNumber.parse("tw২৬১১২৭k7qp")).toBe("TW-261127-K7QP");
  });

  it("refuses what cannot be one, with an example of one", () => {
    for (const typed of ["", "TW-12", "TW-261127-K7Q", "TW-261127-K7QL", "AB-261127-K7QP"]) {
      expect(normalizeOrderNumber(typed), typed).toBeUndefined();
      expect(issues(OrderNumber, typed)).toEqual([ORDER_NUMBER_MESSAGE]);
    }
  });

  it("takes every number the shop makes", () => {
    for (let index = 0; index < 30; index += 1) {
      const made = newOrderNumber();
      expect(normalizeOrderNumber(made)).toBe(made);
    }
  });

  it("looks an order up by number, else by database id, else by the text in capitals", () => {
    expect(orderLookupKey("tw261127k7qp")).toEqual({ orderNumber: "TW-261127-K7QP" });
    expect(orderLookupKey("65a1b2c3d4e5f60718293a4b")).toEqual({ _id: "65a1b2c3d4e5f60718293a4b" });
    expect(orderLookupKey("tw-test-1")).toEqual({ orderNumber: "TW-TEST-1" });
  });
});
