/**
 * The checkout's payment choices rendered as the server renders them (react-dom/server, no build):
 * the payment step and the advance delivery charge's gateways show each gateway with the same name,
 * description and icon, in both languages.
 */
import { I18nProvider } from "@lingui/react";
import { createElement, type ReactElement, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { FormProvider, useForm } from "react-hook-form";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { AdvanceQuoteAnswer } from "#contract/advance-delivery-charge";
import type { Locale } from "#contract/i18n";
import { AdvanceDeliveryCharge } from "~/components/checkout/advance-delivery-charge";
import {
  advanceMethodOf,
  CHECKOUT_DEFAULTS,
  type CheckoutValues,
} from "~/components/checkout/checkout-form";
import { PaymentStep } from "~/components/checkout/payment-step";
import { catalogI18n } from "../setup/ui-i18n";

const i18n = { en: await catalogI18n("en"), bn: await catalogI18n("bn") };

function CheckoutForm({
  values,
  children,
}: {
  values: Partial<CheckoutValues>;
  children?: ReactNode;
}) {
  const form = useForm<CheckoutValues>({ defaultValues: { ...CHECKOUT_DEFAULTS, ...values } });
  return createElement(FormProvider<CheckoutValues>, { ...form, children });
}

/** A part of the checkout as the server renders it on the page in `locale`. */
function render(locale: Locale, part: ReactElement, values: Partial<CheckoutValues> = {}): string {
  return renderToString(
    createElement(
      MemoryRouter,
      { initialEntries: [locale === "bn" ? "/bn/checkout" : "/checkout"] },
      createElement(
        I18nProvider,
        { i18n: i18n[locale] },
        createElement(CheckoutForm, { values }, part),
      ),
    ),
  );
}

interface Choice {
  value: string;
  checked: boolean;
  icon: string;
  label: string;
  hint: string;
}

/** The radio cards of a rendered part: value, checked, icon, name and description. */
function choices(html: string): Choice[] {
  return [
    ...html.matchAll(
      /<input type="radio" ([^>]*)\/?>\s*<svg[^>]*class="lucide lucide-([\w-]+)[^>]*>[\s\S]*?<\/svg><span><span class="block font-semibold">([^<]+)<\/span><span class="block text-sm text-stone-600">([^<]+)<\/span>/g,
    ),
  ].map(([, attributes, icon, label, hint]) => ({
    value: /value="(\w+)"/.exec(attributes)![1],
    checked: /\bchecked=""/.test(attributes),
    icon,
    label,
    hint,
  }));
}

const advance = (methods: AdvanceQuoteAnswer["methods"]): AdvanceQuoteAnswer => ({
  amount: 120,
  collectOnDelivery: 1600,
  reasons: ["outsideDhaka"],
  methods,
});

const describeChoice = ({ value, icon, label, hint }: Choice) => ({ value, icon, label, hint });

describe("the checkout's payment choices", () => {
  it.each(["en", "bn"] as const)(
    "name and describe each gateway the same way in the payment step and the advance panel (%s)",
    (locale) => {
      const step = choices(
        render(
          locale,
          createElement(PaymentStep, { methods: ["COD", "SSLCOMMERZ", "BKASH"], total: 1720 }),
        ),
      );
      const panel = choices(
        render(
          locale,
          createElement(AdvanceDeliveryCharge, { advance: advance(["BKASH", "SSLCOMMERZ"]) }),
        ),
      );
      expect(step.map((choice) => choice.value)).toEqual(["COD", "SSLCOMMERZ", "BKASH"]);
      expect(panel.map((choice) => choice.value)).toEqual(["BKASH", "SSLCOMMERZ"]);
      for (const gateway of panel)
        expect(describeChoice(gateway)).toEqual(
          describeChoice(step.find((choice) => choice.value === gateway.value)!),
        );
      if (locale === "en")
        expect(panel.map(describeChoice)).toEqual([
          {
            value: "BKASH",
            icon: "smartphone",
            label: "bKash",
            hint: "Pay from your bKash account.",
          },
          {
            value: "SSLCOMMERZ",
            icon: "credit-card",
            label: "Card, mobile or net banking",
            hint: "Visa, Mastercard, Nagad, Rocket and banks via SSLCommerz.",
          },
        ]);
    },
  );
});

describe("Nagad among the choices", () => {
  it.each([
    ["en", "Nagad", "Pay from your Nagad account."],
    ["bn", "নগদ", "আপনার নগদ অ্যাকাউন্ট থেকে পেমেন্ট করুন।"],
  ] as const)(
    "is offered by its name in the payment step and the advance panel (%s)",
    (locale, label, hint) => {
      const nagad = { value: "NAGAD", icon: "smartphone", label, hint };
      const step = choices(
        render(
          locale,
          createElement(PaymentStep, { methods: ["COD", "BKASH", "NAGAD"], total: 1720 }),
        ),
      );
      const panel = choices(
        render(locale, createElement(AdvanceDeliveryCharge, { advance: advance(["NAGAD"]) })),
      );
      expect(step.map(describeChoice).at(-1)).toEqual(nagad);
      expect(panel.map(describeChoice)).toEqual([nagad]);
    },
  );
});

describe("the advance delivery charge's gateway", () => {
  const checked = (html: string) =>
    choices(html)
      .filter((choice) => choice.checked)
      .map((choice) => choice.value);
  const panel = (
    methods: AdvanceQuoteAnswer["methods"],
    advancePaymentMethod: CheckoutValues["advancePaymentMethod"],
  ) =>
    checked(
      render("en", createElement(AdvanceDeliveryCharge, { advance: advance(methods) }), {
        advancePaymentMethod,
      }),
    );

  it("is the first one offered until the shopper picks another, from the first paint on", () => {
    expect(panel(["BKASH", "SSLCOMMERZ"], "")).toEqual(["BKASH"]);
    expect(panel(["BKASH", "SSLCOMMERZ"], "SSLCOMMERZ")).toEqual(["SSLCOMMERZ"]);
    // A new quote no longer offering the pick: the first offered, without a write to the form.
    expect(panel(["BKASH"], "SSLCOMMERZ")).toEqual(["BKASH"]);
  });

  it("is what the order is sent with (advanceMethodOf)", () => {
    expect(advanceMethodOf(advance(["BKASH", "SSLCOMMERZ"]), "")).toBe("BKASH");
    expect(advanceMethodOf(advance(["BKASH", "SSLCOMMERZ"]), "SSLCOMMERZ")).toBe("SSLCOMMERZ");
    expect(advanceMethodOf(advance(["SSLCOMMERZ"]), "BKASH")).toBe("SSLCOMMERZ");
  });
});
