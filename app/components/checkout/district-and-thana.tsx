import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Field, Input } from "~/components/ui/input";
import { api } from "~/lib/api-client";
import type { CheckoutAddress } from "~/lib/checkout";
import { DISTRICT_OPTIONS, thanaNamed, type ThanaOption } from "~/lib/places";
import type { CheckoutValues } from "./checkout-form";
import { PlaceCombobox } from "./place-combobox";

type ThanaList =
  | { districtId: string; status: "loading" }
  | { districtId: string; status: "ready"; thanas: ThanaOption[] }
  | { districtId: string; status: "failed" };

// Each district's thanas once per page (the browser's cache keeps the answers a day besides).
const fetchedThanas = new Map<string, Promise<ThanaOption[]>>();

function thanasOf(districtId: string): Promise<ThanaOption[]> {
  let thanas = fetchedThanas.get(districtId);
  if (!thanas) {
    thanas = api.locations.thanas(districtId).then((answer) => answer.thanas);
    // A failed answer is asked again next time.
    thanas.catch(() => fetchedThanas.delete(districtId));
    fetchedThanas.set(districtId, thanas);
  }
  return thanas;
}

/** The chosen district's thanas (GET /api/locations/districts/{id}/thanas); never another's. */
function useThanas(districtId: string): ThanaList | null {
  const [list, setList] = useState<ThanaList | null>(null);
  useEffect(() => {
    if (!districtId) return;
    let live = true;
    setList({ districtId, status: "loading" });
    thanasOf(districtId)
      .then((thanas) => live && setList({ districtId, status: "ready", thanas }))
      .catch(() => live && setList({ districtId, status: "failed" }));
    return () => {
      live = false;
    };
  }, [districtId]);
  return districtId && list?.districtId === districtId ? list : null;
}

/**
 * The district picker, then the thana picker with the chosen district's thanas. Choosing a district
 * writes its id and English name (`districtId`, `city`) and clears the thana; choosing a thana
 * writes `thanaId` and `zone`. An address from before the pickers brings a zone name: the thana it
 * names is chosen once the list is here, else the shopper chooses. Should the list not load, the
 * thana is typed (the server finds it from the name).
 */
export function DistrictAndThana({
  errors,
}: {
  errors: Partial<Record<keyof CheckoutAddress, string>>;
}) {
  const { i18n } = useLingui();
  const { register, setValue, control } = useFormContext<CheckoutValues>();
  const [districtId, thanaId, zone] = useWatch({
    control,
    name: ["districtId", "thanaId", "zone"],
  });
  // Registered (without an element: the pickers write them), so a submit re-checks them and a
  // message left on one from the previous submit or the server clears.
  useEffect(() => {
    for (const field of ["city", "zone", "districtId", "thanaId"] as const) register(field);
  }, [register]);
  const list = useThanas(districtId);
  const thanas = list?.status === "ready" ? list.thanas : null;

  useEffect(() => {
    if (!thanas || thanas.some((thana) => thana.id === thanaId)) return;
    const named = zone ? thanaNamed(thanas, zone) : undefined;
    setValue("thanaId", named?.id ?? "");
    setValue("zone", named?.name ?? "");
  }, [thanas, thanaId, zone, setValue]);

  return (
    <>
      <PlaceCombobox
        id="addr-city"
        label={i18n._("District")}
        places={DISTRICT_OPTIONS}
        value={districtId}
        onChoose={(district) => {
          if (district.id === districtId) return;
          setValue("districtId", district.id);
          setValue("city", district.name);
          setValue("thanaId", "");
          setValue("zone", "");
        }}
        placeholder={i18n._("Type to search, e.g. Bogura")}
        error={errors.city ?? errors.districtId}
      />
      {list?.status === "failed" ? (
        <Field
          id="addr-zone"
          label={i18n._("Thana / upazila")}
          error={errors.zone ?? i18n._("Thana list unavailable; type your thana.")}
        >
          <Input id="addr-zone" {...register("zone")} aria-describedby="addr-zone-error" />
        </Field>
      ) : (
        <PlaceCombobox
          id="addr-zone"
          label={i18n._("Thana / upazila")}
          places={thanas}
          value={thanaId}
          onChoose={(thana) => {
            setValue("thanaId", thana.id);
            setValue("zone", thana.name);
          }}
          disabled={!districtId}
          placeholder={districtId ? i18n._("Type to search") : i18n._("Choose the district first")}
          loadingText={i18n._("Loading thanas…")}
          error={errors.zone ?? errors.thanaId}
        />
      )}
    </>
  );
}
