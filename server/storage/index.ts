import { getEnv, type Env } from "../env.js";
import type { ImageStore } from "./image-store.js";
import { LocalImageStore } from "./local-store.js";
import { S3ImageStore } from "./s3-store.js";

export * from "./image-store.js";
export { LocalImageStore } from "./local-store.js";
export { S3ImageStore, type S3StoreConfig } from "./s3-store.js";
export { copyImages, type CopyImagesResult } from "./copy.js";

type StorageSettings = Pick<
  Env,
  | "IMAGE_STORAGE"
  | "UPLOADS_DIR"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ENDPOINT"
  | "S3_FORCE_PATH_STYLE"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_PREFIX"
>;

/** The store the settings name (server/env.ts has checked they are complete). */
export function createImageStore(env: StorageSettings): ImageStore {
  if (env.IMAGE_STORAGE === "local") return new LocalImageStore(env.UPLOADS_DIR);
  if (!env.S3_BUCKET) throw new Error("IMAGE_STORAGE=s3 needs S3_BUCKET");
  return new S3ImageStore({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    prefix: env.S3_PREFIX ?? "",
  });
}

let current: { env: Env; store: ImageStore } | undefined;

/**
 * The shop's image store, made once per configuration (a test that changes variables and calls
 * resetEnvForTests() gets a store for the new ones).
 */
export function getImageStore(): ImageStore {
  const env = getEnv();
  if (current?.env !== env) current = { env, store: createImageStore(env) };
  return current.store;
}

/**
 * The start-up line naming where images are kept, after one read from the store (a missing key):
 * a bucket that is misnamed, unreachable or refuses the credentials is reported at once with the
 * store's own words, not at the first upload. A warning only: the shop still sells while its
 * images are unavailable (uploads answer 503).
 */
export async function describeImageStoreAtStart(store: ImageStore = getImageStore()) {
  try {
    // A read, not a HEAD: only a read's answer tells a missing bucket from a missing image.
    (await store.get("startup-probe/none.webp"))?.body.destroy();
    return { ok: true, line: `[images] ${store.description}` };
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return {
      ok: false,
      line: `⚠ [images] ${store.description} cannot be read (${reason}); uploads answer 503 and images 503 until it can`,
    };
  }
}
