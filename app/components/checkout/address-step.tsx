import { useLingui } from "@lingui/react";
import { useEffect, useState } from "react";
import { useFormContext } from "react-hook-form";
import type { Address, User } from "~/lib/api-client";
import { EMPTY_ADDRESS, readStoredAddress } from "~/lib/checkout";
import { cityName } from "~/lib/i18n/city-names";
import { useLocale } from "~/lib/i18n/i18n";
import { normalizeBdMobile } from "#contract/phone-number";
import { AddressForm } from "./address-form";
import { useSaveIncompleteCheckout } from "./save-incomplete-checkout";
import { fromSaved, setAddress, withPickedPlace, type CheckoutValues } from "./checkout-form";

/**
 * Fills the address once the page is in the browser: the address used last time (kept in the
 * browser); signed in, that one when it is a full address (and the saved address it matches is
 * ticked), else the first saved address, else the profile's name and contact.
 */
function usePrefilledAddress(user: User | null, choose: (index: number | "new") => void) {
  // setValue and getValues keep their identity (the context object itself is new on every render).
  const { setValue, getValues } = useFormContext<CheckoutValues>();

  useEffect(() => {
    setAddress(setValue, withPickedPlace(readStoredAddress()));
  }, [setValue]);

  useEffect(() => {
    if (!user) return;
    const addresses = user.addresses ?? [];
    const stored = withPickedPlace(readStoredAddress());
    const mobileOf = (value: string) => normalizeBdMobile(value) ?? value;
    const sameAs = (item: Address) =>
      (item.streetAddress ?? "") === stored.streetAddress &&
      mobileOf(item.mobile ?? "") === mobileOf(stored.mobile);
    if (stored.streetAddress) {
      setAddress(setValue, stored);
      const index = addresses.findIndex(sameAs);
      choose(index >= 0 ? index : "new");
    } else if (addresses.length > 0) {
      setAddress(setValue, fromSaved(addresses[0]));
      choose(0);
    } else {
      const current = getValues();
      setValue("firstName", current.firstName || user.firstName || "");
      setValue("lastName", current.lastName || user.lastName || "");
      setValue("email", current.email || user.email || "");
      setValue("mobile", current.mobile || user.mobile || user.phone || "");
    }
  }, [user, setValue, getValues, choose]);
}

/** The profile's saved addresses to pick from, and "A new address". */
function SavedAddresses({
  saved,
  chosen,
  onChoose,
}: {
  saved: Address[];
  chosen: number | "new";
  onChoose: (index: number | "new") => void;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <fieldset className="mb-4 space-y-2">
      <legend className="mb-1 text-sm font-semibold">{i18n._("Saved addresses")}</legend>
      {saved.map((item, index) => (
        <label
          key={item._id ?? index}
          className="flex items-start gap-2 rounded-md border border-stone-200 p-3 text-sm has-[:checked]:border-brand-500"
        >
          <input
            type="radio"
            name="saved-address"
            checked={chosen === index}
            onChange={() => onChoose(index)}
            className="mt-1 accent-brand-500"
          />
          <span>
            <span className="font-semibold">
              {item.firstName} {item.lastName}
            </span>{" "}
            · {item.mobile}
            <br />
            {[item.streetAddress, item.area, item.zone, item.city && cityName(item.city, locale)]
              .filter(Boolean)
              .join(", ")}
          </span>
        </label>
      ))}
      <label className="flex items-center gap-2 rounded-md border border-stone-200 p-3 text-sm has-[:checked]:border-brand-500">
        <input
          type="radio"
          name="saved-address"
          checked={chosen === "new"}
          onChange={() => onChoose("new")}
          className="accent-brand-500"
        />
        {i18n._("A new address")}
      </label>
    </fieldset>
  );
}

/** The "Delivery address" section: saved addresses (signed in) and the address fields. */
export function AddressStep({ user, disabled }: { user: User | null; disabled: boolean }) {
  const { i18n } = useLingui();
  const { setValue } = useFormContext<CheckoutValues>();
  const [chosen, setChosen] = useState<number | "new">("new");
  usePrefilledAddress(user, setChosen);
  useSaveIncompleteCheckout();
  const saved = user?.addresses ?? [];

  function choose(index: number | "new") {
    setChosen(index);
    setAddress(setValue, index === "new" ? EMPTY_ADDRESS : fromSaved(saved[index]));
  }

  return (
    <section
      aria-labelledby="address-heading"
      className="rounded-lg border border-stone-200 bg-white p-4"
    >
      <h2 id="address-heading" className="mb-3 text-lg font-bold">
        {i18n._("Delivery address")}
      </h2>
      {saved.length > 0 && <SavedAddresses saved={saved} chosen={chosen} onChoose={choose} />}
      <AddressForm disabled={disabled} />
    </section>
  );
}
