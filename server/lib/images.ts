import { randomBytes } from "node:crypto";
import path from "node:path";
import sharp, { type Metadata, type Sharp } from "sharp";
import { getEnv } from "../env.js";
import { getImageStore, isRasterImageKey, keyOfUploadUrl, uploadUrl } from "../storage/index.js";
import { HttpError } from "./http-error.js";
import { logger } from "./logger.js";
import { PRIMARY_IMAGE_WIDTH, PRODUCT_IMAGE_WIDTHS } from "#contract/images";

export type ImageType = "jpeg" | "png" | "webp" | "gif";

/** The type by magic bytes, never by the client's content type or file name. */
export function detectImageType(buffer: Buffer): ImageType | undefined {
  if (buffer.length < 12) return undefined;
  if (buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) return "jpeg";
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (buffer.toString("ascii", 0, 4) === "RIFF" && buffer.toString("ascii", 8, 12) === "WEBP")
    return "webp";
  if (buffer.toString("ascii", 0, 4) === "GIF8") return "gif";
  return undefined;
}

export function assertImage(buffer: Buffer): ImageType {
  const type = detectImageType(buffer);
  if (!type)
    throw new HttpError(
      415,
      "Only JPEG, PNG, WebP or GIF images are accepted",
      "UNSUPPORTED_MEDIA_TYPE",
    );
  return type;
}

/**
 * Most pixels the shop decodes per image use (width x height, times the frames for an animated
 * popup). Decoding costs about 4 bytes of memory and real CPU per pixel, while the file can be tiny
 * (a 776 KB PNG can declare 16000 x 16000), so the declared size is checked before any decode.
 * 25 megapixels covers a 24 MP camera photo and A3 print artwork at 300 dpi (about 17 MP).
 */
export const MAX_IMAGE_PIXELS = {
  product: 25_000_000,
  design: 25_000_000,
  /** All frames of an animated GIF / WebP together (e.g. 1920 x 1080 x 24 frames). */
  popup: 50_000_000,
} as const;

function megapixels(pixels: number): string {
  return `${Math.round(pixels / 100_000) / 10} megapixels`;
}

/**
 * The type by magic bytes (415), then the size the header declares (413 past `maxPixels`), without
 * decoding the pixels. A header sharp cannot read is left to the decode that follows, which
 * answers as it always has ("could not be read"). `frames`: count every frame of an animation.
 */
export async function assertImageWithin(
  buffer: Buffer,
  maxPixels: number,
  options: { frames?: boolean } = {},
): Promise<ImageType> {
  const type = assertImage(buffer);
  let header: Metadata;
  try {
    header = await sharp(buffer, { limitInputPixels: false }).metadata();
  } catch {
    return type;
  }
  const width = header.width ?? 0;
  const height = header.pageHeight ?? header.height ?? 0;
  const frames = options.frames ? Math.max(1, header.pages ?? 1) : 1;
  const pixels = width * height * frames;
  if (pixels > maxPixels)
    throw new HttpError(
      413,
      `The image is too large: at most ${megapixels(maxPixels)} (this one is ${width} x ${height}${frames > 1 ? ` x ${frames} frames` : ""})`,
      "IMAGE_TOO_LARGE",
    );
  return type;
}

export const RESPONSIVE_WIDTHS = PRODUCT_IMAGE_WIDTHS;
/** The width stored in `images[]`; the others are found by replacing this suffix. */
export const PRIMARY_WIDTH = PRIMARY_IMAGE_WIDTH;

/** The local backend's folder (UPLOADS_DIR); with IMAGE_STORAGE=s3 images are in the bucket. */
export function uploadsRoot(): string {
  return path.resolve(getEnv().UPLOADS_DIR);
}

/** Every stored upload gets a new name (never reused), so its URL always means the same bytes. */
export function newFileBase(): string {
  return `${Date.now().toString(36)}-${randomBytes(6).toString("hex")}`;
}

export const STORAGE_UNAVAILABLE_MESSAGE =
  "Images cannot be saved right now. Please try again in a moment.";

/**
 * Into the image store; a store that cannot be reached is a 503 (the upload can be retried). Only
 * raster images are ever stored from an upload (and only they are served: serve-uploads.ts).
 */
async function putImage(key: string, bytes: Buffer): Promise<void> {
  if (!isRasterImageKey(key)) throw new Error(`Not a raster image key: ${key}`);
  try {
    await getImageStore().put(key, bytes);
  } catch (error) {
    logger.error({ err: error, key }, "image store write failed");
    throw new HttpError(503, STORAGE_UNAVAILABLE_MESSAGE, "STORAGE_UNAVAILABLE");
  }
}

/**
 * Out of the image store, best effort: the record that pointed at the image is already gone or
 * changed, so a store outage must not fail the admin's action; the leftover object is logged.
 */
async function removeImage(key: string): Promise<void> {
  try {
    await getImageStore().delete(key);
  } catch (error) {
    logger.warn({ err: error, key }, "image not removed from the image store");
  }
}

/**
 * Re-encodes an image to WebP at each responsive width (never enlarging) into the image store,
 * under <folder>/. Returns the public URL of the primary width, e.g. /uploads/products/abc-800.webp.
 */
export async function saveResponsiveWebp(
  input: Buffer,
  folder: string,
  baseName = newFileBase(),
): Promise<string> {
  const image = sharp(input, {
    failOn: "error",
    limitInputPixels: MAX_IMAGE_PIXELS.product,
  }).rotate();
  const url = uploadUrl(`${folder}/${baseName}-${PRIMARY_WIDTH}.webp`);
  try {
    for (const width of RESPONSIVE_WIDTHS) {
      const webp = await image
        .clone()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer();
      await putImage(`${folder}/${baseName}-${width}.webp`, webp);
    }
  } catch (error) {
    // No width left behind when a later one fails (decoding or the store).
    await removeResponsiveWebp(url);
    throw error;
  }
  return url;
}

/** Removes every width of an image saved by saveResponsiveWebp, given its public URL. */
export async function removeResponsiveWebp(publicUrl: string): Promise<void> {
  const match = /^\/uploads\/([\w-]+)\/([\w-]+)-\d+\.webp$/.exec(publicUrl);
  if (!match) return;
  const [, folder, baseName] = match;
  await Promise.all(
    RESPONSIVE_WIDTHS.map((width) => removeImage(`${folder}/${baseName}-${width}.webp`)),
  );
}

/**
 * Several uploads as saveResponsiveWebp saves them: every file is checked by content and declared
 * size first (415 / 413 before anything is written), then each is re-encoded; when one fails, those
 * already saved are removed and the answer is the store's own (503) or a 400 for a file sharp
 * could not decode.
 */
export async function saveResponsiveWebps(buffers: Buffer[], folder: string): Promise<string[]> {
  for (const buffer of buffers) await assertImageWithin(buffer, MAX_IMAGE_PIXELS.product);
  const saved: string[] = [];
  try {
    for (const buffer of buffers) saved.push(await saveResponsiveWebp(buffer, folder));
  } catch (error) {
    await Promise.all(saved.map((url) => removeResponsiveWebp(url)));
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, "The image could not be read", "BAD_REQUEST");
  }
  return saved;
}

const UNREADABLE_IMAGE = () =>
  new HttpError(415, "The image could not be read", "UNSUPPORTED_MEDIA_TYPE");

/**
 * How an upload is written again from its decoded pixels. `webp`: WebP at each of `widths` (never
 * enlarged), `<name>-<width>.webp`, GIF and WebP animation kept (popups). `artwork`: full size in its
 * own format as print artwork should be, PNG lossless (a GIF becomes a PNG of its first frame), JPEG
 * and WebP at quality 95 with full colour resolution (bulk-order designs). Either way nothing of the
 * file but its pixels is kept: EXIF (camera, GPS position, dates), XMP, IPTC, ICC profile and
 * comments are dropped (colours converted to sRGB), and the EXIF orientation is applied to the
 * pixels first.
 */
export type UploadEncoding =
  { encoding: "webp"; widths: readonly number[] } | { encoding: "artwork" };

function encodeArtwork(image: Sharp, type: ImageType): { extension: string; image: Sharp } {
  if (type === "jpeg")
    return { extension: "jpg", image: image.jpeg({ quality: 95, chromaSubsampling: "4:4:4" }) };
  if (type === "webp")
    return { extension: "webp", image: image.webp({ quality: 95, smartSubsample: true }) };
  return { extension: "png", image: image.png() };
}

/** The file names and bytes an upload is written as (the first named is the one answered). */
async function encodeUpload(
  decoded: Sharp,
  type: ImageType,
  options: UploadEncoding,
): Promise<{ name: string; bytes: Buffer }[]> {
  const base = newFileBase();
  if (options.encoding === "artwork") {
    const artwork = encodeArtwork(decoded, type);
    return [{ name: `${base}.${artwork.extension}`, bytes: await artwork.image.toBuffer() }];
  }
  const files: { name: string; bytes: Buffer }[] = [];
  for (const width of options.widths) {
    const bytes = await decoded
      .clone()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    const file = { name: `${base}-${width}.webp`, bytes };
    if (width === PRIMARY_IMAGE_WIDTH) files.unshift(file);
    else files.push(file);
  }
  return files;
}

/**
 * Stores an uploaded image in the image store under <folder>/ with a generated name and answers
 * its path relative to the shop's host (e.g. `uploads/popups/abc-800.webp`, the primary width of
 * those written). The type is checked by magic bytes (415), then the image is decoded and written
 * again (`encoding`), so a truncated or forged file is refused and nothing but the pixels is
 * stored. An image whose header declares more than `maxPixels` (all frames counted when animation
 * is kept) is a 413, before decoding. A file the store refuses removes those already written (503).
 */
export async function storeUploadedImage(
  buffer: Buffer,
  folder: string,
  options: UploadEncoding & { maxPixels: number },
): Promise<string> {
  const animated = options.encoding === "webp";
  const type = await assertImageWithin(buffer, options.maxPixels, { frames: animated });
  let files: { name: string; bytes: Buffer }[];
  try {
    const decoded = sharp(buffer, {
      failOn: "error",
      animated: animated && (type === "gif" || type === "webp"),
      // Also given to every decode: sharp then refuses anything larger however the header was read.
      limitInputPixels: options.maxPixels,
    }).rotate();
    files = await encodeUpload(decoded, type, options);
  } catch {
    throw UNREADABLE_IMAGE();
  }
  const written: string[] = [];
  try {
    for (const file of files) {
      await putImage(`${folder}/${file.name}`, file.bytes);
      written.push(`${folder}/${file.name}`);
    }
  } catch (error) {
    await Promise.all(written.map((key) => removeImage(key)));
    throw error;
  }
  return `uploads/${folder}/${files[0]!.name}`;
}

/**
 * Removes a file stored by storeUploadedImage, every width of it when its name is one of `widths`
 * (`abc-800.webp`); anything that is not such a path is ignored.
 */
export async function removeStoredUpload(
  relativePath: string | null | undefined,
  widths: readonly number[] = [],
): Promise<void> {
  if (!relativePath || !/^uploads\/[\w-]+\/[\w-]+\.(?:webp|jpg|png|gif)$/.test(relativePath))
    return;
  const sized = /^(.*)-(\d+)\.webp$/.exec(relativePath);
  const paths =
    sized && widths.includes(Number(sized[2]))
      ? widths.map((width) => `${sized[1]}-${width}.webp`)
      : [relativePath];
  await Promise.all(
    paths.map(async (stored) => {
      const key = keyOfUploadUrl(stored);
      if (key) await removeImage(key);
    }),
  );
}

/** Longest client file name accepted (bytes, as most file systems allow). */
export const MAX_FILE_NAME_BYTES = 255;

/**
 * multer `fileFilter` for every image upload: the stored name is always our own random one, but a
 * client name that tries a path (`../`, `/`, `\`), carries control characters or is absurdly long is
 * refused outright (400) rather than silently renamed.
 */
export function rejectUnsafeFileName(
  _req: unknown,
  file: { originalname: string },
  callback: (error: Error | null, accept?: boolean) => void,
): void {
  const name = file.originalname;
  const unsafe =
    name.includes("..") ||
    /[/\\]/.test(name) ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/.test(name) ||
    Buffer.byteLength(name) > MAX_FILE_NAME_BYTES;
  if (unsafe) callback(new HttpError(400, "Invalid file name", "INVALID_FILE_NAME"));
  else callback(null, true);
}
