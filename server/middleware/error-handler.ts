import type { ErrorRequestHandler, RequestHandler } from "express";
import mongoose from "mongoose";
import multer from "multer";
import { ZodError } from "zod";
import { HttpError, type FieldError } from "../lib/http-error.js";

interface ErrorAnswer {
  status: number;
  message: string;
  code?: string;
  errors?: FieldError[];
}

function isDuplicateKey(
  error: unknown,
): error is { code: number; keyValue?: Record<string, unknown> } {
  return (
    typeof error === "object" && error !== null && (error as { code?: unknown }).code === 11000
  );
}

/** Maps every known failure to the contract's error shape; anything else is a logged 500. */
export function toErrorAnswer(error: unknown): ErrorAnswer | undefined {
  if (error instanceof HttpError)
    return { status: error.status, message: error.message, code: error.code, errors: error.errors };
  if (error instanceof ZodError)
    return {
      status: 400,
      message: "Invalid input",
      code: "VALIDATION_ERROR",
      errors: error.issues.map((issue) => ({
        path: issue.path.join("."),
        message: issue.message,
      })),
    };
  if (error instanceof mongoose.Error.CastError)
    return { status: 400, message: `Invalid ${error.path}`, code: "INVALID_ID" };
  if (error instanceof mongoose.Error.ValidationError)
    return {
      status: 400,
      message: "Invalid input",
      code: "VALIDATION_ERROR",
      errors: Object.entries(error.errors).map(([path, issue]) => ({
        path,
        message: issue.message,
      })),
    };
  // FerretDB (SQLite) reports a unique index broken by an UPDATE without code 11000, as
  // "UNIQUE constraint failed: index '<collection>_<hash>_<field>_1'": the same 409 (was a 500).
  const sqliteUnique = /UNIQUE constraint failed: index '.*?_[0-9a-f]{8}_([\w.]+?)_-?1'/.exec(
    (error as Error | undefined)?.message ?? "",
  );
  if (sqliteUnique)
    return { status: 409, message: `${sqliteUnique[1]} already exists`, code: "DUPLICATE" };
  if (isDuplicateKey(error)) {
    const field = Object.keys(error.keyValue ?? {})[0];
    return {
      status: 409,
      message: field ? `${field} already exists` : "Already exists",
      code: "DUPLICATE",
    };
  }
  if (error instanceof multer.MulterError) {
    if (error.code === "LIMIT_FILE_SIZE")
      return { status: 413, message: "File too large", code: "FILE_TOO_LARGE" };
    return { status: 400, message: error.message, code: error.code };
  }
  // A multipart body busboy cannot parse (e.g. a NUL in a file name: "Malformed part header");
  // multer marks the errors it passes on from the upload with `storageErrors`.
  if (Array.isArray((error as { storageErrors?: unknown })?.storageErrors))
    return { status: 400, message: "Malformed multipart body", code: "MALFORMED_MULTIPART" };
  // body-parser errors carry `type` and `status`.
  const parserError = error as { type?: string; status?: number };
  if (parserError?.type === "entity.parse.failed")
    return { status: 400, message: "Malformed JSON body", code: "MALFORMED_JSON" };
  if (parserError?.type === "entity.too.large")
    return { status: 413, message: "Request body too large", code: "BODY_TOO_LARGE" };
  if (
    typeof parserError?.status === "number" &&
    parserError.status >= 400 &&
    parserError.status < 500
  )
    return { status: parserError.status, message: (error as Error).message };
  return undefined;
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const answer = toErrorAnswer(error);
  if (!answer) {
    req.log?.error({ err: error }, "unhandled error");
    res
      .status(500)
      .json({ message: "An error occurred. Please try again later.", code: "INTERNAL" });
    return;
  }
  if (answer.status >= 500) req.log?.error({ err: error }, "server error");
  const { status, ...body } = answer;
  res.status(status).json(body);
};

export const apiNotFound: RequestHandler = (req, res) => {
  const path = req.originalUrl.split("?")[0];
  res.status(404).json({ message: `No route for ${req.method} ${path}`, code: "NOT_FOUND" });
};

function hasOperatorKey(value: unknown, depth = 0): boolean {
  if (depth > 20 || value === null || typeof value !== "object") return false;
  return Object.entries(value as Record<string, unknown>).some(
    // `$gt`, `a.$b`, and `a[$gt]` (a query string the parser left flat).
    ([key, inner]) => /(^|[.[])\$/.test(key) || hasOperatorKey(inner, depth + 1),
  );
}

/**
 * A second wall behind zod: MongoDB operator keys (`$gt`, `$where`, ...) never reach a query,
 * whatever a route's schema says.
 */
export const rejectOperatorKeys: RequestHandler = (req, _res, next) => {
  if (hasOperatorKey(req.body) || hasOperatorKey(req.query))
    throw new HttpError(400, "Invalid input: operator keys are not allowed", "OPERATOR_REJECTED");
  if (hasNulCharacter(req.body) || hasNulCharacter(req.query))
    throw new HttpError(400, "Invalid input: NUL characters are not allowed", "NUL_REJECTED");
  next();
};

/**
 * A NUL character has no place in any field of the shop, and the database refuses it inside a
 * regular expression (a search for "%00" was a 500): refused up front like operator keys.
 */
function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 20 || value === null || typeof value !== "object") return false;
  return Object.entries(value as Record<string, unknown>).some(
    ([key, inner]) => key.includes("\u0000") || hasNulCharacter(inner, depth + 1),
  );
}
