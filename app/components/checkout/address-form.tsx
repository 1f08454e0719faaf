import { useLingui } from "@lingui/react";
import { useFormContext } from "react-hook-form";
import { Field, Input } from "~/components/ui/input";
import type { CheckoutAddress } from "~/lib/checkout";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import type { CheckoutValues } from "./checkout-form";
import { DistrictAndThana } from "./district-and-thana";

/**
 * Name, Bangladeshi mobile, email, street, the district and thana pickers, area and postcode.
 * The fields belong to the checkout's form (`useFormContext<CheckoutValues>()`).
 */
export function AddressForm({ disabled }: { disabled?: boolean }) {
  const { i18n } = useLingui();
  const { register, formState } = useFormContext<CheckoutValues>();
  const { errors: fieldErrors } = formState;

  const errors: Partial<Record<keyof CheckoutAddress, string>> = {};
  for (const key of Object.keys(fieldErrors) as (keyof CheckoutAddress)[]) {
    const message = fieldErrors[key]?.message;
    // The API's own messages (zod, the server's errors[]), in the page's language.
    errors[key] = message ? shopperMessage(i18n, message) : undefined;
  }
  const invalid = (key: keyof CheckoutAddress) =>
    errors[key] ? { "aria-invalid": true as const, "aria-describedby": `addr-${key}-error` } : {};

  return (
    <fieldset disabled={disabled} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <legend className="sr-only">{i18n._("Delivery address")}</legend>
      <Field id="addr-firstName" label={i18n._("First name")} error={errors.firstName}>
        <Input
          id="addr-firstName"
          autoComplete="given-name"
          {...register("firstName")}
          {...invalid("firstName")}
          required
        />
      </Field>
      <Field id="addr-lastName" label={i18n._("Last name")} error={errors.lastName}>
        <Input
          id="addr-lastName"
          autoComplete="family-name"
          {...register("lastName")}
          {...invalid("lastName")}
        />
      </Field>
      <Field
        id="addr-mobile"
        label={i18n._("Mobile number")}
        error={errors.mobile}
        hint={i18n._("01XXXXXXXXX or +8801XXXXXXXXX")}
      >
        <Input
          id="addr-mobile"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="01712345678"
          {...register("mobile")}
          aria-describedby="addr-mobile-call-notice"
          {...invalid("mobile")}
          required
        />
        <p id="addr-mobile-call-notice" className="text-xs text-stone-600">
          {i18n._("We may call this number about your order.")}
        </p>
      </Field>
      <Field id="addr-email" label={i18n._("Email (optional)")} error={errors.email}>
        <Input
          id="addr-email"
          type="email"
          autoComplete="email"
          {...register("email")}
          {...invalid("email")}
        />
      </Field>
      <Field
        id="addr-streetAddress"
        label={i18n._("House, road and area")}
        error={errors.streetAddress}
        className="sm:col-span-2"
      >
        <Input
          id="addr-streetAddress"
          autoComplete="street-address"
          placeholder={i18n._("House 12, Road 5, Dhanmondi")}
          {...register("streetAddress")}
          {...invalid("streetAddress")}
          required
        />
      </Field>
      <DistrictAndThana errors={errors} />
      <Field id="addr-area" label={i18n._("Area (optional)")} error={errors.area}>
        <Input id="addr-area" {...register("area")} placeholder={i18n._("e.g. Mirpur 10")} />
      </Field>
      <Field id="addr-zipCode" label={i18n._("Postcode (optional)")} error={errors.zipCode}>
        <Input
          id="addr-zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          {...register("zipCode")}
          {...invalid("zipCode")}
        />
      </Field>
      <p className="text-sm text-stone-600 sm:col-span-2">{i18n._("Country: Bangladesh")}</p>
    </fieldset>
  );
}
