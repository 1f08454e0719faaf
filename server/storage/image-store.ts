import type { Readable } from "node:stream";

/**
 * Where uploaded images live: product images, popup images and bulk-order designs. One interface,
 * two backends (a local folder, any S3-compatible bucket), chosen by IMAGE_STORAGE.
 *
 * Keys are paths relative to the uploads root, e.g. `products/abc-800.webp`, `popups/x.webp`,
 * `designs/y.png`; the public URL of a key is always `/uploads/<key>` whichever backend holds it.
 */
export interface StoredImage {
  key: string;
  size: number;
  contentType: string;
  lastModified: Date;
  /** The store's entity tag, quoted as in HTTP (`"…"`), when it gives one. */
  etag?: string;
}

export interface ImageBody extends StoredImage {
  body: Readable;
}

export interface ImageStore {
  readonly kind: "local" | "s3";
  /** For logs and progress lines: the folder or the bucket (never a credential). */
  readonly description: string;
  /** Stores the bytes under `key` (replacing any object there) with the content type its name implies. */
  put(key: string, body: Buffer): Promise<void>;
  /** The object's bytes as a stream, or undefined when there is none. */
  get(key: string): Promise<ImageBody | undefined>;
  /** The object's size, type and date without its bytes, or undefined when there is none. */
  stat(key: string): Promise<StoredImage | undefined>;
  /** Removes the object; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (all of them when omitted), in no set order. */
  list(prefix?: string): AsyncIterable<StoredImage>;
}

/** One or more folder segments, then a file name; letters, digits, `_`, `-` and inner dots only. */
const KEY = /^(?:[\w-]+\/)*[\w-]+(?:\.[\w-]+)*$/;

export function isImageKey(key: string): boolean {
  return KEY.test(key) && key.length <= 512;
}

/** Refuses keys that could leave the uploads root or be read differently by a store. */
export function assertImageKey(key: string): string {
  if (!isImageKey(key)) throw new Error(`Not an image storage key: ${JSON.stringify(key)}`);
  return key;
}

export const UPLOADS_URL_PREFIX = "/uploads/";

/** `/uploads/<key>`: the URL an image is served at, whichever backend holds it. */
export function uploadUrl(key: string): string {
  return `${UPLOADS_URL_PREFIX}${assertImageKey(key)}`;
}

/**
 * The key of a stored image's URL or path, accepting `/uploads/<key>` (product images) and
 * `uploads/<key>` (popup images and designs keep their path without the leading slash);
 * undefined for anything else.
 */
export function keyOfUploadUrl(url: string | null | undefined): string | undefined {
  const match = /^\/?uploads\/(.+)$/.exec(url ?? "");
  return match && isImageKey(match[1]) ? match[1] : undefined;
}

/**
 * The only files /uploads serves, by extension: raster images, which a browser never runs. SVG, HTML
 * or anything else that can carry a script is never served, whoever put it in the store.
 */
const RASTER_IMAGE_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

const extensionOf = (key: string) => /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? "";

export function contentTypeOfKey(key: string): string {
  return RASTER_IMAGE_TYPES[extensionOf(key)] ?? "application/octet-stream";
}

/** A key /uploads may serve: an image key whose name says raster image (and that is all it stores). */
export function isRasterImageKey(key: string): boolean {
  return isImageKey(key) && extensionOf(key) in RASTER_IMAGE_TYPES;
}

/** Matches the file names newFileBase() starts (the responsive width may follow). */
export const UNIQUE_UPLOAD_NAME = /^[0-9a-z]{6,12}-[0-9a-f]{12}(-\d+)?\.[a-z]+$/;

export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
export const SEED_CACHE_CONTROL = "public, max-age=604800";

/**
 * An uploaded file's name is never reused (newFileBase), so its bytes never change: a year,
 * immutable. Other names (the demo seed's fixed ones) keep 7 days. Served through the shop and
 * stored as the object's own Cache-Control, so a public bucket or a CDN answers the same.
 */
export function cacheControlOfKey(key: string): string {
  const name = key.slice(key.lastIndexOf("/") + 1);
  return UNIQUE_UPLOAD_NAME.test(name) ? IMMUTABLE_CACHE_CONTROL : SEED_CACHE_CONTROL;
}
