/**
 * The texts a refused Google sign-in comes back with (`/login?error=…`), shared by the server that
 * writes them and the sign-in screens that show them. The address is anyone's to write, so a screen
 * shows only these; any other text in it (Google's own codes, a made-up "Your account is locked,
 * call …") reads "Google sign-in did not complete." (docs/security.md).
 */
export const GOOGLE_SIGN_IN_REFUSALS = {
  notConfigured: "Google sign-in is not configured",
  badState: "Google sign-in expired or was not started here. Please try again.",
  noEmail: "Your Google account has no verified email address",
  linkNeedsPassword:
    "An account with this email already exists. Sign in with its password once to connect Google sign-in to it.",
  codeRefused: "Google did not accept the sign-in code. Please try again.",
  noIdToken: "Google did not return an ID token",
  signingKeys: "Could not load Google's signing keys",
  invalidIdToken: "The Google ID token is not valid",
} as const;

const REFUSALS: readonly string[] = Object.values(GOOGLE_SIGN_IN_REFUSALS);

/** `text` when the shop writes it for a refused Google sign-in, else `fallback`. */
export function googleRefusalOr(text: string, fallback: string): string {
  return REFUSALS.includes(text) ? text : fallback;
}
