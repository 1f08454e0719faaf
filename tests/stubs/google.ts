import { OAuth2Server } from "oauth2-mock-server";

/**
 * Google's OpenID provider, played by oauth2-mock-server on 127.0.0.1 with an RS256 key of its own.
 * The ID tokens it signs carry `claims()` (read at signing time) over its defaults.
 */
export async function startGoogleStub(
  claims: () => Record<string, unknown>,
): Promise<OAuth2Server> {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  provider.service.on("beforeTokenSigning", (token) => {
    // Only the ID token carries an audience (the client id); the access token is left alone.
    if (token.payload.aud !== undefined) Object.assign(token.payload, claims());
  });
  return provider;
}

/** The variables that point the shop's Google sign-in at this provider, for `clientId`. */
export function googleEnv(provider: OAuth2Server, clientId: string): Record<string, string> {
  const issuer = provider.issuer.url!;
  return {
    GOOGLE_CLIENT_ID: clientId,
    GOOGLE_CLIENT_SECRET: "test-client-secret",
    GOOGLE_AUTH_URL: `${issuer}/authorize`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_JWKS_URL: `${issuer}/jwks`,
    GOOGLE_ISSUERS: "https://accounts.google.com,accounts.google.com",
  };
}
