/**
 * Bangladesh's 8 divisions and 64 districts, English and Bangla. The ids are stored in addresses
 * and zone tables: they never change (docs/locations.md). A renamed place keeps its id and takes
 * its new name; the old spelling goes into `aliases`, so what shoppers type still finds it.
 */

export const DIVISIONS = [
  { id: "barishal", name: "Barishal", nameBn: "বরিশাল", aliases: ["Barisal"] },
  { id: "chattogram", name: "Chattogram", nameBn: "চট্টগ্রাম", aliases: ["Chittagong"] },
  { id: "dhaka", name: "Dhaka", nameBn: "ঢাকা" },
  { id: "khulna", name: "Khulna", nameBn: "খুলনা" },
  { id: "mymensingh", name: "Mymensingh", nameBn: "ময়মনসিংহ" },
  { id: "rajshahi", name: "Rajshahi", nameBn: "রাজশাহী" },
  { id: "rangpur", name: "Rangpur", nameBn: "রংপুর" },
  { id: "sylhet", name: "Sylhet", nameBn: "সিলেট" },
] as const;

export type DivisionId = (typeof DIVISIONS)[number]["id"];

interface DistrictRow {
  id: string;
  name: string;
  nameBn: string;
  division: DivisionId;
  aliases?: readonly string[];
}

/** In the government's order (division by division); the API sorts them by English name. */
export const DISTRICTS = [
  // Chattogram division
  {
    id: "cumilla",
    name: "Cumilla",
    nameBn: "কুমিল্লা",
    division: "chattogram",
    aliases: ["Comilla", "Kumilla"],
  },
  { id: "feni", name: "Feni", nameBn: "ফেনী", division: "chattogram" },
  {
    id: "brahmanbaria",
    name: "Brahmanbaria",
    nameBn: "ব্রাহ্মণবাড়িয়া",
    division: "chattogram",
    aliases: ["B. Baria", "Brahmonbaria"],
  },
  {
    id: "rangamati",
    name: "Rangamati",
    nameBn: "রাঙ্গামাটি",
    division: "chattogram",
    aliases: ["রাঙামাটি"],
  },
  { id: "noakhali", name: "Noakhali", nameBn: "নোয়াখালী", division: "chattogram" },
  { id: "chandpur", name: "Chandpur", nameBn: "চাঁদপুর", division: "chattogram" },
  {
    id: "lakshmipur",
    name: "Lakshmipur",
    nameBn: "লক্ষ্মীপুর",
    division: "chattogram",
    aliases: ["Laxmipur", "Lakshipur"],
  },
  {
    id: "chattogram",
    name: "Chattogram",
    nameBn: "চট্টগ্রাম",
    division: "chattogram",
    aliases: ["Chittagong", "Chattagram", "CTG"],
  },
  {
    id: "coxsbazar",
    name: "Cox's Bazar",
    nameBn: "কক্সবাজার",
    division: "chattogram",
    aliases: ["Cox Bazar"],
  },
  {
    id: "khagrachhari",
    name: "Khagrachhari",
    nameBn: "খাগড়াছড়ি",
    division: "chattogram",
    aliases: ["Khagrachari"],
  },
  { id: "bandarban", name: "Bandarban", nameBn: "বান্দরবান", division: "chattogram" },
  // Rajshahi division
  { id: "sirajganj", name: "Sirajganj", nameBn: "সিরাজগঞ্জ", division: "rajshahi" },
  { id: "pabna", name: "Pabna", nameBn: "পাবনা", division: "rajshahi" },
  { id: "bogura", name: "Bogura", nameBn: "বগুড়া", division: "rajshahi", aliases: ["Bogra"] },
  { id: "rajshahi", name: "Rajshahi", nameBn: "রাজশাহী", division: "rajshahi" },
  { id: "natore", name: "Natore", nameBn: "নাটোর", division: "rajshahi" },
  {
    id: "joypurhat",
    name: "Joypurhat",
    nameBn: "জয়পুরহাট",
    division: "rajshahi",
    aliases: ["Jaipurhat"],
  },
  {
    id: "chapainawabganj",
    name: "Chapainawabganj",
    nameBn: "চাঁপাইনবাবগঞ্জ",
    division: "rajshahi",
    aliases: ["Chapai Nawabganj", "Nawabganj"],
  },
  { id: "naogaon", name: "Naogaon", nameBn: "নওগাঁ", division: "rajshahi" },
  // Khulna division
  { id: "jashore", name: "Jashore", nameBn: "যশোর", division: "khulna", aliases: ["Jessore"] },
  { id: "satkhira", name: "Satkhira", nameBn: "সাতক্ষীরা", division: "khulna" },
  { id: "meherpur", name: "Meherpur", nameBn: "মেহেরপুর", division: "khulna" },
  { id: "narail", name: "Narail", nameBn: "নড়াইল", division: "khulna" },
  { id: "chuadanga", name: "Chuadanga", nameBn: "চুয়াডাঙ্গা", division: "khulna" },
  { id: "kushtia", name: "Kushtia", nameBn: "কুষ্টিয়া", division: "khulna", aliases: ["Kustia"] },
  { id: "magura", name: "Magura", nameBn: "মাগুরা", division: "khulna" },
  { id: "khulna", name: "Khulna", nameBn: "খুলনা", division: "khulna" },
  { id: "bagerhat", name: "Bagerhat", nameBn: "বাগেরহাট", division: "khulna" },
  {
    id: "jhenaidah",
    name: "Jhenaidah",
    nameBn: "ঝিনাইদহ",
    division: "khulna",
    aliases: ["Jhenaidaha", "Jhenida", "Jhenidah"],
  },
  // Barishal division
  {
    id: "jhalokati",
    name: "Jhalokati",
    nameBn: "ঝালকাঠি",
    division: "barishal",
    aliases: ["Jhalakathi", "Jhalokathi", "Jhalakati"],
  },
  { id: "patuakhali", name: "Patuakhali", nameBn: "পটুয়াখালী", division: "barishal" },
  { id: "pirojpur", name: "Pirojpur", nameBn: "পিরোজপুর", division: "barishal" },
  {
    id: "barishal",
    name: "Barishal",
    nameBn: "বরিশাল",
    division: "barishal",
    aliases: ["Barisal"],
  },
  { id: "bhola", name: "Bhola", nameBn: "ভোলা", division: "barishal" },
  { id: "barguna", name: "Barguna", nameBn: "বরগুনা", division: "barishal" },
  // Sylhet division
  { id: "sylhet", name: "Sylhet", nameBn: "সিলেট", division: "sylhet" },
  {
    id: "moulvibazar",
    name: "Moulvibazar",
    nameBn: "মৌলভীবাজার",
    division: "sylhet",
    aliases: ["Maulvibazar"],
  },
  { id: "habiganj", name: "Habiganj", nameBn: "হবিগঞ্জ", division: "sylhet", aliases: ["Hobiganj"] },
  { id: "sunamganj", name: "Sunamganj", nameBn: "সুনামগঞ্জ", division: "sylhet" },
  // Dhaka division
  {
    id: "narsingdi",
    name: "Narsingdi",
    nameBn: "নরসিংদী",
    division: "dhaka",
    aliases: ["Narshingdi", "Narsinghdi"],
  },
  { id: "gazipur", name: "Gazipur", nameBn: "গাজীপুর", division: "dhaka" },
  { id: "shariatpur", name: "Shariatpur", nameBn: "শরীয়তপুর", division: "dhaka" },
  { id: "narayanganj", name: "Narayanganj", nameBn: "নারায়ণগঞ্জ", division: "dhaka" },
  { id: "tangail", name: "Tangail", nameBn: "টাঙ্গাইল", division: "dhaka" },
  {
    id: "kishoreganj",
    name: "Kishoreganj",
    nameBn: "কিশোরগঞ্জ",
    division: "dhaka",
    aliases: ["Kishorganj"],
  },
  { id: "manikganj", name: "Manikganj", nameBn: "মানিকগঞ্জ", division: "dhaka" },
  { id: "dhaka", name: "Dhaka", nameBn: "ঢাকা", division: "dhaka", aliases: ["Dacca"] },
  {
    id: "munshiganj",
    name: "Munshiganj",
    nameBn: "মুন্সীগঞ্জ",
    division: "dhaka",
    aliases: ["Munsiganj"],
  },
  { id: "rajbari", name: "Rajbari", nameBn: "রাজবাড়ী", division: "dhaka" },
  { id: "madaripur", name: "Madaripur", nameBn: "মাদারীপুর", division: "dhaka" },
  { id: "gopalganj", name: "Gopalganj", nameBn: "গোপালগঞ্জ", division: "dhaka" },
  { id: "faridpur", name: "Faridpur", nameBn: "ফরিদপুর", division: "dhaka" },
  // Rangpur division
  {
    id: "panchagarh",
    name: "Panchagarh",
    nameBn: "পঞ্চগড়",
    division: "rangpur",
    aliases: ["Panchagar"],
  },
  { id: "dinajpur", name: "Dinajpur", nameBn: "দিনাজপুর", division: "rangpur" },
  { id: "lalmonirhat", name: "Lalmonirhat", nameBn: "লালমনিরহাট", division: "rangpur" },
  { id: "nilphamari", name: "Nilphamari", nameBn: "নীলফামারী", division: "rangpur" },
  { id: "gaibandha", name: "Gaibandha", nameBn: "গাইবান্ধা", division: "rangpur" },
  { id: "thakurgaon", name: "Thakurgaon", nameBn: "ঠাকুরগাঁও", division: "rangpur" },
  { id: "rangpur", name: "Rangpur", nameBn: "রংপুর", division: "rangpur" },
  { id: "kurigram", name: "Kurigram", nameBn: "কুড়িগ্রাম", division: "rangpur" },
  // Mymensingh division
  { id: "sherpur", name: "Sherpur", nameBn: "শেরপুর", division: "mymensingh" },
  {
    id: "mymensingh",
    name: "Mymensingh",
    nameBn: "ময়মনসিংহ",
    division: "mymensingh",
    aliases: ["Mymensing", "Maimansingh"],
  },
  { id: "jamalpur", name: "Jamalpur", nameBn: "জামালপুর", division: "mymensingh" },
  {
    id: "netrokona",
    name: "Netrokona",
    nameBn: "নেত্রকোণা",
    division: "mymensingh",
    aliases: ["Netrakona"],
  },
] as const satisfies readonly DistrictRow[];

export type DistrictId = (typeof DISTRICTS)[number]["id"];
