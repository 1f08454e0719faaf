/**
 * The payment methods as the shopper reads them, in the page's language: one place for the gateways'
 * names, descriptions and icons, and for the radio card that shows one, used by the payment step and
 * by the advance delivery charge's choice of gateway alike.
 */
import type { I18n } from "@lingui/core";
import { Banknote, CreditCard, Smartphone, type LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import type { PaymentMethod } from "~/lib/api-client";
import { cn } from "~/lib/utils";

export interface PaymentMethodText {
  label: string;
  hint: string;
  icon: LucideIcon;
}

export const paymentMethodTexts = (i18n: I18n): Record<PaymentMethod, PaymentMethodText> => ({
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
  NAGAD: { label: i18n._("Nagad"), hint: i18n._("Pay from your Nagad account."), icon: Smartphone },
});

/** One method as a radio card (its icon, name and description); `input` wires the radio to the form. */
export function PaymentMethodOption({
  text: { label, hint, icon: Icon },
  chosen,
  className,
  input,
}: {
  text: PaymentMethodText;
  chosen: boolean;
  className?: string;
  input: ComponentProps<"input">;
}) {
  return (
    <label
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500",
        chosen ? "border-brand-500" : "border-stone-200",
        className,
      )}
    >
      <input type="radio" {...input} className="mt-1 accent-brand-500" />
      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-stone-600" aria-hidden="true" />
      <span>
        <span className="block font-semibold">{label}</span>
        <span className="block text-sm text-stone-600">{hint}</span>
      </span>
    </label>
  );
}
