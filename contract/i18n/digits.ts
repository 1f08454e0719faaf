/** Bangla digits ০-৯ (U+09E6..U+09EF) for the ASCII digits 0-9, and back. */
const BANGLA_ZERO = 0x09e6;
/** Arabic-Indic ٠-٩ (U+0660..) and the Persian/Urdu forms ۰-۹ (U+06F0..): other phone keyboards. */
const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

export function toBanglaDigits(text: string): string {
  return text.replace(/[0-9]/g, (digit) =>
    String.fromCharCode(BANGLA_ZERO + digit.charCodeAt(0) - 48),
  );
}

/**
 * Any digit a shopper's keyboard may type (Bangla, Arabic-Indic, Persian/Urdu) as its ASCII digit,
 * so a number typed in either script is one number before it is checked or compared.
 */
export function toAsciiDigits(text: string): string {
  return text.replace(/[\u09e6-\u09ef\u0660-\u0669\u06f0-\u06f9]/g, (digit) => {
    const code = digit.charCodeAt(0);
    const zero =
      code >= BANGLA_ZERO
        ? BANGLA_ZERO
        : code >= EXTENDED_ARABIC_INDIC_ZERO
          ? EXTENDED_ARABIC_INDIC_ZERO
          : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}
