// @vitest-environment happy-dom
/**
 * The checkout's district and thana pickers without React (app/lib/places.ts): the bundled
 * districts, the search with a typed number, and an address from before the pickers (a city name
 * only, in browser storage or the profile) mapped to a district, then its zone to a thana.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { thanasOf } from "#contract/locations";
import { fromSaved, withPickedPlace } from "~/components/checkout/checkout-form";
import { readStoredAddress, storeAddress, type ShippingAddress } from "~/lib/checkout";
import {
  createPickerSearch,
  DISTRICT_OPTIONS,
  inReadingOrder,
  thanaNamed,
  withPlaceIds,
  type ThanaOption,
} from "~/lib/places";
import { CUSTOMER_INFO_KEY } from "~/lib/tracking";

/** A district's thanas as GET /api/locations/districts/{id}/thanas answers them. */
const answered = (district: Parameters<typeof thanasOf>[0]): ThanaOption[] =>
  thanasOf(district).map(({ id, name, nameBn, aliases }) => ({
    id,
    name,
    nameBn,
    aliases: [...aliases],
  }));

const ids = (places: readonly { id: string }[]) => places.map((place) => place.id);

describe("the district list", () => {
  const searchDistricts = createPickerSearch(DISTRICT_OPTIONS);

  it("holds the 64 districts by English name, each with its Bangla name", () => {
    expect(DISTRICT_OPTIONS).toHaveLength(64);
    expect(DISTRICT_OPTIONS.map((district) => district.name)).toEqual(
      DISTRICT_OPTIONS.map((district) => district.name).toSorted(),
    );
    expect(DISTRICT_OPTIONS).toContainEqual({
      id: "bhola",
      name: "Bhola",
      nameBn: "ভোলা",
      aliases: [],
    });
  });

  it("finds a district by its old spelling, its Bangla name and a Bangla name typed in pieces", () => {
    expect(searchDistricts("Chittagong")[0].id).toBe("chattogram");
    expect(searchDistricts("bogra")[0].id).toBe("bogura");
    expect(searchDistricts("Comilla")[0].id).toBe("cumilla");
    expect(searchDistricts("চট্টগ্রাম")[0].id).toBe("chattogram");
    // ো typed as ে then া (decomposed), as some Bangla keyboards write it.
    expect(searchDistricts("ভ\u09c7\u09beলা")[0].id).toBe("bhola");
    expect(ids(searchDistricts("atlantis"))).toEqual([]);
  });

  it("lists the districts by Bangla name on a Bangla page", () => {
    const bangla = inReadingOrder(DISTRICT_OPTIONS, "bn");
    const collator = new Intl.Collator("bn");
    expect(bangla.map((district) => district.nameBn)).toEqual(
      DISTRICT_OPTIONS.map((district) => district.nameBn).toSorted(collator.compare),
    );
    expect(inReadingOrder(DISTRICT_OPTIONS, "en")).toEqual(DISTRICT_OPTIONS);
  });
});

describe("a thana search that takes a typed number", () => {
  const searchDhaka = createPickerSearch(answered("dhaka"));

  it("finds the thana by the words before a house or section number, in either script", () => {
    expect(searchDhaka("মিরপুর ১০")[0].id).toBe("dhaka/mirpur");
    expect(searchDhaka("Mirpur-10")[0].id).toBe("dhaka/mirpur");
    expect(searchDhaka("Mirpur 10")[0].id).toBe("dhaka/mirpur");
  });

  it("answers nothing for a number alone or for words that name no thana", () => {
    expect(searchDhaka("১০")).toEqual([]);
    expect(searchDhaka("10")).toEqual([]);
    expect(searchDhaka("Atlantis 10")).toEqual([]);
  });

  it("finds a thana by the other spellings the API sends with it", () => {
    expect(searchDhaka("Ashulia")[0].id).toBe("dhaka/savar");
    expect(searchDhaka("ধানমণ্ডি")[0].id).toBe("dhaka/dhanmondi");
  });
});

describe("an address written before the pickers", () => {
  const empty = { city: "", zone: "", districtId: "", thanaId: "" };

  it("gets its district from the city, however it was spelled", () => {
    for (const [city, districtId, name] of [
      ["Chittagong", "chattogram", "Chattogram"],
      ["Bogra", "bogura", "Bogura"],
      ["ঢাকা", "dhaka", "Dhaka"],
      ["Dhaka City", "dhaka", "Dhaka"],
      ["cox's bazar", "coxsbazar", "Cox's Bazar"],
    ])
      expect(withPlaceIds({ ...empty, city, zone: "Panchlaish" }), city).toEqual({
        city: name,
        zone: "Panchlaish",
        districtId,
        thanaId: "",
      });
  });

  it("takes a town of the old city list as its district's thana", () => {
    const savar = withPlaceIds({ ...empty, city: "Savar" });
    expect(savar).toEqual({ city: "Dhaka", zone: "Savar", districtId: "dhaka", thanaId: "" });
    expect(thanaNamed(answered("dhaka"), savar.zone)?.id).toBe("dhaka/savar");
    const tongi = withPlaceIds({ ...empty, city: "Tongi" });
    expect(tongi).toEqual({ city: "Gazipur", zone: "Tongi", districtId: "gazipur", thanaId: "" });
    expect(thanaNamed(answered("gazipur"), tongi.zone)?.id).toBe("gazipur/gazipur-sadar");
  });

  it("is chosen again when the city names no district", () => {
    expect(withPlaceIds({ ...empty, city: "Atlantis", zone: "Gulshan" })).toEqual(empty);
  });

  it("keeps the ids it has", () => {
    const place = {
      city: "Dhaka",
      zone: "Dhanmondi",
      districtId: "dhaka",
      thanaId: "dhaka/dhanmondi",
    };
    expect(withPlaceIds(place)).toEqual(place);
  });

  it("matches its zone to a thana by a whole name only", () => {
    const dhaka = answered("dhaka");
    expect(thanaNamed(dhaka, "gulshan")?.id).toBe("dhaka/gulshan");
    expect(thanaNamed(dhaka, "ধানমন্ডি")?.id).toBe("dhaka/dhanmondi");
    expect(thanaNamed(dhaka, "Ashulia")?.id).toBe("dhaka/savar");
    expect(thanaNamed(dhaka, "Gulshan 1")).toBeUndefined();
    // Two thanas are known as Uttara: neither is taken for the shopper.
    expect(thanaNamed(dhaka, "Uttara")).toBeUndefined();
    expect(thanaNamed(dhaka, "Uttara West")?.id).toBe("dhaka/uttara-west");
    expect(thanaNamed(dhaka, "Gul")).toBeUndefined();
  });
});

describe("the address kept in browser storage", () => {
  beforeEach(() => window.localStorage.clear());

  const address: ShippingAddress = {
    firstName: "Nusrat",
    lastName: "",
    mobile: "01711000377",
    streetAddress: "House 3, Road 7",
    city: "Bhola",
    zone: "Bhola Sadar",
    districtId: "bhola",
    thanaId: "bhola/bhola-sadar",
  };

  it("keeps its fields and the district and thana ids", () => {
    storeAddress(address, { isGuestCheckout: true });
    const stored = JSON.parse(window.localStorage.getItem(CUSTOMER_INFO_KEY)!);
    expect(stored).toMatchObject({
      city: "Bhola",
      zone: "Bhola Sadar",
      zipCode: "",
      districtId: "bhola",
      thanaId: "bhola/bhola-sadar",
      country: "Bangladesh",
    });
    expect(readStoredAddress()).toMatchObject({
      city: "Bhola",
      zone: "Bhola Sadar",
      districtId: "bhola",
      thanaId: "bhola/bhola-sadar",
    });
  });

  it("stored before the pickers (a city name only), is read back with its district", () => {
    window.localStorage.setItem(
      CUSTOMER_INFO_KEY,
      JSON.stringify({ firstName: "Rahim", mobile: "01712345678", city: "Comilla", zone: "" }),
    );
    expect(withPickedPlace(readStoredAddress())).toMatchObject({
      firstName: "Rahim",
      city: "Cumilla",
      districtId: "cumilla",
      zone: "",
      thanaId: "",
    });
    window.localStorage.setItem(CUSTOMER_INFO_KEY, JSON.stringify({ city: "Atlantis" }));
    expect(withPickedPlace(readStoredAddress())).toMatchObject({
      city: "",
      districtId: "",
      thanaId: "",
    });
  });

  it("saved in the profile (a city and a zone name), gets its district, the zone kept for the thana", () => {
    const saved = {
      _id: "0123456789abcdef01234567",
      firstName: "Rahim",
      city: "Chittagong",
      zone: "Panchlaish",
    };
    expect(fromSaved(saved)).toMatchObject({
      firstName: "Rahim",
      city: "Chattogram",
      districtId: "chattogram",
      zone: "Panchlaish",
      thanaId: "",
    });
  });
});
