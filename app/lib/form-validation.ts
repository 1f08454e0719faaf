/**
 * The one way every form checks its input, storefront and back office alike: with the API's own zod
 * schemas (contract/, free of mongoose) or schemas derived from them, so a form accepts exactly
 * what the server accepts and shows the server's messages. Type-only zod import: this module adds no
 * zod to a page; the schemas a form passes in do.
 */
import type { z } from "zod";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES } from "#contract/images";
import { ApiError, MESSAGES } from "./api-client";

export type FieldMessages = Record<string, string>;

/**
 * Validates `payload` with `schema`: the parsed value, or the first message of each field (the first
 * path segment; issues on other paths go under "root").
 */
export function checkWith<S extends z.ZodType>(
  schema: S,
  payload: unknown,
  fields: readonly string[],
): { ok: true; value: z.output<S> } | { ok: false; errors: FieldMessages } {
  const result = schema.safeParse(payload);
  if (result.success) return { ok: true, value: result.data };
  const errors: FieldMessages = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? "");
    errors[fields.includes(name) ? name : "root"] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * The server's `errors[]` ({path, message}, as the API's validation answers them) for the form's
 * fields: the first message per field (the first segment of its path). Without `fields`, every
 * field the server named (an admin action answers them all; the screen picks its own). `prefix`
 * drops a path's leading object (e.g. "shippingAddress." when the form is one part of the body).
 * Anything else (another error, other paths) gives {}.
 */
export function serverFieldErrors(
  error: unknown,
  fields?: readonly string[],
  prefix = "",
): FieldMessages {
  const errors: FieldMessages = {};
  if (!(error instanceof ApiError) || !error.errors) return errors;
  for (const issue of error.errors) {
    const path = String(issue.path ?? "");
    if (prefix && !path.startsWith(prefix)) continue;
    const name = path.slice(prefix.length).split(".")[0];
    if (name && (!fields || fields.includes(name))) errors[name] ??= issue.message;
  }
  return errors;
}

/**
 * For react-hook-form: validates `payload` with `schema`, puts each message on its form field, and
 * returns the parsed value, or null when invalid.
 */
export function validateInto<S extends z.ZodType, T extends FieldValues>(
  schema: S,
  payload: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): z.output<S> | null {
  const checked = checkWith(schema, payload, fields);
  if (checked.ok) return checked.value;
  for (const [name, message] of Object.entries(checked.errors))
    setError(name as Path<T>, { message });
  return null;
}

/** A file the server will accept (it checks the content again): jpeg, png, webp or gif, at most 5 MB. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type))
    return "Use a JPEG, PNG, WebP or GIF image";
  if (file.size > MAX_IMAGE_BYTES) return "The image is larger than 5 MB";
  return null;
}

/**
 * For a form checked by hand (`checkWith`): the schema fetched on first use, or null once
 * `onUnavailable` has been told the client's network message (its script did not arrive; the next
 * call tries again, as the browser does not keep a failed import).
 */
export async function schemaOrNetworkError<Schema>(
  load: () => Promise<Schema>,
  onUnavailable: (message: string) => void,
): Promise<Schema | null> {
  try {
    return await load();
  } catch {
    onUnavailable(MESSAGES.network);
    return null;
  }
}
