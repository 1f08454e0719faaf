import path from "node:path";
import { pipeline } from "node:stream";
import express, { type RequestHandler, type Response } from "express";
import { HttpError } from "../lib/http-error.js";
import {
  cacheControlOfKey,
  contentTypeOfKey,
  isRasterImageKey,
  type ImageStore,
  type StoredImage,
} from "./image-store.js";
import { LocalImageStore } from "./local-store.js";

/**
 * How long a browser keeps the redirect to the public URL: a day, so a changed S3_PUBLIC_URL
 * reaches every browser within one; the image itself is cached as its own headers say.
 */
export const PUBLIC_URL_REDIRECT_CACHE_CONTROL = "public, max-age=86400";

const STORE_UNAVAILABLE = () =>
  new HttpError(503, "Images are not available right now", "STORAGE_UNAVAILABLE");

/**
 * The key of a request under /uploads (`/products/a.webp` → `products/a.webp`), if it names a
 * raster image: anything else (an SVG, a page, a script) is never served, whatever is stored there.
 */
function keyOfRequestPath(requestPath: string): string | undefined {
  let key: string;
  try {
    key = decodeURIComponent(requestPath.replace(/^\//, ""));
  } catch {
    return undefined;
  }
  return isRasterImageKey(key) ? key : undefined;
}

/**
 * An uploaded image is never run as a page, even if its bytes were one (a file copied into the
 * store by hand): its own type only (nosniff), and opened on its own it gets no script, no
 * requests and a unique origin (sandbox). Pages showing it in an <img> are not affected.
 */
const UPLOAD_CONTENT_SECURITY_POLICY = "default-src 'none'; sandbox";

function setUploadSafetyHeaders(res: Response): void {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", UPLOAD_CONTENT_SECURITY_POLICY);
}

function setImageHeaders(res: Response, image: StoredImage): void {
  res.setHeader("Content-Type", contentTypeOfKey(image.key));
  res.setHeader("Content-Length", String(image.size));
  res.setHeader("Cache-Control", cacheControlOfKey(image.key));
  res.setHeader("Last-Modified", image.lastModified.toUTCString());
  if (image.etag) res.setHeader("ETag", image.etag);
  setUploadSafetyHeaders(res);
}

/** The bytes from the store, through the shop, with the local folder's headers (and 304s). */
function streamFromStore(store: ImageStore): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = keyOfRequestPath(req.path);
    if (!key) return next();
    const answer = async () => {
      if (req.method === "HEAD") {
        const image = await store.stat(key);
        if (!image) return next();
        setImageHeaders(res, image);
        res.status(req.fresh ? 304 : 200).end();
        return;
      }
      const image = await store.get(key);
      if (!image) return next();
      setImageHeaders(res, image);
      if (req.fresh) {
        image.body.destroy();
        res.status(304).end();
        return;
      }
      // A client that goes away mid-image ends the store's stream too (pipeline destroys both).
      pipeline(image.body, res, (error) => {
        if (error && !res.headersSent) next(STORE_UNAVAILABLE());
      });
    };
    answer().catch((error: unknown) => {
      req.log?.error({ err: error, key }, "image store read failed");
      next(STORE_UNAVAILABLE());
    });
  };
}

/** /uploads/<key> → the same key at the store's public address (a public bucket or a CDN). */
function redirectToPublicUrl(publicUrl: string): RequestHandler {
  const base = publicUrl.endsWith("/") ? publicUrl : `${publicUrl}/`;
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = keyOfRequestPath(req.path);
    if (!key) return next();
    res.setHeader("Cache-Control", PUBLIC_URL_REDIRECT_CACHE_CONTROL);
    res.redirect(302, new URL(key, base).toString());
  };
}

/** The local folder as static files, raster images only. */
function serveFolder(root: string): RequestHandler {
  const serveStatic = express.static(root, {
    maxAge: "7d",
    index: false,
    dotfiles: "deny",
    setHeaders: (res, filePath) => {
      res.setHeader("Cache-Control", cacheControlOfKey(path.basename(filePath)));
      setUploadSafetyHeaders(res);
    },
  });
  return (req, res, next) => (keyOfRequestPath(req.path) ? serveStatic(req, res, next) : next());
}

/**
 * What answers /uploads/*: the local folder as static files, the bucket streamed through the shop,
 * or a redirect to the bucket's public URL when one is configured. Same URLs and headers whichever
 * it is; only raster images are served, and a missing one falls through (the caller answers 404).
 */
export function serveUploads(store: ImageStore, options: { publicUrl?: string } = {}) {
  if (options.publicUrl) return redirectToPublicUrl(options.publicUrl);
  if (store instanceof LocalImageStore) return serveFolder(store.root);
  return streamFromStore(store);
}
