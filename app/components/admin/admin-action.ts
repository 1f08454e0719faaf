/**
 * The one way a back-office screen changes data: the screen submits an intent through a fetcher
 * (`useAdminAction`), its route's `clientAction` reads it (`readSubmission`) and runs the API call
 * through `runAdminAction`, which shows the toast and answers what the screen needs (ok, or the
 * server's message and field errors). React Router then loads the screen's data again after a
 * success; a refusal answers with its 4xx status, so nothing is loaded again (nothing changed).
 */
import { useEffect, useRef } from "react";
import { data, useFetcher } from "react-router";
import { toast } from "sonner";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { z } from "zod";
import { ApiError, errorMessage } from "~/lib/api-client";
import { serverFieldErrors } from "~/lib/form-validation";
import { serverText } from "./admin-i18n";

/** What a clientAction answers a mutation with (the fetcher's `data`). */
export type AdminActionResult =
  | { ok: true; message: string; answer: unknown }
  | {
      ok: false;
      message: string;
      status: number;
      code?: string;
      /** The first message per field (the first segment of each error's path). */
      fieldErrors: Record<string, string>;
      /** Every error the server listed, with its whole path (nested forms). */
      errors: { path: string; message: string }[];
    };

/** An intent as a clientAction receives it: its name, the row it acts on, and the rest. */
export interface Submission {
  intent: string;
  id: string;
  /** A JSON submission's `body`, or a multipart submission's form without `intent` and `id`. */
  body: unknown;
}

/** Reads what `useAdminAction` submitted: JSON (`{intent, id, body}`) or a multipart form. */
export async function readSubmission(request: Request): Promise<Submission> {
  if ((request.headers.get("Content-Type") ?? "").includes("application/json")) {
    const json = ((await request.json()) ?? {}) as Partial<Submission>;
    return { intent: String(json.intent ?? ""), id: String(json.id ?? ""), body: json.body };
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  // The rest goes to the API as it is: the server refuses fields it does not know.
  form.delete("intent");
  form.delete("id");
  return { intent, id, body: form };
}

/**
 * Parses a submitted body with the form's own schema (the one the API declares); a body that does not
 * fit is refused like the server would refuse it (400, "Invalid input", the messages per field).
 */
export function parseSubmitted<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new ApiError("Invalid input", 400, {
    code: "VALIDATION",
    errors: result.error.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.message,
    })),
  });
}

/** A multipart submission's form (with its files); anything else is refused as the server would. */
export function submittedForm(body: unknown): FormData {
  if (body instanceof FormData) return body;
  throw new ApiError("Malformed multipart body", 400, { code: "MALFORMED_MULTIPART" });
}

/**
 * A show/hide submission (`{isActive}`) as the multipart form the upload endpoints take: only
 * `isActive` changes, as "true" or "false".
 */
export function activeFlagForm(body: unknown): FormData {
  const form = new FormData();
  form.set("isActive", String((body as { isActive?: unknown } | undefined)?.isActive === true));
  return form;
}

/**
 * For a route's clientAction: runs `action`, toasts the server's `message` (else `success`, or what
 * `success` makes of the answer) and answers `{ok: true}`; a failure toasts the server's message and
 * answers it with its field errors and status (a request that got no answer, or a failure in the
 * browser, counts as 503: React Router only needs to know that nothing changed).
 */
export async function runAdminAction(
  action: () => Promise<unknown>,
  success: string | ((answer: unknown) => string),
) {
  try {
    const answer = await action();
    const said = (answer as { message?: unknown } | null)?.message;
    const message =
      typeof success === "function"
        ? success(answer)
        : typeof said === "string" && said
          ? said
          : success;
    toast.success(serverText(message));
    return { ok: true, message, answer } satisfies AdminActionResult;
  } catch (error) {
    const message = errorMessage(error);
    toast.error(serverText(message));
    const status = error instanceof ApiError && error.status >= 400 ? error.status : 503;
    const result: AdminActionResult = {
      ok: false,
      message,
      status,
      code: error instanceof ApiError ? error.code : undefined,
      fieldErrors: serverFieldErrors(error),
      errors: error instanceof ApiError ? (error.errors ?? []) : [],
    };
    return data(result, { status });
  }
}

/** For a clientAction's intents it does not know (a stale page): refused, nothing changes. */
export function unknownIntent(intent: string) {
  return runAdminAction(() => Promise.reject(new ApiError(`Unknown action "${intent}"`, 400)), "");
}

/** Puts a failed action's field errors on the matching react-hook-form fields. */
export function showFieldErrors<T extends FieldValues>(
  result: AdminActionResult,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): void {
  if (result.ok) return;
  for (const [name, message] of Object.entries(result.fieldErrors))
    if (fields.includes(name)) setError(name as Path<T>, { message });
}

/**
 * A screen's side of an admin action: `submit(intent, {id, body})` (JSON) or `submitForm(form)`
 * (multipart, with `intent` and `id` fields) posts to the route's clientAction through a fetcher;
 * `pending` is true until the answer is in and the screen's data loaded again. `onSuccess` /
 * `onFailure` run once per answer, after that (an editor closes on success, shows field errors on a
 * refusal).
 */
export function useAdminAction(
  handlers: {
    onSuccess?: (result: Extract<AdminActionResult, { ok: true }>) => void;
    onFailure?: (result: Extract<AdminActionResult, { ok: false }>) => void;
  } = {},
) {
  const fetcher = useFetcher<AdminActionResult>();
  const latest = useRef(handlers);
  latest.current = handlers;
  const handled = useRef<AdminActionResult | undefined>(undefined);
  const result = fetcher.data;

  useEffect(() => {
    if (fetcher.state !== "idle" || !result || handled.current === result) return;
    handled.current = result;
    if (result.ok) latest.current.onSuccess?.(result);
    else latest.current.onFailure?.(result);
  }, [fetcher.state, result]);

  return {
    submit: (intent: string, fields: { id?: string; body?: unknown } = {}) =>
      fetcher.submit(
        // Undefined values are left out of JSON, as the API client leaves them out.
        JSON.parse(JSON.stringify({ intent, ...fields })) as Parameters<typeof fetcher.submit>[0],
        { method: "post", encType: "application/json" },
      ),
    submitForm: (form: FormData) =>
      fetcher.submit(form, { method: "post", encType: "multipart/form-data" }),
    pending: fetcher.state !== "idle",
    /** The JSON submission in flight, until the screen's data is loaded again (optimistic views). */
    submission:
      fetcher.state !== "idle" && fetcher.json && typeof fetcher.json === "object"
        ? (fetcher.json as Partial<Submission>)
        : undefined,
    result,
  };
}
