/**
 * The one rule for "where may a sign-in send the shopper back to", used by the server (Google sign-in
 * state) and by the browser (sign-in, registration and Google callback screens, redirectAfterLogin).
 * Shared through the contract (free of server-only imports).
 *
 * Only a path on this site is honoured: it starts with one `/`, not `//` or `/\` (browsers read both
 * as another host), has no control characters (a tab or newline inside `/\t/host` is dropped by URL
 * parsing and would turn it into `//host`), and is not a sign-in screen itself (that would loop), in
 * English or in Bangla (`/bn/login`).
 */
const SIGN_IN_SCREENS = /^(?:\/bn)?\/(?:login|register|auth\/google\/callback)(?:[/?#]|$)/;

/** The path when it is safe to go to, else null. */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (typeof value !== "string" || !value.startsWith("/")) return null;
  if (value.startsWith("//") || value.startsWith("/\\")) return null;
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f))
    return null;
  if (SIGN_IN_SCREENS.test(value)) return null;
  return value;
}
