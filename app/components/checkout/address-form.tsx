import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Field, Input, NativeSelect } from "~/components/ui/input";
import { api, type Areas, type Cities, type Zones } from "~/lib/api-client";
import type { CheckoutAddress } from "~/lib/checkout";
import { cityName } from "~/lib/i18n/city-names";
import { useLocale } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import type { CheckoutValues } from "./checkout-form";

type City = Cities["cities"][number];
type Zone = Zones["zones"][number];
type Area = Areas["areas"][number];

function listOf<T>(answer: unknown, key: string): T[] {
  if (Array.isArray(answer)) return answer as T[];
  const inner = (answer as Record<string, unknown> | null)?.[key];
  return Array.isArray(inner) ? (inner as T[]) : [];
}

/**
 * Name, Bangladeshi mobile, email, street, and the city -> zone -> area pickers from /api/pathao
 * (the server answers its built-in city list when Pathao is off; then zone and area are typed).
 * The fields belong to the checkout's form (`useFormContext<CheckoutValues>()`).
 */
export function AddressForm({ disabled }: { disabled?: boolean }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { register, setValue, control, formState } = useFormContext<CheckoutValues>();
  const { errors: fieldErrors } = formState;
  const [city, zone] = useWatch({ control, name: ["city", "zone"] });
  const [cities, setCities] = useState<City[] | null>(null);
  const [zones, setZones] = useState<Zone[]>([]);
  const [areas, setAreas] = useState<Area[]>([]);
  const [listFailed, setListFailed] = useState(false);
  const cityId = cities?.find((item) => item.city_name === city)?.city_id;
  const zoneId = zones.find((item) => item.zone_name === zone)?.zone_id;

  useEffect(() => {
    let live = true;
    api.pathao
      .cities()
      .then((answer) => live && setCities(listOf<City>(answer, "cities")))
      .catch(() => {
        if (!live) return;
        setCities([]);
        setListFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    setZones([]);
    if (!cityId) return;
    let live = true;
    api.pathao
      .zones(cityId)
      .then((answer) => live && setZones(listOf<Zone>(answer, "zones")))
      .catch(() => live && setZones([]));
    return () => {
      live = false;
    };
  }, [cityId]);

  useEffect(() => {
    setAreas([]);
    if (!zoneId) return;
    let live = true;
    api.pathao
      .areas(zoneId)
      .then((answer) => live && setAreas(listOf<Area>(answer, "areas")))
      .catch(() => live && setAreas([]));
    return () => {
      live = false;
    };
  }, [zoneId]);

  function clearBelowCity() {
    setValue("zone", "");
    setValue("area", "");
  }

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
          {...invalid("mobile")}
          required
        />
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
      <Field
        id="addr-city"
        label={i18n._("City")}
        error={
          errors.city ?? (listFailed ? i18n._("City list unavailable; type your city.") : undefined)
        }
      >
        {cities === null ? (
          <NativeSelect id="addr-city" disabled aria-busy="true">
            <option>{i18n._("Loading cities…")}</option>
          </NativeSelect>
        ) : cities.length > 0 ? (
          <NativeSelect
            id="addr-city"
            {...register("city", { onChange: clearBelowCity })}
            {...invalid("city")}
            required
          >
            <option value="">{i18n._("Choose a city")}</option>
            {city && !cities.some((item) => item.city_name === city) && (
              <option value={city}>{cityName(city, locale)}</option>
            )}
            {/* The value stays the courier's English name (stored, sent to the courier). */}
            {cities.map((item) => (
              <option key={item.city_id} value={item.city_name}>
                {cityName(item.city_name, locale)}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input
            id="addr-city"
            autoComplete="address-level2"
            {...register("city")}
            {...invalid("city")}
            required
          />
        )}
      </Field>
      <Field id="addr-zone" label={i18n._("Zone / thana")} error={errors.zone}>
        {zones.length > 0 ? (
          <NativeSelect
            id="addr-zone"
            {...register("zone", { onChange: () => setValue("area", "") })}
          >
            <option value="">{i18n._("Choose a zone")}</option>
            {zones.map((item) => (
              // Zone and area names are the courier's, as it writes them (docs/i18n.md).
              <option key={item.zone_id} value={item.zone_name} translate="no">
                {item.zone_name}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input id="addr-zone" {...register("zone")} placeholder={i18n._("e.g. Dhanmondi")} />
        )}
      </Field>
      <Field id="addr-area" label={i18n._("Area (optional)")} error={errors.area}>
        {areas.length > 0 ? (
          <NativeSelect id="addr-area" {...register("area")}>
            <option value="">{i18n._("Choose an area")}</option>
            {areas.map((area) => (
              <option key={area.area_id} value={area.area_name} translate="no">
                {area.area_name}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input id="addr-area" {...register("area")} />
        )}
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
