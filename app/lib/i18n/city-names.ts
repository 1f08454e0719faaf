import type { Locale } from "#contract/i18n";

/**
 * Bangla names of the delivery cities. The courier (Pathao) and the shop's built-in list name
 * cities in English only; these are Bangladesh's 64 districts (plus the towns the built-in list
 * adds) in the spelling the districts use themselves. The English name stays the value that is
 * stored and sent to the courier; only what the shopper reads changes. Zones and areas are shown as
 * the courier writes them (docs/i18n.md, "Delivery places").
 */
const BANGLA_CITY_NAMES: Record<string, string> = {
  // Dhaka division
  dhaka: "ঢাকা",
  faridpur: "ফরিদপুর",
  gazipur: "গাজীপুর",
  gopalganj: "গোপালগঞ্জ",
  kishoreganj: "কিশোরগঞ্জ",
  madaripur: "মাদারীপুর",
  manikganj: "মানিকগঞ্জ",
  munshiganj: "মুন্সীগঞ্জ",
  narayanganj: "নারায়ণগঞ্জ",
  narsingdi: "নরসিংদী",
  rajbari: "রাজবাড়ী",
  shariatpur: "শরীয়তপুর",
  tangail: "টাঙ্গাইল",
  savar: "সাভার",
  tongi: "টঙ্গী",
  // Chattogram division
  bandarban: "বান্দরবান",
  brahmanbaria: "ব্রাহ্মণবাড়িয়া",
  chandpur: "চাঁদপুর",
  chattogram: "চট্টগ্রাম",
  cumilla: "কুমিল্লা",
  coxsbazar: "কক্সবাজার",
  feni: "ফেনী",
  khagrachhari: "খাগড়াছড়ি",
  lakshmipur: "লক্ষ্মীপুর",
  noakhali: "নোয়াখালী",
  rangamati: "রাঙ্গামাটি",
  // Rajshahi division
  bogura: "বগুড়া",
  joypurhat: "জয়পুরহাট",
  naogaon: "নওগাঁ",
  natore: "নাটোর",
  chapainawabganj: "চাঁপাইনবাবগঞ্জ",
  pabna: "পাবনা",
  rajshahi: "রাজশাহী",
  sirajganj: "সিরাজগঞ্জ",
  // Khulna division
  bagerhat: "বাগেরহাট",
  chuadanga: "চুয়াডাঙ্গা",
  jashore: "যশোর",
  jhenaidah: "ঝিনাইদহ",
  khulna: "খুলনা",
  kushtia: "কুষ্টিয়া",
  magura: "মাগুরা",
  meherpur: "মেহেরপুর",
  narail: "নড়াইল",
  satkhira: "সাতক্ষীরা",
  // Barishal division
  barguna: "বরগুনা",
  barishal: "বরিশাল",
  bhola: "ভোলা",
  jhalokati: "ঝালকাঠি",
  patuakhali: "পটুয়াখালী",
  pirojpur: "পিরোজপুর",
  // Sylhet division
  habiganj: "হবিগঞ্জ",
  moulvibazar: "মৌলভীবাজার",
  sunamganj: "সুনামগঞ্জ",
  sylhet: "সিলেট",
  // Rangpur division
  dinajpur: "দিনাজপুর",
  gaibandha: "গাইবান্ধা",
  kurigram: "কুড়িগ্রাম",
  lalmonirhat: "লালমনিরহাট",
  nilphamari: "নীলফামারী",
  panchagarh: "পঞ্চগড়",
  rangpur: "রংপুর",
  thakurgaon: "ঠাকুরগাঁও",
  // Mymensingh division
  jamalpur: "জামালপুর",
  mymensingh: "ময়মনসিংহ",
  netrokona: "নেত্রকোনা",
  sherpur: "শেরপুর",
};

/** Older or other English spellings (the courier's list uses several) of the names above. */
const OTHER_SPELLINGS: Record<string, string> = {
  dhakacity: "dhaka",
  chittagong: "chattogram",
  comilla: "cumilla",
  bogra: "bogura",
  jessore: "jashore",
  barisal: "barishal",
  jhalakati: "jhalokati",
  jhalokathi: "jhalokati",
  khagrachari: "khagrachhari",
  laxmipur: "lakshmipur",
  lakshmipor: "lakshmipur",
  maulvibazar: "moulvibazar",
  munsiganj: "munshiganj",
  narshingdi: "narsingdi",
  netrakona: "netrokona",
  nawabganj: "chapainawabganj",
  chapainababganj: "chapainawabganj",
  kishorganj: "kishoreganj",
  jhenaidaha: "jhenaidah",
  joypurhaat: "joypurhat",
  panchagar: "panchagarh",
  bbaria: "brahmanbaria",
};

/** "Cox's Bazar" → "coxsbazar", "Gopalgonj" → "gopalganj": one key for a name's spellings. */
function cityKey(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/[^a-z]/g, "")
    .replace(/gonj$/, "ganj");
  return OTHER_SPELLINGS[key] ?? key;
}

/**
 * A delivery city as the shopper reads it: in Bangla the district's Bangla name when the table
 * knows it, else (and always in English) the name as the courier or the shopper wrote it.
 */
export function cityName(name: string, locale: Locale): string {
  if (locale === "en") return name;
  return BANGLA_CITY_NAMES[cityKey(name)] ?? name;
}
