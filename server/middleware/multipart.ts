import { MIMEType } from "node:util";
import type { Request, RequestHandler } from "express";
import multer from "multer";
import { HttpError, badRequest } from "../lib/http-error.js";
import { rejectOperatorKeys } from "./error-handler.js";
import { rejectUnsafeFileName } from "../lib/images.js";
import { MAX_IMAGE_BYTES } from "#contract/images";

export const MULTIPART_WITHOUT_BOUNDARY_MESSAGE =
  "Malformed multipart body: the Content-Type header must carry a boundary, e.g. multipart/form-data; boundary=...";

function hasBoundary(contentType: string): boolean {
  try {
    return Boolean(new MIMEType(contentType).params.get("boundary"));
  } catch {
    return false; // unparsable: no usable boundary either
  }
}

/**
 * Every upload route's multer (busboy) throws "Multipart: Boundary not found" while it builds its
 * parser, before any error callback, when a multipart Content-Type has no boundary: that was a 500.
 * Refused here once, for every route, before any of them parses the body.
 */
export const requireMultipartBoundary: RequestHandler = (req, _res, next) => {
  const contentType = req.headers["content-type"];
  if (contentType && /^\s*multipart\//i.test(contentType) && !hasBoundary(contentType))
    throw new HttpError(400, MULTIPART_WITHOUT_BOUNDARY_MESSAGE, "MALFORMED_MULTIPART");
  next();
};

export interface ImageUploadOptions {
  /** The form fields that may carry a file, and how many files each. */
  fields: { name: string; maxCount: number }[];
  /** Files in all fields together; default: the sum of the fields' counts. */
  maxFiles?: number;
  /** Text fields the form may have. */
  maxFields: number;
  /** Longest text field, in bytes (default 16 KB). */
  maxFieldBytes?: number;
  /** The 400's message for too many files or a file in another field (default: multer's own). */
  tooManyFilesMessage?: string;
}

export interface FileUploadOptions extends ImageUploadOptions {
  /** Largest file, in bytes (413 beyond). */
  maxFileBytes: number;
  /** The 413's message (default "File too large"). */
  fileTooLargeMessage?: string;
}

/**
 * The one way the shop receives image files (product images, popup images, bulk-order designs):
 * in memory (each is checked by content, then re-encoded or stored by the image store), at most
 * MAX_IMAGE_BYTES each (413), client file names that try a path refused (400), text fields with
 * operator keys or NUL characters refused as in a JSON body (400).
 */
export function imageUpload(options: ImageUploadOptions): RequestHandler {
  return fileUpload({ ...options, maxFileBytes: MAX_IMAGE_BYTES });
}

/**
 * Any upload: files in memory, at most `maxFileBytes` each (413), the same guards on file names and
 * text fields as images (imageUpload). What a file holds is its route's to check.
 */
export function fileUpload(options: FileUploadOptions): RequestHandler {
  const receive = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: options.maxFileBytes,
      files: options.maxFiles ?? options.fields.reduce((sum, field) => sum + field.maxCount, 0),
      fields: options.maxFields,
      fieldSize: options.maxFieldBytes ?? 16 * 1024,
    },
    // Keep the client name whole (busboy would cut it to its last segment) so a path is refused.
    preservePath: true,
    fileFilter: rejectUnsafeFileName,
  }).fields(options.fields);
  return (req, res, next) => {
    receive(req, res, (error: unknown) => {
      if (
        options.tooManyFilesMessage &&
        error instanceof multer.MulterError &&
        (error.code === "LIMIT_FILE_COUNT" || error.code === "LIMIT_UNEXPECTED_FILE")
      ) {
        next(badRequest(options.tooManyFilesMessage));
        return;
      }
      if (
        options.fileTooLargeMessage &&
        error instanceof multer.MulterError &&
        error.code === "LIMIT_FILE_SIZE"
      ) {
        next(new HttpError(413, options.fileTooLargeMessage, "FILE_TOO_LARGE"));
        return;
      }
      if (error) {
        next(error);
        return;
      }
      // The text fields exist only now (multer builds objects from bracket names: `name[$ne]`),
      // after the API's operator-key guard saw no body: the same guard, the same 400.
      try {
        rejectOperatorKeys(req, res, next);
      } catch (refusal) {
        next(refusal);
      }
    });
  };
}

/** The bytes of the files imageUpload received in these fields, in the order the fields are named. */
export function uploadedImages(req: Request, ...fieldNames: string[]): Buffer[] {
  const files = req.files as Record<string, Express.Multer.File[] | undefined> | undefined;
  return fieldNames.flatMap((name) => files?.[name] ?? []).map((file) => file.buffer);
}
