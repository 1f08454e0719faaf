import { buffer } from "node:stream/consumers";
import type { ImageStore } from "./image-store.js";

export interface CopyImagesResult {
  copied: number;
  /** Already in the target with the same size (a re-run copies only what is missing). */
  skipped: number;
  bytes: number;
}

/**
 * Copies every image of `from` (under `prefix`) into `to`, keeping keys, so /uploads URLs stay
 * valid: moving ./uploads into a bucket, or a bucket back to a folder. Objects already in `to`
 * with the same size are left alone, so an interrupted copy can simply be run again.
 */
export async function copyImages(
  from: ImageStore,
  to: ImageStore,
  options: { prefix?: string; dryRun?: boolean; log?: (line: string) => void } = {},
): Promise<CopyImagesResult> {
  const log = options.log ?? (() => {});
  const result: CopyImagesResult = { copied: 0, skipped: 0, bytes: 0 };
  for await (const image of from.list(options.prefix)) {
    const existing = await to.stat(image.key);
    if (existing && existing.size === image.size) {
      result.skipped += 1;
      continue;
    }
    if (!options.dryRun) {
      const source = await from.get(image.key);
      if (!source) continue; // removed since it was listed
      await to.put(image.key, await buffer(source.body));
    }
    result.copied += 1;
    result.bytes += image.size;
    if (result.copied % 100 === 0)
      log(
        `  ${result.copied} copied (${Math.round(result.bytes / 1024 / 1024)} MB), ${result.skipped} already there`,
      );
  }
  return result;
}
