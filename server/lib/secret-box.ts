import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { encryptionKeyBytes, getEnv, type Env } from "../env.js";

/**
 * Secrets stored in the database (couriers' credentials), sealed with AES-256-GCM under
 * SETTINGS_ENCRYPTION_KEY. Each value is `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url): the key
 * id says which key sealed it (so a rotated-out key still opens old values), and the value's place
 * (`courier:steadfast:apiKey`) is bound in as associated data, so a sealed value copied into
 * another field or another courier does not open.
 */
interface SealingKey {
  /** The first 8 hex digits of the key's SHA-256: names the key, tells nothing of it. */
  id: string;
  bytes: Buffer;
}

export interface SealingKeys {
  /** The key new values are sealed with; undefined in production without SETTINGS_ENCRYPTION_KEY. */
  current?: SealingKey;
  /** Keys still opened (rotation), never used to seal. */
  previous: SealingKey[];
}

export const ENCRYPTION_KEY_MISSING =
  "Credentials cannot be stored: SETTINGS_ENCRYPTION_KEY is not set on the server (docs/operations.md)";

const sealingKey = (bytes: Buffer): SealingKey => ({
  id: createHash("sha256").update(bytes).digest("hex").slice(0, 8),
  bytes,
});

/**
 * Outside production a shop without a key still works: the key is derived from JWT_SECRET (random
 * per test process; kept in DATA_DIR/secrets.json by `npm start`). The derived key stays readable
 * once a real key is set, so a laptop's stored credentials survive the change.
 */
function derivedKey(env: Pick<Env, "JWT_SECRET">): SealingKey {
  return sealingKey(
    Buffer.from(hkdfSync("sha256", env.JWT_SECRET, "tweest", "settings encryption key", 32)),
  );
}

export function sealingKeys(
  env: Pick<
    Env,
    "NODE_ENV" | "JWT_SECRET" | "SETTINGS_ENCRYPTION_KEY" | "SETTINGS_ENCRYPTION_KEY_PREVIOUS"
  > = getEnv(),
): SealingKeys {
  const given = env.SETTINGS_ENCRYPTION_KEY && encryptionKeyBytes(env.SETTINGS_ENCRYPTION_KEY);
  const production = env.NODE_ENV === "production";
  const previous = (env.SETTINGS_ENCRYPTION_KEY_PREVIOUS ?? [])
    .map((key) => encryptionKeyBytes(key))
    .filter((bytes): bytes is Buffer => bytes !== undefined)
    .map(sealingKey);
  if (given)
    return {
      current: sealingKey(given),
      previous: production ? previous : [...previous, derivedKey(env)],
    };
  return { current: production ? undefined : derivedKey(env), previous };
}

export class SecretUnreadable extends Error {
  constructor(reason: string) {
    super(`stored secret cannot be opened: ${reason}`);
    this.name = "SecretUnreadable";
  }
}

const encode = (bytes: Buffer) => bytes.toString("base64url");

/** Seals `plaintext` for one place (`context`); throws when no key may seal (production without a key). */
export function sealSecret(plaintext: string, context: string, keys = sealingKeys()): string {
  const key = keys.current;
  if (!key) throw new Error(ENCRYPTION_KEY_MISSING);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.bytes, iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", key.id, encode(iv), encode(cipher.getAuthTag()), encode(data)].join(".");
}

/**
 * Opens a sealed value of one place. `stale` says it was sealed with a key being rotated out,
 * so the caller seals it again with the current key. Throws SecretUnreadable for a value no key
 * opens (a key lost or changed, or a value moved from another place).
 */
export function openSecret(
  sealed: string,
  context: string,
  keys = sealingKeys(),
): { plaintext: string; stale: boolean } {
  const [version, keyId, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined)
    throw new SecretUnreadable("not a sealed value");
  const key = [keys.current, ...keys.previous].find((candidate) => candidate?.id === keyId);
  if (!key) throw new SecretUnreadable(`sealed with key ${keyId}, which is not configured`);
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.bytes, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const plaintext = Buffer.concat([
      decipher.update(Buffer.from(data, "base64url")),
      decipher.final(),
    ]).toString("utf8");
    return { plaintext, stale: key !== keys.current };
  } catch {
    throw new SecretUnreadable("authentication failed");
  }
}
