import { useEffect, useState } from "react";
import { Field, Input, NativeSelect } from "~/components/ui/input";
import { api, type Areas, type Cities, type Zones } from "~/lib/api-client";
import type { CheckoutAddress, FieldErrors } from "~/lib/checkout";

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
 */
export function AddressForm({
  value,
  errors,
  onChange,
  disabled,
}: {
  value: CheckoutAddress;
  errors: FieldErrors;
  onChange: (next: CheckoutAddress) => void;
  disabled?: boolean;
}) {
  const [cities, setCities] = useState<City[] | null>(null);
  const [zones, setZones] = useState<Zone[]>([]);
  const [areas, setAreas] = useState<Area[]>([]);
  const [listError, setListError] = useState<string | null>(null);
  const cityId = cities?.find((city) => city.city_name === value.city)?.city_id;
  const zoneId = zones.find((zone) => zone.zone_name === value.zone)?.zone_id;

  useEffect(() => {
    let live = true;
    api.pathao
      .cities()
      .then((answer) => live && setCities(listOf<City>(answer, "cities")))
      .catch(() => {
        if (!live) return;
        setCities([]);
        setListError("City list unavailable; type your city.");
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

  const set =
    (key: keyof CheckoutAddress) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      onChange({ ...value, [key]: event.target.value });
  const invalid = (key: keyof CheckoutAddress) =>
    errors[key] ? { "aria-invalid": true as const, "aria-describedby": `addr-${key}-error` } : {};

  return (
    <fieldset disabled={disabled} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <legend className="sr-only">Delivery address</legend>
      <Field id="addr-firstName" label="First name" error={errors.firstName}>
        <Input
          id="addr-firstName"
          autoComplete="given-name"
          value={value.firstName}
          onChange={set("firstName")}
          {...invalid("firstName")}
          required
        />
      </Field>
      <Field id="addr-lastName" label="Last name" error={errors.lastName}>
        <Input
          id="addr-lastName"
          autoComplete="family-name"
          value={value.lastName}
          onChange={set("lastName")}
          {...invalid("lastName")}
        />
      </Field>
      <Field
        id="addr-mobile"
        label="Mobile number"
        error={errors.mobile}
        hint="01XXXXXXXXX or +8801XXXXXXXXX"
      >
        <Input
          id="addr-mobile"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="01712345678"
          value={value.mobile}
          onChange={set("mobile")}
          {...invalid("mobile")}
          required
        />
      </Field>
      <Field id="addr-email" label="Email (optional)" error={errors.email}>
        <Input
          id="addr-email"
          type="email"
          autoComplete="email"
          value={value.email}
          onChange={set("email")}
          {...invalid("email")}
        />
      </Field>
      <Field
        id="addr-streetAddress"
        label="House, road and area"
        error={errors.streetAddress}
        className="sm:col-span-2"
      >
        <Input
          id="addr-streetAddress"
          autoComplete="street-address"
          placeholder="House 12, Road 5, Dhanmondi"
          value={value.streetAddress}
          onChange={set("streetAddress")}
          {...invalid("streetAddress")}
          required
        />
      </Field>
      <Field id="addr-city" label="City" error={errors.city ?? listError ?? undefined}>
        {cities === null ? (
          <NativeSelect id="addr-city" disabled aria-busy="true">
            <option>Loading cities…</option>
          </NativeSelect>
        ) : cities.length > 0 ? (
          <NativeSelect
            id="addr-city"
            value={value.city}
            onChange={(event) =>
              onChange({ ...value, city: event.target.value, zone: "", area: "" })
            }
            {...invalid("city")}
            required
          >
            <option value="">Choose a city</option>
            {value.city && !cities.some((city) => city.city_name === value.city) && (
              <option value={value.city}>{value.city}</option>
            )}
            {cities.map((city) => (
              <option key={city.city_id} value={city.city_name}>
                {city.city_name}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input
            id="addr-city"
            autoComplete="address-level2"
            value={value.city}
            onChange={set("city")}
            {...invalid("city")}
            required
          />
        )}
      </Field>
      <Field id="addr-zone" label="Zone / thana" error={errors.zone}>
        {zones.length > 0 ? (
          <NativeSelect
            id="addr-zone"
            value={value.zone}
            onChange={(event) => onChange({ ...value, zone: event.target.value, area: "" })}
          >
            <option value="">Choose a zone</option>
            {zones.map((zone) => (
              <option key={zone.zone_id} value={zone.zone_name}>
                {zone.zone_name}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input
            id="addr-zone"
            value={value.zone}
            onChange={set("zone")}
            placeholder="e.g. Dhanmondi"
          />
        )}
      </Field>
      <Field id="addr-area" label="Area (optional)" error={errors.area}>
        {areas.length > 0 ? (
          <NativeSelect id="addr-area" value={value.area} onChange={set("area")}>
            <option value="">Choose an area</option>
            {areas.map((area) => (
              <option key={area.area_id} value={area.area_name}>
                {area.area_name}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input id="addr-area" value={value.area} onChange={set("area")} />
        )}
      </Field>
      <Field id="addr-zipCode" label="Postcode (optional)" error={errors.zipCode}>
        <Input
          id="addr-zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          value={value.zipCode}
          onChange={set("zipCode")}
          {...invalid("zipCode")}
        />
      </Field>
      <p className="text-sm text-stone-600 sm:col-span-2">Country: Bangladesh</p>
    </fieldset>
  );
}
