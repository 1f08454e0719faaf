/**
 * How an SMS text travels and how many parts it costs. A text made only of the GSM 03.38 alphabet
 * goes as GSM-7: 160 characters in one SMS, 153 per part when it is split (the rest of each part
 * carries the joining header). Anything else (Bangla, ৳, emoji) makes the whole text UCS-2: 70
 * UTF-16 units in one SMS, 67 per part. Characters of the extension table ({ } [ ] ~ \ | ^ €)
 * take two GSM-7 places and are never cut between two parts.
 */
export type SmsEncoding = "GSM-7" | "UCS-2";

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
  "¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM_EXTENSION = "\f^{}\\[~]|€";
const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

const LIMITS: Record<SmsEncoding, { single: number; part: number }> = {
  "GSM-7": { single: 160, part: 153 },
  "UCS-2": { single: 70, part: 67 },
};

/**
 * The most parts one message may use. BulkSMSBD does not publish its cap; operators join at most
 * a handful of parts reliably, and every message the shop sends fits in two. A longer text is a
 * bug, refused before it costs money.
 */
export const MAX_SMS_SEGMENTS = 4;

export function smsEncoding(text: string): SmsEncoding {
  for (const char of text) if (!BASIC.has(char) && !EXTENSION.has(char)) return "UCS-2";
  return "GSM-7";
}

/** The units each character takes in its encoding: GSM-7 septets, or UTF-16 code units. */
function units(text: string, encoding: SmsEncoding): number[] {
  return [...text].map((char) =>
    encoding === "UCS-2" ? char.length : EXTENSION.has(char) ? 2 : 1,
  );
}

export interface SmsSize {
  encoding: SmsEncoding;
  /** GSM-7 septets or UCS-2 code units. */
  length: number;
  segments: number;
}

export function smsSize(text: string): SmsSize {
  const encoding = smsEncoding(text);
  const sizes = units(text, encoding);
  const length = sizes.reduce((sum, size) => sum + size, 0);
  const { single, part } = LIMITS[encoding];
  if (length <= single) return { encoding, length, segments: length === 0 ? 0 : 1 };
  // Fill parts in order; a character that does not fit whole starts the next part.
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding, length, segments };
}
