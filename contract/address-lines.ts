import { localized, type Locale } from "./i18n.js";
import { findDistrict, findThana } from "./locations.js";

/** The parts of a delivery address that name the place (an order's, a saved address's). */
export interface AddressParts {
  streetAddress?: string | null;
  area?: string | null;
  zone?: string | null;
  city?: string | null;
  zipCode?: string | null;
  districtId?: string | null;
  thanaId?: string | null;
}

/**
 * The address as the shopper wrote it, the thana and district by the lists' names in the given
 * language (the names typed on orders placed before the lists). Empty parts are left out. The
 * printed documents and the back office's order view read the same lines.
 */
export function addressLines(address: AddressParts, locale: Locale): string[] {
  const district = findDistrict(address.districtId ?? "");
  const thana = address.thanaId ? findThana(address.thanaId) : undefined;
  const place = [
    thana ? localized(thana, "name", locale) : address.zone,
    district ? localized(district, "name", locale) : address.city,
  ]
    .filter((part) => part?.trim())
    .join(", ");
  return [address.streetAddress, address.area, [place, address.zipCode].filter(Boolean).join(" ")]
    .map((line) => line?.trim() ?? "")
    .filter(Boolean);
}
