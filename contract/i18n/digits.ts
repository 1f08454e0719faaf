/** Bangla digits ০-৯ (U+09E6..U+09EF) for the ASCII digits 0-9, and back. */
const BANGLA_ZERO = 0x09e6;

export function toBanglaDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) =>
    String.fromCharCode(BANGLA_ZERO + digit.charCodeAt(0) - 48),
  );
}

export function toAsciiDigits(text: string): string {
  return text.replace(/[\u09e6-\u09ef]/g, (digit) => String(digit.charCodeAt(0) - BANGLA_ZERO));
}
