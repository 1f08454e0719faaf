import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GOOGLE_SIGN_IN_REFUSALS } from "#contract/google-sign-in";
import { AUTH_MESSAGES } from "../../server/services/auth.service";
import { googleFailureInAddress } from "~/components/auth/auth-card";

describe("a Google sign-in failure named by the address (/login?error=)", () => {
  it("knows every refusal the server writes", () => {
    // The Google client throws only the shared texts (no literal the list could miss) ...
    const source = readFileSync("server/integrations/google.ts", "utf8");
    expect(source.match(/new GoogleSignInError\(/g)?.length).toBeGreaterThan(3);
    expect(source).not.toMatch(/new GoogleSignInError\(\s*["'`]/);
    // ... and so does the sign-in service.
    const written = [
      AUTH_MESSAGES.googleNotConfigured,
      AUTH_MESSAGES.googleBadState,
      AUTH_MESSAGES.googleNoEmail,
      AUTH_MESSAGES.googleLinkNeedsPassword,
    ];
    for (const text of written) expect(Object.values(GOOGLE_SIGN_IN_REFUSALS)).toContain(text);
    for (const text of Object.values(GOOGLE_SIGN_IN_REFUSALS))
      expect(googleFailureInAddress(text)).toBe(text);
  });

  it("shows any other text as 'did not complete' (was shown as written, on English pages)", () => {
    for (const text of [
      "Your account is locked. Call 01700000000 to unlock it.",
      "access_denied",
      "",
      `${GOOGLE_SIGN_IN_REFUSALS.badState} Call 01700000000.`,
    ])
      expect(googleFailureInAddress(text)).toBe("Google sign-in did not complete.");
  });
});
