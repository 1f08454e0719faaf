/**
 * `ApiError`, every failure of the client: `{ message, status, code?, errors?, data?, flags }`. `status`
 * 0 means the request never got an answer (network failure or timeout). `flags`: `isGuestCheckout`
 * (401 in a guest or checkout context, no redirect), `isGuestOrderDetails` (401 on a guest order-detail
 * request), `redirectedToLogin` (401 elsewhere: token removed, browser sent to /login), `authRequired`
 * (refused client-side with 'Authentication required'), `timeout`.
 */
export interface ApiErrorFlags {
  isGuestCheckout?: boolean;
  isGuestOrderDetails?: boolean;
  redirectedToLogin?: boolean;
  authRequired?: boolean;
  timeout?: boolean;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly errors?: { path: string; message: string }[];
  readonly data?: unknown;
  readonly flags: ApiErrorFlags;

  constructor(
    message: string,
    status: number,
    extra: {
      code?: string;
      errors?: { path: string; message: string }[];
      data?: unknown;
      flags?: ApiErrorFlags;
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = extra.code;
    this.errors = extra.errors;
    this.data = extra.data;
    this.flags = extra.flags ?? {};
  }
}

/** The server's message in an error answer (`message`, else `error`). */
export function serverMessage(data: unknown): string | undefined {
  if (data && typeof data === "object") {
    const record = data as Record<string, unknown>;
    if (typeof record.message === "string" && record.message) return record.message;
    if (typeof record.error === "string" && record.error) return record.error;
  }
  return undefined;
}

/** An ApiError from an error answer: the server's message, code and field errors. */
export function errorFromResponse(status: number, data: unknown, message?: string): ApiError {
  const record = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
  return new ApiError(message ?? serverMessage(data) ?? `Request failed (${status})`, status, {
    code: typeof record.code === "string" ? record.code : undefined,
    errors: Array.isArray(record.errors)
      ? (record.errors as { path: string; message: string }[])
      : undefined,
    data,
  });
}
