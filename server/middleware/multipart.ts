import { MIMEType } from "node:util";
import type { RequestHandler } from "express";
import { HttpError } from "../lib/http-error.js";

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
