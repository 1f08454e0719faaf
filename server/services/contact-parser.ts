/**
 * The order dialog's paste box (docs/order-desk.md, "The paste box"): a customer's message from
 * Messenger, WhatsApp or an SMS, in English or Bangla, read for the name, the mobile, an email, the
 * district and thana (ids of the lists, found by any name or spelling they know, through the same
 * look-ups the checkout's address uses) and the rest of the address. A guess for staff to check,
 * never a refusal: whatever the text, it answers the fields it found and never throws.
 */
import type { ParsedContactAnswer } from "#contract/schemas/staff-orders";
import { MAX_PASTED_CONTACT_LENGTH } from "#contract/schemas/staff-orders";
import { checkBdMobile } from "#contract/phone";
import { toAsciiDigits } from "#contract/i18n/digits";
import { findDistrict, placeSearchKey, placeWords, type District } from "#contract/locations";
import type { DistrictId } from "#contract/locations";
import { districtNamed, thanaNamed, thanaNamedAnywhere } from "./delivery-place.js";
import { logger } from "../lib/logger.js";

type Field = "name" | "mobile" | "address" | "district" | "thana" | "email";

/** Labels people write before a field, folded to lower case; a line with another label is skipped. */
const LABELS: Record<Field, readonly string[]> = {
  name: ["name", "customer name", "customer", "full name", "নাম", "গ্রাহকের নাম", "কাস্টমারের নাম"],
  mobile: [
    "phone",
    "mobile",
    "mob",
    "cell",
    "number",
    "phone number",
    "mobile number",
    "mobile no",
    "phone no",
    "contact",
    "contact number",
    "whatsapp",
    "ফোন",
    "মোবাইল",
    "নম্বর",
    "নাম্বার",
    "মোবাইল নম্বর",
    "মোবাইল নাম্বার",
    "ফোন নম্বর",
    "ফোন নাম্বার",
    "যোগাযোগ",
  ],
  address: [
    "address",
    "addr",
    "full address",
    "delivery address",
    "shipping address",
    "location",
    "ঠিকানা",
    "পূর্ণ ঠিকানা",
    "ডেলিভারি ঠিকানা",
  ],
  district: ["district", "city", "zilla", "zila", "জেলা", "শহর"],
  thana: ["thana", "upazila", "upozila", "police station", "area", "থানা", "উপজেলা", "এলাকা"],
  email: ["email", "e-mail", "mail", "ইমেইল", "ইমেল"],
};

const FIELD_OF_LABEL = new Map<string, Field>(
  Object.entries(LABELS).flatMap(([field, labels]) =>
    labels.map((label) => [label, field as Field] as const),
  ),
);

/** `Label: value`, with the separators people type (the Bangla visarga ঃ stands in for a colon; a
 * dash between spaces, never the one of "Mirpur-10"). */
const LABELLED_LINE =
  /^\s*([\p{L}\p{M}][\p{L}\p{M} .-]{0,30}?)(?:\s*(?::|：|ঃ|=)|\s+[-–])\s*(.*)$/u;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
/** A run of digits as people write a number: spaces, dashes, dots, brackets, a leading + or 00. */
const NUMBER_RUN = /\+?[\d(][\d\s().-]{8,20}\d/g;
const WORDS_OF_A_NAME = 4;
const NAME_LENGTH = 80;
const STREET_LENGTH = 220;
const COUNTRY_KEYS = new Set(["bangladesh", "বাংলাদেশ", "bd"]);

/** The first Bangladeshi mobile in the text (any digit script, +880/880/0 forms), as 01XXXXXXXXX. */
function findMobile(text: string): { mobile: string; written: string } | undefined {
  for (const match of toAsciiDigits(text).matchAll(NUMBER_RUN)) {
    const checked = checkBdMobile(match[0]);
    if (checked.ok) return { mobile: checked.mobile, written: match[0] };
  }
  return undefined;
}

/** The text as lines; one long line of comma-separated parts is read as those parts. */
function linesOf(text: string): string[] {
  const lines = text
    .normalize("NFC")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 1 && !LABELLED_LINE.test(lines[0]))
    return lines[0]
      .split(/[,;،]/)
      .map((part) => part.trim())
      .filter(Boolean);
  return lines;
}

const isBareName = (line: string) =>
  /^[\p{L}\p{M} .'-]+$/u.test(line) &&
  line.split(/\s+/).length <= WORDS_OF_A_NAME &&
  line.length <= NAME_LENGTH;

/** A line that is only a place name (a district or a thana), which is address, not a name. */
const isPlaceName = (line: string) =>
  districtNamed(line) !== undefined || thanaNamedAnywhere(line) !== undefined;

/** Word runs of one to three words, each as one folded key ("coxs bazar" → "coxsbazar"). */
function keysOfRuns(text: string): string[] {
  const words = placeWords(text);
  const keys: string[] = [];
  for (let size = 3; size >= 1; size -= 1)
    for (let start = 0; start + size <= words.length; start += 1)
      keys.push(words.slice(start, start + size).join(""));
  return keys;
}

/** A district also named like its division (Dhaka, Chattogram...): the weaker hint of the two. */
const isDivisionName = (district: District) =>
  placeSearchKey(district.division.name) === placeSearchKey(district.name);

/**
 * The district and thana an address names. A district with a thana of it in the text comes
 * first ("Sreepur, Gazipur, Dhaka" is Gazipur's Sreepur), then one not named like a division; with
 * no district, a thana only one district has ("Dhanmondi").
 */
function findPlace(parts: string[]): { districtId?: DistrictId; thanaId?: string } {
  const keys = parts.flatMap(keysOfRuns);
  const districts = [
    ...new Map(
      keys
        .map((key) => districtNamed(key))
        .filter((found) => found !== undefined)
        .map((district) => [district.id, district]),
    ).values(),
  ];
  // The district's own name is the district, not its Sadar thana (which some lists call so too).
  const thanaIn = (district: District) =>
    keys
      .filter((key) => districtNamed(key)?.id !== district.id)
      .map((key) => thanaNamed(district.id, key))
      .find((thana) => thana !== undefined);
  const withThana = districts
    .map((district) => ({ district, thana: thanaIn(district) }))
    .find((found) => found.thana);
  if (withThana) return { districtId: withThana.district.id, thanaId: withThana.thana!.id };
  const district = districts.find((found) => !isDivisionName(found)) ?? districts[0];
  if (district) return { districtId: district.id };
  const town = keys.map((key) => thanaNamedAnywhere(key)).find((thana) => thana !== undefined);
  return town ? { districtId: town.district, thanaId: town.id } : {};
}

/** The address without the parts that only name the district, the thana or the country. */
function streetOf(parts: string[], place: { districtId?: string; thanaId?: string }): string {
  const placeKeys = new Set<string>();
  const district = place.districtId ? findDistrict(place.districtId) : undefined;
  if (district)
    for (const name of [district.name, district.nameBn, ...district.aliases])
      placeKeys.add(placeSearchKey(name));
  const segments = parts
    .flatMap((part) => part.split(/[,;،\n]/))
    .map((segment) => segment.trim().replace(/[.।]+$/u, ""))
    .filter(Boolean);
  const isOnlyPlace = (segment: string) => {
    const key = placeSearchKey(segment);
    if (placeKeys.has(key) || COUNTRY_KEYS.has(key)) return true;
    // A segment that is exactly the thana's name ("Mirpur"), not "Mirpur 10" or "Road 3, Mirpur".
    return (
      district !== undefined &&
      place.thanaId !== undefined &&
      thanaNamed(district.id, segment)?.id === place.thanaId
    );
  };
  const street = segments.filter((segment) => !isOnlyPlace(segment)).join(", ");
  return (street.length >= 5 ? street : segments.join(", ")).slice(0, STREET_LENGTH);
}

/**
 * What a line says besides the mobile and email found in it, as the parts on either side of them
 * ("Rakib 01912000222 Savar": a name, then a place), without the punctuation left around them.
 */
function withoutContact(line: string, mobile: string | undefined, email: string | undefined) {
  let parts = email ? line.split(email) : [line];
  if (mobile)
    parts = parts.flatMap((part) =>
      toAsciiDigits(part).includes(mobile) ? toAsciiDigits(part).split(mobile) : [part],
    );
  return parts.map((part) => part.replace(/^[\s,;:।-]+|[\s,;:।-]+$/gu, "").trim()).filter(Boolean);
}

function parse(text: string): ParsedContactAnswer {
  const found: ParsedContactAnswer = {};
  const bounded = text.slice(0, MAX_PASTED_CONTACT_LENGTH);
  const mobile = findMobile(bounded);
  if (mobile) found.mobile = mobile.mobile;
  const email = EMAIL.exec(bounded)?.[0];
  if (email) found.email = email;

  const labelled: Partial<Record<Field, string>> = {};
  const unlabelled: string[] = [];
  for (const line of linesOf(bounded)) {
    const match = LABELLED_LINE.exec(line);
    const field = match ? FIELD_OF_LABEL.get(match[1].trim().toLowerCase()) : undefined;
    if (match && field) {
      if (match[2].trim()) labelled[field] ??= match[2].trim();
      continue;
    }
    // Another label (product, size, price...): the order's lines, not the contact.
    if (match && !/\d/.test(match[1])) continue;
    // The number and the email are taken above: what else the line says is kept.
    unlabelled.push(...withoutContact(line, mobile?.written, email));
  }

  let name = labelled.name;
  let addressParts = [labelled.address, labelled.thana, labelled.district].filter(
    (part): part is string => Boolean(part),
  );
  if (!name) {
    const index = unlabelled.findIndex((line) => isBareName(line) && !isPlaceName(line));
    if (index >= 0) name = unlabelled.splice(index, 1)[0];
  }
  // Unlabelled lines are address when no line said "Address:", and add to it when they name places.
  if (addressParts.length === 0) addressParts = unlabelled;
  if (name) found.name = name.replace(/\s+/g, " ").slice(0, NAME_LENGTH);

  // A thana or district written under its own label is the strongest hint: read first.
  const place = findPlace(
    [labelled.thana, labelled.district, ...addressParts].filter((part) => part !== undefined),
  );
  if (place.districtId) found.districtId = place.districtId;
  if (place.thanaId) found.thanaId = place.thanaId;
  const addressOnly = labelled.address ? [labelled.address] : addressParts;
  const street = streetOf(addressOnly, place);
  if (street) found.streetAddress = street;
  return found;
}

/** What the text names; {} when nothing could be read (logged, never thrown). */
export function parseContact(text: string): ParsedContactAnswer {
  try {
    return parse(text);
  } catch (error) {
    logger.warn({ err: error }, "pasted contact not read");
    return {};
  }
}
