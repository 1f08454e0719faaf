import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../../server/env";
import { openSecret, sealingKeys, sealSecret, SecretUnreadable } from "../../server/lib/secret-box";

/** Sealing stored secrets (server/lib/secret-box.ts, docs/couriers.md "Encrypted at rest"). */
const JWT_SECRET = "a-test-jwt-secret-of-at-least-32-characters";
const keysOf = (vars: Record<string, string>) => sealingKeys(parseEnv({ JWT_SECRET, ...vars }));

describe("SETTINGS_ENCRYPTION_KEY", () => {
  it("takes 32 bytes as base64 or hex, and refuses anything else by name", () => {
    const base64 = randomBytes(32).toString("base64");
    expect(parseEnv({ SETTINGS_ENCRYPTION_KEY: base64 }).SETTINGS_ENCRYPTION_KEY).toBe(base64);
    expect(() =>
      parseEnv({ SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString("hex") }),
    ).not.toThrow();
    for (const wrong of ["short", randomBytes(16).toString("base64"), "z".repeat(64)])
      expect(() => parseEnv({ SETTINGS_ENCRYPTION_KEY: wrong })).toThrow(
        "Invalid configuration: SETTINGS_ENCRYPTION_KEY: must be 32 random bytes as base64 (openssl rand -base64 32) or 64 hex digits",
      );
    expect(() => parseEnv({ SETTINGS_ENCRYPTION_KEY_PREVIOUS: `${base64},nope` })).toThrow(
      /SETTINGS_ENCRYPTION_KEY_PREVIOUS: must be 32 random bytes/,
    );
  });

  it("production without it seals nothing; development derives one from JWT_SECRET", () => {
    expect(sealingKeys({ NODE_ENV: "production", JWT_SECRET }).current).toBeUndefined();
    expect(() =>
      sealSecret("x", "courier:redx:apiToken", sealingKeys({ NODE_ENV: "production", JWT_SECRET })),
    ).toThrow(
      "Credentials cannot be stored: SETTINGS_ENCRYPTION_KEY is not set on the server (docs/operations.md)",
    );
    const derived = keysOf({});
    expect(derived.current?.id).toBe(keysOf({}).current?.id);
    expect(derived.current?.id).not.toBe(
      sealingKeys(parseEnv({ JWT_SECRET: `${JWT_SECRET}-other` })).current?.id,
    );
  });
});

describe("sealing", () => {
  const keys = keysOf({ SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString("base64") });
  const place = "courier:steadfast:apiKey";

  it("opens what it sealed; never the same text twice; the plaintext is not in it", () => {
    const first = sealSecret("the-api-key", place, keys);
    const second = sealSecret("the-api-key", place, keys);
    expect(first).not.toBe(second);
    expect(first).not.toContain("the-api-key");
    expect(first.startsWith(`v1.${keys.current!.id}.`)).toBe(true);
    expect(openSecret(first, place, keys)).toEqual({ plaintext: "the-api-key", stale: false });
  });

  it("refuses a value changed by one character, moved to another place, or sealed with an unknown key", () => {
    const sealed = sealSecret("the-api-key", place, keys);
    const parts = sealed.split(".");
    const data = parts[4]!;
    // The first character: every one of its bits is data (the last one may carry padding).
    parts[4] = `${data.startsWith("A") ? "B" : "A"}${data.slice(1)}`;
    expect(() => openSecret(parts.join("."), place, keys)).toThrow(SecretUnreadable);
    expect(() => openSecret(sealed, "courier:steadfast:secretKey", keys)).toThrow(
      "stored secret cannot be opened: authentication failed",
    );
    const other = keysOf({ SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString("hex") });
    expect(() => openSecret(sealed, place, other)).toThrow(
      `stored secret cannot be opened: sealed with key ${keys.current!.id}, which is not configured`,
    );
  });

  it("rotation: a previous key still opens, and says the value is stale", () => {
    const old = randomBytes(32).toString("base64");
    const sealed = sealSecret("the-api-key", place, keysOf({ SETTINGS_ENCRYPTION_KEY: old }));
    const rotated = keysOf({
      SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      SETTINGS_ENCRYPTION_KEY_PREVIOUS: old,
    });
    expect(openSecret(sealed, place, rotated)).toEqual({ plaintext: "the-api-key", stale: true });
  });
});
