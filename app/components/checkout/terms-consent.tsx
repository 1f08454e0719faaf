import { useLingui } from "@lingui/react";
import { useFormContext } from "react-hook-form";
import { LocalLink } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import type { CheckoutValues } from "./checkout-form";

export const TERMS_CHECKBOX_ID = "checkout-terms-accepted";

/**
 * "I accept the terms": unticked at first, required before the order is placed (the API refuses
 * an order without it; the order records the version of the terms page). The link opens the
 * terms in a new tab so the form the shopper filled in stays as it is.
 */
export function TermsConsent() {
  const { i18n } = useLingui();
  const { register, formState } = useFormContext<CheckoutValues>();
  const error = formState.errors.termsAccepted?.message;
  // The link sits where the sentence puts it in each language ("আমি {terms} মেনে নিচ্ছি").
  const [before, after = ""] = i18n._("I accept the {terms}", { terms: "\u0000" }).split("\u0000");
  return (
    <div className="text-sm">
      <div className="flex items-start gap-2">
        <input
          id={TERMS_CHECKBOX_ID}
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${TERMS_CHECKBOX_ID}-error` : undefined}
          data-testid="terms-accepted"
          {...register("termsAccepted")}
        />
        <label htmlFor={TERMS_CHECKBOX_ID} className="text-stone-700">
          {before}
          <LocalLink
            to="/pages/terms"
            target="_blank"
            rel="noopener"
            className="font-medium text-brand-700 underline"
          >
            {i18n._("terms and conditions")}
          </LocalLink>
          {after}
        </label>
      </div>
      {error && (
        <p id={`${TERMS_CHECKBOX_ID}-error`} className="mt-1 text-red-600" role="alert">
          {shopperMessage(i18n, error)}
        </p>
      )}
    </div>
  );
}
