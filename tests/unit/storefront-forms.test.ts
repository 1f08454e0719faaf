/**
 * The storefront's forms check their input with the API's own schemas (app/lib/storefront-schemas.ts,
 * app/lib/form-validation.ts): what the server accepts the form accepts, normalised the same way, and
 * a refusal carries the server's message.
 */
import { describe, expect, it } from "vitest";
import { checkWith } from "../../app/lib/form-validation";
import {
  CHOOSE_DISTRICT_MESSAGE,
  CHOOSE_THANA_MESSAGE,
  CheckoutAddressForm,
  LoginForm,
  PasswordForm,
  ProfileForm,
  RegisterForm,
  ShippingAddressBody,
  TrackOrderForm,
} from "../../app/lib/storefront-schemas";
import { MOBILE_MESSAGES } from "#contract/phone";
import { SignupBody } from "#contract/schemas/auth";
import { CreateTshirtOrderBody } from "#contract/schemas/tshirt-orders";

const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "mobile",
  "email",
  "streetAddress",
  "city",
  "zone",
  "area",
  "zipCode",
];
const address = {
  firstName: "Rahim",
  lastName: "",
  mobile: "01712345678",
  email: "",
  streetAddress: "House 12, Road 5, Dhanmondi",
  city: "Dhaka",
  zone: "",
  area: "",
  zipCode: "",
};

describe("checkout address form (ShippingAddressBody)", () => {
  it.each([
    "01712345678",
    "+8801712345678",
    "8801712345678",
    "+880 1712-345678",
    "(+880) 1712-345678",
    "+88 01712.345.678",
  ])("accepts %s and gives the API 01712345678", (mobile) => {
    const checked = checkWith(ShippingAddressBody, { ...address, mobile }, ADDRESS_FIELDS);
    expect(checked).toMatchObject({ ok: true, value: { mobile: "01712345678" } });
  });

  it("refuses an empty form with the server's message for each field, first field first", () => {
    const checked = checkWith(
      ShippingAddressBody,
      { ...address, firstName: " ", mobile: "01212345678", streetAddress: "", city: "" },
      ADDRESS_FIELDS,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        firstName: "First name is required",
        mobile: MOBILE_MESSAGES.unknownOperator,
        streetAddress: "Street address is required",
        city: "City is required",
      },
    });
    expect(Object.keys(checked.ok ? {} : checked.errors)[0]).toBe("firstName");
  });

  it("refuses a malformed email with the same text as the account forms", () => {
    const checked = checkWith(ShippingAddressBody, { ...address, email: "rahim@" }, ADDRESS_FIELDS);
    expect(checked).toEqual({ ok: false, errors: { email: "Enter a valid email address" } });
  });
});

describe("the checkout's address (CheckoutAddressForm: ShippingAddressBody with district and thana)", () => {
  const picked = {
    ...address,
    city: "Dhaka",
    zone: "Dhanmondi",
    districtId: "dhaka",
    thanaId: "dhaka/dhanmondi",
  };

  it("gives the API the district and the thana with their ids", () => {
    const checked = checkWith(CheckoutAddressForm, picked, ADDRESS_FIELDS);
    expect(checked).toMatchObject({
      ok: true,
      value: { city: "Dhaka", zone: "Dhanmondi", districtId: "dhaka", thanaId: "dhaka/dhanmondi" },
    });
  });

  it("asks for the district and the thana, where the API alone needs a city only", () => {
    const unpicked = { ...picked, city: " ", zone: "", districtId: "", thanaId: "" };
    expect(checkWith(CheckoutAddressForm, unpicked, ADDRESS_FIELDS)).toEqual({
      ok: false,
      errors: { city: "Choose your district", zone: "Choose your thana" },
    });
    expect([CHOOSE_DISTRICT_MESSAGE, CHOOSE_THANA_MESSAGE]).toEqual([
      "Choose your district",
      "Choose your thana",
    ]);
    const cityOnly = { ...address, city: "Dhaka" };
    expect(checkWith(ShippingAddressBody, cityOnly, ADDRESS_FIELDS).ok).toBe(true);
    expect(checkWith(CheckoutAddressForm, cityOnly, ADDRESS_FIELDS)).toEqual({
      ok: false,
      errors: { zone: "Choose your thana" },
    });
  });
});

describe("account forms", () => {
  const signup = {
    firstName: "Tania",
    lastName: "",
    email: " Tania@Example.COM ",
    mobile: "(+880) 1712-000222",
    password: "tania-secret",
    confirmPassword: "tania-secret",
  };

  it("sign-up gives the API what SignupBody gives it (email lower-cased, mobile normalised)", () => {
    const { confirmPassword: _confirm, ...body } = RegisterForm.parse(signup);
    expect(body).toEqual(SignupBody.parse(signup));
    expect(body).toMatchObject({ email: "tania@example.com", mobile: "01712000222" });
  });

  it("sign-up: an empty optional mobile stays empty; a repeated password must match", () => {
    expect(RegisterForm.parse({ ...signup, mobile: "" }).mobile).toBe("");
    const checked = checkWith(RegisterForm, { ...signup, confirmPassword: "other" }, [
      "confirmPassword",
    ]);
    expect(checked).toEqual({
      ok: false,
      errors: { confirmPassword: "The passwords do not match" },
    });
  });

  it("uses the server's messages for sign-in, profile and password change", () => {
    expect(checkWith(LoginForm, { email: "", password: "" }, ["email", "password"])).toEqual({
      ok: false,
      errors: { email: "Enter a valid email address", password: "Password is required" },
    });
    expect(
      checkWith(ProfileForm, { firstName: "", lastName: "", email: "x" }, ["firstName", "email"]),
    ).toEqual({
      ok: false,
      errors: { firstName: "First name is required", email: "Enter a valid email address" },
    });
    expect(
      checkWith(
        PasswordForm,
        { currentPassword: "old-secret", newPassword: "short", confirmPassword: "short" },
        ["currentPassword", "newPassword", "confirmPassword"],
      ),
    ).toEqual({ ok: false, errors: { newPassword: "Password must have at least 8 characters" } });
  });

  it("tracking takes the order number and mobile however they were typed", () => {
    expect(
      TrackOrderForm.parse({ orderNumber: "tw ২৬১১২৭ k7qp", phone: "+৮৮০ ১৭১২-৩৪৫৬৭৮" }),
    ).toEqual({ orderNumber: "TW-261127-K7QP", phone: "01712345678" });
    expect(
      checkWith(TrackOrderForm, { orderNumber: "TW-12", phone: "1712345" }, [
        "orderNumber",
        "phone",
      ]),
    ).toEqual({
      ok: false,
      errors: {
        orderNumber: "An order number looks like TW-250101-AB23",
        phone: MOBILE_MESSAGES.notStartingWith01,
      },
    });
  });
});

describe("bulk t-shirt form (CreateTshirtOrderBody)", () => {
  it("accepts a +88 number with brackets and refuses fewer than 10 pieces with the server's text", () => {
    const order = {
      name: "Karim",
      organization: "",
      mobile: "(+88) 01912-345678",
      email: "karim@example.com",
      color: "Navy",
      printType: "DTF",
      sizes: { S: 0, M: 4, L: 5, XL: 3, XXL: 0 },
      quantity: 12,
      deadline: "",
      notes: "",
    };
    expect(checkWith(CreateTshirtOrderBody, order, ["mobile"])).toMatchObject({
      ok: true,
      value: { mobile: "01912345678", deadline: null },
    });
    expect(
      checkWith(
        CreateTshirtOrderBody,
        { ...order, sizes: { ...order.sizes, XL: 0 }, quantity: 9 },
        ["quantity"],
      ),
    ).toEqual({ ok: false, errors: { quantity: "Minimum order quantity is 10" } });
  });
});
