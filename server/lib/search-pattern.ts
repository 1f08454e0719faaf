/** The text with every regular-expression metacharacter escaped: it matches itself, literally. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Matches values containing `text` anywhere, ignoring case (the admin screens' search boxes). */
export function containsText(text: string): RegExp {
  return new RegExp(escapeRegex(text), "i");
}
