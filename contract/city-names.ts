/**
 * Delivery city names: one key for every way a shopper or the courier writes a city (English
 * spellings old and new, Bangla in either Unicode form, spaces and punctuation), and the Bangla
 * name of each district. Every comparison of city names (inside or outside Dhaka, the courier's
 * city and zone ids) and the Bangla screens go through `placeKey`, so they never disagree.
 *
 * The Bangla names are Bangladesh's 64 districts (plus the towns the built-in list adds) in the
 * spelling the districts use themselves. The English name stays the value that is stored and sent
 * to the courier; only what the shopper reads changes (docs/i18n.md, "Delivery places").
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

/** Other Bangla ways of writing a place above ("Dhaka City" as the courier lists it). */
const OTHER_BANGLA_SPELLINGS: Record<string, string> = {
  "ঢাকা সিটি": "dhaka",
  "ঢাকা শহর": "dhaka",
};

/**
 * A name folded for comparison: one Unicode form (NFD, so a Bangla name typed precomposed or
 * decomposed folds alike), Latin accents dropped, lower case, and only letters, their combining
 * marks and digits kept. The marks must stay: Bangla vowel signs, hasanta and nukta are combining
 * marks too, and "ঢাকা" without them is "ঢক". Spaces, apostrophes and invisible joiners go.
 */
function foldName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]/gu, "")
    .replace(/gonj$/, "ganj");
}

/** Folded spelling → the key of the place it names (English spellings and Bangla names alike). */
const KNOWN_SPELLINGS = new Map<string, string>([
  ...Object.entries(OTHER_SPELLINGS).map(([spelling, key]) => [foldName(spelling), key] as const),
  ...Object.entries(BANGLA_CITY_NAMES).map(([key, bangla]) => [foldName(bangla), key] as const),
  ...Object.entries(OTHER_BANGLA_SPELLINGS).map(
    ([spelling, key]) => [foldName(spelling), key] as const,
  ),
]);

/**
 * One key for a city's (or a zone's) every spelling: "Cox's Bazar" → "coxsbazar", "Chittagong" →
 * "chattogram", "ঢাকা " → "dhaka". A name the tables do not know keeps its folded form.
 */
export function placeKey(name: string): string {
  const folded = foldName(name);
  return KNOWN_SPELLINGS.get(folded) ?? folded;
}

/** Whether the delivery city is Dhaka, however it was written (the delivery charge's two rates). */
export function isInsideDhaka(city: string): boolean {
  return placeKey(city) === "dhaka";
}

/** The district's Bangla name, or undefined for a place the table does not know. */
export function banglaCityName(name: string): string | undefined {
  return BANGLA_CITY_NAMES[placeKey(name)];
}
