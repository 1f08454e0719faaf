import { useLingui } from "@lingui/react";
import { useFormContext, useWatch } from "react-hook-form";
import { Textarea } from "~/components/ui/input";
import type { PaymentMethod } from "~/lib/api-client";
import { trackAddPaymentInfo } from "~/lib/tracking";
import type { CheckoutValues } from "./checkout-form";
import { PaymentMethodOption, paymentMethodTexts } from "./payment-methods";

/** The "Payment" section: the methods the shop offers (add_payment_info on a choice) and the note. */
export function PaymentStep({ methods, total }: { methods: PaymentMethod[]; total: number }) {
  const { i18n } = useLingui();
  const METHODS = paymentMethodTexts(i18n);
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
        {methods.map((value) => (
          <PaymentMethodOption
            key={value}
            text={METHODS[value]}
            chosen={chosen === value}
            className={chosen === value ? "bg-brand-50" : undefined}
            input={{
              value,
              ...form.register("paymentMethod", {
                onChange: () => trackAddPaymentInfo(value, total),
              }),
            }}
          />
        ))}
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
