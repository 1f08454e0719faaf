/**
 * Cash on delivery with the delivery charge paid online first (docs/cod.md, "Advance delivery
 * charge"): what the quote says before the order is placed — how much now, how much at the door,
 * why — and the choice of gateway for it (the form's `advancePaymentMethod`). The reasons shown
 * are the shop's public rules; a number's history is never named to the shopper (an advance asked
 * for it at placement shows no reason).
 */
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Info } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
// The rules a shopper may be told about: the public ones, never the number's history.
import {
  isShopperAdvanceRule as isShopperRule,
  type AdvanceQuoteAnswer,
  type ShopperAdvanceRule,
} from "#contract/advance-delivery-charge";
import { formatMoney, toLocale } from "#contract/i18n";
import { useLocale } from "~/lib/i18n/i18n";
import { advanceMethodOf, type CheckoutValues } from "./checkout-form";
import { PaymentMethodOption, paymentMethodTexts } from "./payment-methods";

/** Every shopper-facing text of the advance, in the page's language. */
const texts = (i18n: I18n) => ({
  heading: i18n._("Delivery charge paid in advance"),
  intro: (amount: string) =>
    i18n._(
      "For this order the delivery charge of {amount} is paid online now. The rest is paid in cash when the parcel arrives.",
      { amount },
    ),
  why: i18n._("Why:"),
  reasons: {
    outsideDhaka: i18n._("delivery outside Dhaka"),
    aboveAmount: i18n._("orders of this amount"),
  } satisfies Record<ShopperAdvanceRule, string>,
  payNow: i18n._("Pay now (delivery charge)"),
  onDelivery: i18n._("Pay on delivery"),
  methodLegend: i18n._("Pay the delivery charge with"),
  submit: (amount: string) => i18n._("Pay delivery charge {amount} and place order", { amount }),
});

/** The submit button's text when the order needs its delivery charge paid first. */
export function advanceSubmitLabel(advance: AdvanceQuoteAnswer, i18n: I18n): string {
  return texts(i18n).submit(formatMoney(advance.amount, toLocale(i18n.locale)));
}

/** Shown under the payment methods when cash on delivery is chosen and the quote asks an advance. */
export function AdvanceDeliveryCharge({ advance }: { advance: AdvanceQuoteAnswer }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const TEXT = texts(i18n);
  const METHODS = paymentMethodTexts(i18n);
  const form = useFormContext<CheckoutValues>();
  const picked = useWatch({ control: form.control, name: "advancePaymentMethod" });
  // The first gateway offered until the shopper picks another: derived, nothing written back.
  const chosen = advanceMethodOf(advance, picked);
  const reasons = advance.reasons.filter(isShopperRule);

  return (
    <section
      aria-labelledby="advance-heading"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4"
      data-testid="advance-delivery-charge"
    >
      <h2 id="advance-heading" className="flex items-center gap-2 text-lg font-bold">
        <Info className="h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
        {TEXT.heading}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {TEXT.intro(formatMoney(advance.amount, locale))}
      </p>
      {reasons.length > 0 && (
        <p className="mt-1 text-sm text-stone-700" data-testid="advance-reasons">
          {TEXT.why} {reasons.map((reason) => TEXT.reasons[reason]).join("; ")}.
        </p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div className="rounded-md bg-white p-2">
          <dt className="text-stone-600">{TEXT.payNow}</dt>
          <dd className="text-base font-bold tabular-nums" data-testid="advance-pay-now">
            {formatMoney(advance.amount, locale)}
          </dd>
        </div>
        <div className="rounded-md bg-white p-2">
          <dt className="text-stone-600">{TEXT.onDelivery}</dt>
          <dd className="text-base font-bold tabular-nums" data-testid="advance-on-delivery">
            {formatMoney(advance.collectOnDelivery, locale)}
          </dd>
        </div>
      </dl>
      <fieldset className="mt-3 space-y-2">
        <legend className="mb-1 text-sm font-medium">{TEXT.methodLegend}</legend>
        {advance.methods.map((value) => (
          <PaymentMethodOption
            key={value}
            text={METHODS[value]}
            chosen={chosen === value}
            className="bg-white"
            input={{
              name: "advancePaymentMethod",
              value,
              checked: chosen === value,
              onChange: () => form.setValue("advancePaymentMethod", value),
            }}
          />
        ))}
      </fieldset>
    </section>
  );
}
