/**
 * Districts and thanas (contract/locations): the data is complete and clean, its ids never change,
 * and what a shopper types (English in any spelling or case, Bangla in either Unicode form, a few
 * letters for the picker) finds the place.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  createPlaceSearch,
  DISTRICT_LIST,
  findDistrict,
  findThana,
  placeSearchKey,
  searchDistricts,
  searchThanas,
  thanasOf,
  type DistrictId,
  type SearchablePlace,
} from "#contract/locations";

const ALL_THANAS = DISTRICT_LIST.flatMap((district) => thanasOf(district.id));
const ALL_PLACES = [...DISTRICT_LIST, ...ALL_THANAS];
const names = (places: readonly { name: string }[]) => places.map((place) => place.name);
const first = (places: readonly { name: string }[]) => places[0]?.name;
/** How many of `items` give each key. */
function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

describe("the data", () => {
  it("has the 64 districts in their 8 divisions", () => {
    expect(DISTRICT_LIST).toHaveLength(64);
    expect(countBy(DISTRICT_LIST, (district) => district.division.name)).toEqual({
      Barishal: 6,
      Chattogram: 11,
      Dhaka: 13,
      Khulna: 10,
      Mymensingh: 4,
      Rajshahi: 8,
      Rangpur: 8,
      Sylhet: 4,
    });
    expect(findDistrict("dhaka")).toMatchObject({
      name: "Dhaka",
      nameBn: "ঢাকা",
      division: { name: "Dhaka", nameBn: "ঢাকা" },
    });
    expect(findDistrict("chattogram")?.aliases).toContain("Chittagong");
  });

  it("has every upazila (495) and the metropolitan thanas of Dhaka (50) and Chattogram (15)", () => {
    expect(countBy(ALL_THANAS, (thana) => thana.kind)).toEqual({ upazila: 495, metropolitan: 65 });
    const metropolitan = ALL_THANAS.filter((thana) => thana.kind === "metropolitan");
    expect(countBy(metropolitan, (thana) => thana.district)).toEqual({ chattogram: 15, dhaka: 50 });
    expect(names(thanasOf("dhaka"))).toEqual(
      expect.arrayContaining(["Dhanmondi", "Gulshan", "Mirpur", "Uttara East", "Savar"]),
    );
    expect(names(thanasOf("chattogram"))).toEqual(
      expect.arrayContaining(["Panchlaish", "Double Mooring", "Patenga", "Sitakunda"]),
    );
    for (const district of DISTRICT_LIST)
      expect(thanasOf(district.id).length, district.id).toBeGreaterThanOrEqual(3);
  });

  it("writes every name cleanly: English in Latin letters, Bangla in Bangla script, NFC", () => {
    const spellings = ALL_PLACES.flatMap((place) => [place.name, place.nameBn, ...place.aliases]);
    for (const text of spellings) {
      expect(text, text).toBe(text.normalize("NFC"));
      expect(text, text).toBe(text.trim());
      expect(text, text).not.toMatch(/\s{2}|[\t\p{Cf}]/u);
    }
    for (const place of ALL_PLACES) {
      expect(place.name, place.id).toMatch(/^[A-Za-z][A-Za-z' -]*$/);
      expect(place.nameBn, place.id).toMatch(/^[\u0980-\u09FF ]+$/);
    }
  });

  it("gives each place an id of its own in lower case, a thana's as district/slug", () => {
    for (const district of DISTRICT_LIST) expect(district.id).toMatch(/^[a-z]+$/);
    for (const thana of ALL_THANAS)
      expect(thana.id).toMatch(new RegExp(`^${thana.district}/[a-z0-9]+(-[a-z0-9]+)*$`));
    const ids = ALL_PLACES.map((place) => place.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("never loses an id it shipped, and lists every id it ships", () => {
    const shipped = readFileSync("tests/fixtures/location-ids.txt", "utf8")
      .split("\n")
      .filter((line) => line && !line.startsWith("#"));
    const missing = shipped.filter((id) => !(id.includes("/") ? findThana(id) : findDistrict(id)));
    expect(missing).toEqual([]);
    const unlisted = ALL_PLACES.map((place) => place.id).filter((id) => !shipped.includes(id));
    expect(unlisted).toEqual([]);
  });

  it("tells apart the places of one district by their names", () => {
    for (const district of DISTRICT_LIST) {
      const keys = thanasOf(district.id).map((thana) => placeSearchKey(thana.name));
      expect(new Set(keys).size, district.id).toBe(keys.length);
    }
  });

  it("sorts districts and thanas by English name", () => {
    const sorted = (list: readonly { name: string }[]) =>
      names(list).toSorted((a, b) => a.localeCompare(b, "en"));
    expect(names(DISTRICT_LIST)).toEqual(sorted(DISTRICT_LIST));
    expect(names(DISTRICT_LIST).slice(0, 3)).toEqual(["Bagerhat", "Bandarban", "Barguna"]);
    for (const district of DISTRICT_LIST)
      expect(names(thanasOf(district.id))).toEqual(sorted(thanasOf(district.id)));
  });

  it("finds a place by its exact id only", () => {
    expect(findThana("dhaka/dhanmondi")).toMatchObject({
      name: "Dhanmondi",
      nameBn: "ধানমন্ডি",
      district: "dhaka",
      kind: "metropolitan",
    });
    expect(findThana("dhaka/savar")?.kind).toBe("upazila");
    for (const id of [
      "Dhaka",
      "dhaka ",
      "__proto__",
      "constructor",
      "toString",
      "",
      "x".repeat(99),
    ])
      expect(findDistrict(id), id).toBeUndefined();
    for (const id of ["chattogram/dhanmondi", "dhaka", "/dhanmondi", "dhaka/", "dhaka/Dhanmondi"])
      expect(findThana(id), id).toBeUndefined();
  });
});

describe("finding a district from what a shopper types", () => {
  it.each([
    // New and old English spellings, any case, spaces around
    ["Chattogram", "Chattogram"],
    ["chittagong", "Chattogram"],
    ["CHITTAGONG", "Chattogram"],
    ["  ctg ", "Chattogram"],
    ["Bogra", "Bogura"],
    ["bogura", "Bogura"],
    ["Barisal", "Barishal"],
    ["Comilla", "Cumilla"],
    ["kumilla", "Cumilla"],
    ["Jessore", "Jashore"],
    ["jashore", "Jashore"],
    ["Kustia", "Kushtia"],
    ["Jhalakathi", "Jhalokati"],
    ["Netrakona", "Netrokona"],
    ["Kishorganj", "Kishoreganj"],
    ["kishoregonj", "Kishoreganj"],
    ["Sirajgonj", "Sirajganj"],
    ["Laxmipur", "Lakshmipur"],
    ["Dacca", "Dhaka"],
    ["Chapai Nawabganj", "Chapainawabganj"],
    ["nawabganj", "Chapainawabganj"],
    // Apostrophes and spaces are not part of a name
    ["Cox's Bazar", "Cox's Bazar"],
    ["coxs bazar", "Cox's Bazar"],
    ["Coxsbazar", "Cox's Bazar"],
    ["cox bazar", "Cox's Bazar"],
    ["Cox’s Bazar", "Cox's Bazar"],
    ["moulvi bazar", "Moulvibazar"],
    ["B. Baria", "Brahmanbaria"],
    // A few letters, as the picker sends them
    ["chit", "Chattogram"],
    ["chatt", "Chattogram"],
    ["jess", "Jashore"],
    ["bazar", "Cox's Bazar"],
    // Bangla, either Unicode form, with the spellings shoppers use
    ["চট্টগ্রাম", "Chattogram"],
    ["চট্ট", "Chattogram"],
    ["বগুড়া", "Bogura"],
    ["বগু\u09dcা", "Bogura"], // ড় as one code point (U+09DC), which NFC splits
    ["নোয়াখালী".normalize("NFD"), "Noakhali"],
    ["নোয়া", "Noakhali"],
    ["নে", "Netrokona"], // ো typed as ে then া: the start of নোয়াখালী too, but Netrokona sorts first
    ["কক্সবাজার", "Cox's Bazar"],
    ["নেত্রকোনা", "Netrokona"], // ন for ণ
    ["মুন্সিগঞ্জ", "Munshiganj"], // ি for ী
    ["চাদপুর", "Chandpur"], // no chandrabindu
    ["রাঙামাটি", "Rangamati"],
    ["ঢাকা ", "Dhaka"],
    ["চট্\u200dটগ্রাম", "Chattogram"], // a ZWJ from a Bangla keyboard
  ])("%j finds %s first", (typed, district) => {
    expect(first(searchDistricts(typed))).toBe(district);
  });

  it("finds every district by its English name, its Bangla name and each other spelling", () => {
    for (const district of DISTRICT_LIST)
      for (const spelling of [district.name, district.nameBn, ...district.aliases])
        expect(first(searchDistricts(spelling)), spelling).toBe(district.name);
  });

  it("answers every place a prefix fits, the whole name first", () => {
    expect(names(searchDistricts("ra"))).toEqual(["Rajbari", "Rajshahi", "Rangamati", "Rangpur"]);
    expect(names(searchDistricts("Sherpur"))).toEqual(["Sherpur"]);
    expect(names(searchDistricts("na"))).toEqual([
      "Naogaon",
      "Narail",
      "Narayanganj",
      "Narsingdi",
      "Natore",
      "Chapainawabganj", // by its other spelling, Nawabganj
    ]);
  });

  it("answers the whole list for nothing typed, and nothing for digits or other text", () => {
    expect(searchDistricts("")).toEqual(DISTRICT_LIST);
    expect(searchDistricts("   ")).toEqual(DISTRICT_LIST);
    expect(searchDistricts(" - ")).toEqual(DISTRICT_LIST);
    expect(searchDistricts("\u0000")).toEqual(DISTRICT_LIST);
    for (const typed of ["১২৩", "Dhaka ১২", "1216", "xyz", "ঢাকা১", "<script>"])
      expect(searchDistricts(typed), typed).toEqual([]);
  });
});

describe("finding a thana from what a shopper types", () => {
  it.each<[DistrictId, string, string]>([
    ["dhaka", "dhan", "Dhanmondi"],
    ["dhaka", "DHANMONDI", "Dhanmondi"],
    ["dhaka", "ধানমন্ডি", "Dhanmondi"],
    ["dhaka", "ধানমণ্ডি", "Dhanmondi"],
    ["dhaka", "ধান", "Dhanmondi"],
    ["dhaka", "savar", "Savar"],
    ["dhaka", "ashulia", "Savar"],
    ["dhaka", "সাভার", "Savar"],
    ["dhaka", "airport", "Bimanbandar"],
    ["dhaka", "chalkbazar", "Chawkbazar"],
    ["dhaka", "mirpur", "Mirpur"],
    ["dhaka", "sher e bangla", "Sher-e-Bangla Nagar"],
    ["dhaka", "sherebangla", "Sher-e-Bangla Nagar"],
    ["dhaka", "bangla", "Sher-e-Bangla Nagar"],
    ["dhaka", "newmarket", "New Market"],
    ["dhaka", "নিউমার্কেট", "New Market"],
    ["dhaka", "market", "New Market"],
    ["dhaka", "তেজগাঁও", "Tejgaon"],
    ["dhaka", "তেজগাও", "Tejgaon"],
    ["dhaka", "keraniganj", "Keraniganj"],
    ["dhaka", "কেরাণীগঞ্জ", "Keraniganj"],
    ["dhaka", "hazaribag", "Hazaribagh"],
    ["chattogram", "panch", "Panchlaish"],
    ["chattogram", "পাঁচলাইশ", "Panchlaish"],
    ["chattogram", "পাচলাইশ", "Panchlaish"],
    ["chattogram", "double", "Double Mooring"],
    ["chattogram", "mooring", "Double Mooring"],
    ["chattogram", "epz", "EPZ"],
    ["chattogram", "বায়েজিদ", "Bayazid Bostami"],
    ["chattogram", "karnafuli", "Karnaphuli"],
    ["chattogram", "কোতোয়ালি", "Kotwali"],
    ["gazipur", "tongi", "Gazipur Sadar"],
    ["gazipur", "টঙ্গী", "Gazipur Sadar"],
    ["narayanganj", "fatullah", "Narayanganj Sadar"],
    ["narayanganj", "siddhirgonj", "Narayanganj Sadar"],
    ["cumilla", "comilla sadar", "Cumilla Sadar"],
    ["cumilla", "sadar dakshin", "Cumilla Sadar Dakshin"],
    ["bogura", "bogra sadar", "Bogura Sadar"],
    ["sunamganj", "south sunamganj", "Shantiganj"],
    ["sunamganj", "দক্ষিণ সুনামগঞ্জ", "Shantiganj"],
    ["pirojpur", "zianagar", "Indurkani"],
    ["pirojpur", "swarupkathi", "Nesarabad"],
    ["bhola", "borhan uddin", "Borhanuddin"],
    ["bhola", "বোরহান উদ্দিন", "Borhanuddin"],
    ["habiganj", "shaistaganj", "Shayestaganj"],
    ["coxsbazar", "eidgaon", "Eidgaon"],
    ["coxsbazar", "cox's bazar sadar", "Cox's Bazar Sadar"],
    ["madaripur", "ডাসার", "Dasar"],
    ["kushtia", "mirpur", "Mirpur"],
  ])("in %s, %j finds %s first", (district, typed, thana) => {
    expect(first(searchThanas(district, typed))).toBe(thana);
  });

  it("finds every thana by its English name, its Bangla name and each other spelling", () => {
    for (const thana of ALL_THANAS)
      for (const spelling of [thana.name, thana.nameBn, ...thana.aliases])
        expect(names(searchThanas(thana.district, spelling)), spelling).toContain(thana.name);
  });

  it("answers every thana a prefix fits, both Uttaras for Uttara", () => {
    expect(names(searchThanas("dhaka", "uttara"))).toEqual(["Uttara East", "Uttara West"]);
    expect(names(searchThanas("dhaka", "shah"))).toEqual(["Shah Ali", "Shahbagh", "Shahjahanpur"]);
    expect(names(searchThanas("chattogram", "chand"))).toEqual(["Chandanaish", "Chandgaon"]);
    expect(searchThanas("dhaka", "")).toEqual(thanasOf("dhaka"));
    expect(searchThanas("dhaka", "১০")).toEqual([]);
  });
});

describe("the search's order", () => {
  const places: SearchablePlace[] = [
    { name: "Cumilla Sadar", nameBn: "কুমিল্লা সদর", aliases: ["Comilla Sadar"] },
    { name: "Cumilla Sadar Dakshin", nameBn: "কুমিল্লা সদর দক্ষিণ", aliases: ["Sadar South"] },
    { name: "Sadarpur", nameBn: "সদরপুর", aliases: [] },
    { name: "Sadar", nameBn: "সদর", aliases: [] },
  ];
  const search = createPlaceSearch(places);

  it("puts the whole name first, then a name's start, an alias's start, a later word", () => {
    expect(names(search("sadar"))).toEqual([
      "Sadar",
      "Sadarpur",
      "Cumilla Sadar Dakshin",
      "Cumilla Sadar",
    ]);
    expect(names(search("সদর"))).toEqual([
      "Sadar",
      "Sadarpur",
      "Cumilla Sadar",
      "Cumilla Sadar Dakshin",
    ]);
    expect(names(search("cumilla sadar"))).toEqual(["Cumilla Sadar", "Cumilla Sadar Dakshin"]);
  });

  it("answers the list's own places, not copies", () => {
    expect(search("sadarpur")[0]).toBe(places[2]);
  });
});
