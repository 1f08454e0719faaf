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
