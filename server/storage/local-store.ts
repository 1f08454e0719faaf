import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  assertImageKey,
  contentTypeOfKey,
  isImageKey,
  type ImageBody,
  type ImageStore,
  type StoredImage,
} from "./image-store.js";

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/** Images as files under one folder (UPLOADS_DIR): the embedded default, one instance per disk. */
export class LocalImageStore implements ImageStore {
  readonly kind = "local";
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  get description(): string {
    return `folder ${this.root}`;
  }

  /** The file of a key; keys never hold `..` or a leading `/`, so it stays under the root. */
  pathOf(key: string): string {
    return path.join(this.root, ...assertImageKey(key).split("/"));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file. Dot names are never served.
    const partial = path.join(path.dirname(file), `.partial-${randomBytes(6).toString("hex")}`);
    try {
      await writeFile(partial, body);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<StoredImage | undefined> {
    try {
      const info = await stat(this.pathOf(key));
      if (!info.isFile()) return undefined;
      return {
        key,
        size: info.size,
        contentType: contentTypeOfKey(key),
        lastModified: info.mtime,
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async get(key: string): Promise<ImageBody | undefined> {
    const info = await this.stat(key);
    if (!info) return undefined;
    return { ...info, body: createReadStream(this.pathOf(key)) };
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async *list(prefix = ""): AsyncIterable<StoredImage> {
    let entries: string[];
    try {
      entries = await readdir(this.root, { recursive: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = entry.split(path.sep).join("/");
      if (!key.startsWith(prefix) || !isImageKey(key)) continue;
      const info = await this.stat(key);
      if (info) yield info;
    }
  }
}
