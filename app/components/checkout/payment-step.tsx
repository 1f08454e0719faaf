import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { Banknote, CreditCard, Smartphone } from "lucide-react";
import { useFormContext, useWatch } from "react-hook-form";
import { Textarea } from "~/components/ui/input";
import type { PaymentMethod } from "~/lib/api-client";
import { trackAddPaymentInfo } from "~/lib/tracking";
import { cn } from "~/lib/utils";
import type { CheckoutValues } from "./checkout-form";

/** The payment methods' names and hints in the page's language. */
const methodsText = (
  i18n: I18n,
): Record<PaymentMethod, { label: string; hint: string; icon: typeof Banknote }> => ({
  COD: {
    label: i18n._("Cash on delivery"),
    hint: i18n._("Pay the rider in cash when your parcel arrives."),
    icon: Banknote,
  },
  SSLCOMMERZ: {
    label: i18n._("Card, mobile or net banking"),
    hint: i18n._("Visa, Mastercard, Nagad, Rocket and banks via SSLCommerz."),
    icon: CreditCard,
  },
  BKASH: { label: i18n._("bKash"), hint: i18n._("Pay from your bKash account."), icon: Smartphone },
});

/** The "Payment" section: the methods the shop offers (add_payment_info on a choice) and the note. */
export function PaymentStep({ methods, total }: { methods: PaymentMethod[]; total: number }) {
  const { i18n } = useLingui();
  const METHODS = methodsText(i18n);
  const form = useFormContext<CheckoutValues>();
  const chosen = useWatch({ control: form.control, name: "paymentMethod" });
  return (
    <section
      aria-labelledby="payment-heading"
      className="rounded-lg border border-stone-200 bg-white p-4"
    >
      <h2 id="payment-heading" className="mb-3 text-lg font-bold">
        {i18n._("Payment")}
      </h2>
      <fieldset className="space-y-2">
        <legend className="sr-only">{i18n._("Payment method")}</legend>
        {methods.map((value) => {
          const { label, hint, icon: Icon } = METHODS[value];
          return (
            <label
              key={value}
              className={cn(
                "flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500",
                chosen === value ? "border-brand-500 bg-brand-50" : "border-stone-200",
              )}
            >
              <input
                type="radio"
                value={value}
                {...form.register("paymentMethod", {
                  onChange: () => trackAddPaymentInfo(value, total),
                })}
                className="mt-1 accent-brand-500"
              />
              <Icon className="mt-0.5 h-5 w-5 shrink-0 text-stone-600" aria-hidden="true" />
              <span>
                <span className="block font-semibold">{label}</span>
                <span className="block text-sm text-stone-600">{hint}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className="mt-4">
        <label htmlFor="order-note" className="mb-1 block text-sm font-medium">
          {i18n._("Note for the rider (optional)")}
        </label>
        <Textarea id="order-note" maxLength={500} {...form.register("note")} className="min-h-16" />
      </div>
    </section>
  );
}
