import { Readable } from "node:stream";
import type * as S3SdkModule from "@aws-sdk/client-s3";
import type { S3Client } from "@aws-sdk/client-s3";
import {
  assertImageKey,
  cacheControlOfKey,
  contentTypeOfKey,
  isImageKey,
  type ImageBody,
  type ImageStore,
  type StoredImage,
} from "./image-store.js";

export interface S3StoreConfig {
  bucket: string;
  region: string;
  /** Unset: AWS S3 itself. R2: https://<account>.r2.cloudflarestorage.com; MinIO: http://host:9000. */
  endpoint?: string;
  /** `bucket` in the path instead of the host name (MinIO and most self-hosted stores need it). */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain (environment, shared config, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Keys are stored under this folder of the bucket (e.g. `shop/`), so a bucket can be shared. */
  prefix: string;
}

type S3Sdk = typeof S3SdkModule;
let loadedSdk: Promise<S3Sdk> | undefined;

/**
 * The SDK on first use: it costs most of a second to load, which every process that starts the
 * server (each test file among them) would pay on a shop that keeps its images on disk.
 */
function s3Sdk(): Promise<S3Sdk> {
  loadedSdk ??= import("@aws-sdk/client-s3");
  return loadedSdk;
}

/**
 * A missing object: GetObject says NoSuchKey, HeadObject (no body to say it in) NotFound / 404.
 * A missing bucket is a configuration fault, not a missing image (GetObject tells them apart).
 */
function isNotFound(sdk: S3Sdk, error: unknown): boolean {
  if (!(error instanceof sdk.S3ServiceException) || error.name === "NoSuchBucket") return false;
  return (
    error.name === "NoSuchKey" ||
    error.name === "NotFound" ||
    error.$metadata.httpStatusCode === 404
  );
}

/** The ETag as HTTP wants it (quoted); some stores send it bare. */
function quotedEtag(etag: string | undefined): string | undefined {
  if (!etag) return undefined;
  return etag.startsWith('"') || etag.startsWith('W/"') ? etag : `"${etag}"`;
}

/** Images in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…): shared by every instance. */
export class S3ImageStore implements ImageStore {
  readonly kind = "s3";
  readonly bucket: string;
  readonly prefix: string;
  private readonly endpoint: string | undefined;
  private readonly config: S3StoreConfig;
  private connected: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;

  constructor(config: S3StoreConfig) {
    this.config = config;
    this.bucket = config.bucket;
    this.prefix = config.prefix;
    this.endpoint = config.endpoint;
  }

  /** The SDK and its client, made on first use. */
  private connection(): Promise<{ sdk: S3Sdk; client: S3Client }> {
    this.connected ??= s3Sdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.config.region,
        endpoint: this.config.endpoint,
        forcePathStyle: this.config.forcePathStyle,
        credentials: this.config.credentials,
        // Checksums only where S3 requires them: R2, MinIO and other S3-compatible stores do not all
        // accept the newer default (CRC32 trailers on every upload).
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        maxAttempts: 3,
      }),
    }));
    return this.connected;
  }

  get description(): string {
    return `bucket ${this.bucket}${this.prefix ? `/${this.prefix}` : ""}${this.endpoint ? ` at ${this.endpoint}` : ""}`;
  }

  private objectKey(key: string): string {
    return this.prefix + assertImageKey(key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const { sdk, client } = await this.connection();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: body,
        ContentLength: body.length,
        ContentType: contentTypeOfKey(key),
        // Served as is by a public bucket or a CDN in front of it: the same header as the shop's.
        CacheControl: cacheControlOfKey(key),
      }),
    );
  }

  async stat(key: string): Promise<StoredImage | undefined> {
    const { sdk, client } = await this.connection();
    try {
      const head = await client.send(
        new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? contentTypeOfKey(key),
        lastModified: head.LastModified ?? new Date(0),
        etag: quotedEtag(head.ETag),
      };
    } catch (error) {
      if (isNotFound(sdk, error)) return undefined;
      throw error;
    }
  }

  async get(key: string): Promise<ImageBody | undefined> {
    const { sdk, client } = await this.connection();
    try {
      const object = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      if (!(object.Body instanceof Readable)) throw new Error("The store answered without a body");
      return {
        key,
        size: object.ContentLength ?? 0,
        contentType: object.ContentType ?? contentTypeOfKey(key),
        lastModified: object.LastModified ?? new Date(0),
        etag: quotedEtag(object.ETag),
        body: object.Body,
      };
    } catch (error) {
      if (isNotFound(sdk, error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { sdk, client } = await this.connection();
    await client.send(
      new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
    );
  }

  async *list(prefix = ""): AsyncIterable<StoredImage> {
    const { sdk, client } = await this.connection();
    let continuationToken: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.prefix + prefix,
          ContinuationToken: continuationToken,
        }),
      );
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(this.prefix.length) ?? "";
        if (!object.Key?.startsWith(this.prefix) || !isImageKey(key)) continue;
        yield {
          key,
          size: object.Size ?? 0,
          contentType: contentTypeOfKey(key),
          lastModified: object.LastModified ?? new Date(0),
          etag: quotedEtag(object.ETag),
        };
      }
      continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (continuationToken);
  }
}
