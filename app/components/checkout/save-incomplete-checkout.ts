import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { request } from "~/lib/api/transport";
import { useLocale } from "~/lib/i18n/i18n";
import { normalizeBdMobile } from "#contract/phone-number";
import type { CheckoutValues } from "./checkout-form";

const SAVED_FIELDS = [
  "mobile",
  "firstName",
  "lastName",
  "email",
  "streetAddress",
  "districtId",
  "thanaId",
  "area",
  "note",
] as const;

/** Typing pauses this long before the checkout is saved. */
export const SAVE_AFTER_MS = 1500;

/**
 * Once the mobile is a valid Bangladeshi number, saves what the shopper has typed (and, on the
 * server, the cart) for the shop's call list, a pause after the last keystroke (docs/call-list.md).
 * Write-only and silent: nothing is read back, and a failure changes nothing on the page.
 */
export function useSaveIncompleteCheckout(): void {
  const { control } = useFormContext<CheckoutValues>();
  const values = useWatch({ control, name: SAVED_FIELDS });
  const locale = useLocale();
  const [typedMobile, ...rest] = values;
  const mobile = normalizeBdMobile(typedMobile ?? "");
  const key = mobile ? JSON.stringify([mobile, ...rest, locale]) : "";

  useEffect(() => {
    if (!key) return;
    const [phone, firstName, lastName, email, streetAddress, districtId, thanaId, area, note] =
      JSON.parse(key) as string[];
    const timer = setTimeout(() => {
      const shippingAddress = { mobile: phone, firstName, lastName, email, streetAddress };
      request("/api/checkout/incomplete", {
        method: "PUT",
        body: { shippingAddress: { ...shippingAddress, districtId, thanaId, area }, note, locale },
      }).catch(() => undefined);
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [key, locale]);
}
