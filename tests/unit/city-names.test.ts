/**
 * Delivery cities in Bangla (contract/city-names.ts, app/lib/i18n/city-names.ts): every district
 * of Bangladesh, in the courier's and the shop's spellings, has its Bangla name; English pages and
 * names the table does not know keep the text as it came; a city typed in Bangla is the same city.
 */
import { describe, expect, it } from "vitest";
import { cityName } from "~/lib/i18n/city-names";
import { BUILTIN_CITIES } from "../../server/services/delivery.service";
import { STUB_CITIES } from "../stubs/pathao";
import { placeKey } from "#contract/city-names";

/** The 64 districts (zila), in their current English spelling. */
const DISTRICTS = [
  ...["Dhaka", "Faridpur", "Gazipur", "Gopalganj", "Kishoreganj", "Madaripur", "Manikganj"],
  ...["Munshiganj", "Narayanganj", "Narsingdi", "Rajbari", "Shariatpur", "Tangail"],
  ...["Bandarban", "Brahmanbaria", "Chandpur", "Chattogram", "Cumilla", "Cox's Bazar", "Feni"],
  ...["Khagrachhari", "Lakshmipur", "Noakhali", "Rangamati"],
  ...["Bogura", "Joypurhat", "Naogaon", "Natore", "Chapainawabganj", "Pabna", "Rajshahi"],
  "Sirajganj",
  ...["Bagerhat", "Chuadanga", "Jashore", "Jhenaidah", "Khulna", "Kushtia", "Magura", "Meherpur"],
  ...["Narail", "Satkhira"],
  ...["Barguna", "Barishal", "Bhola", "Jhalokati", "Patuakhali", "Pirojpur"],
  ...["Habiganj", "Moulvibazar", "Sunamganj", "Sylhet"],
  ...["Dinajpur", "Gaibandha", "Kurigram", "Lalmonirhat", "Nilphamari", "Panchagarh", "Rangpur"],
  "Thakurgaon",
  ...["Jamalpur", "Mymensingh", "Netrokona", "Sherpur"],
];

const isBangla = (text: string) => /^[\u0980-\u09FF ]+$/.test(text);

describe("delivery city names in Bangla", () => {
  it("names all 64 districts, every built-in city and the courier's cities in Bangla", () => {
    expect(new Set(DISTRICTS).size).toBe(64);
    const names = [
      ...DISTRICTS,
      ...BUILTIN_CITIES.map((city) => city.city_name),
      ...STUB_CITIES.map((city) => city.city_name),
    ];
    for (const name of names) expect.soft(isBangla(cityName(name, "bn")), name).toBe(true);
    // Different districts, different names.
    expect(new Set(DISTRICTS.map((name) => cityName(name, "bn"))).size).toBe(64);
  });

  it("writes the well-known spellings", () => {
    expect(
      ["Dhaka", "Chattogram", "Chittagong", "Cox's Bazar", "Comilla", "Bogra", "Jessore"].map(
        (name) => cityName(name, "bn"),
      ),
    ).toEqual(["ঢাকা", "চট্টগ্রাম", "চট্টগ্রাম", "কক্সবাজার", "কুমিল্লা", "বগুড়া", "যশোর"]);
    expect(cityName("Gopalgonj", "bn")).toBe("গোপালগঞ্জ");
    expect(cityName("  sylhet ", "bn")).toBe("সিলেট");
  });

  it("keeps English pages and unknown names as they came", () => {
    for (const name of [...DISTRICTS, "Chittagong"]) expect(cityName(name, "en")).toBe(name);
    expect(cityName("Keraniganj Upazila", "bn")).toBe("Keraniganj Upazila");
    expect(cityName("মিরপুর", "bn")).toBe("মিরপুর");
  });
});

describe("matching a city typed by the shopper", () => {
  // Bangla keyboards and copy-pasted text give either Unicode form; phones add trailing spaces.
  const forms = (name: string) => [
    name,
    name.normalize("NFC"),
    name.normalize("NFD"),
    `${name} `,
    ` ${name}\t`,
  ];

  it("takes Dhaka typed in Bangla (vowel signs and all, either Unicode form) as inside Dhaka", () => {
    for (const name of ["Dhaka", "dhaka city", "ঢাকা", "ঢাকা সিটি", "ঢাকা শহর"])
      for (const typed of forms(name))
        expect.soft(placeKey(typed), JSON.stringify(typed)).toBe("dhaka");
  });

  it("keeps every other district outside Dhaka, in Bangla or English", () => {
    // The vowel signs carry the name: without them "ঢাকা" and "ঢক" would be one word.
    for (const name of [
      "Khulna",
      "খুলনা",
      "Narayanganj",
      "নারায়ণগঞ্জ",
      "বগুড়া",
      "ঢক",
      "ঢাক",
      "Gazipur",
      "গাজীপুর",
    ])
      for (const typed of forms(name))
        expect.soft(placeKey(typed), JSON.stringify(typed)).not.toBe("dhaka");
  });

  it("reads a district typed in Bangla in either Unicode form as the same district", () => {
    // ড় and য় decompose (NFD) into a letter and a nukta; া + ে make ো.
    for (const name of ["বগুড়া", "নারায়ণগঞ্জ", "নোয়াখালী", "ময়মনসিংহ"])
      expect(cityName(name.normalize("NFD"), "bn")).toBe(name);
  });
});
