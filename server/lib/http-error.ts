export interface FieldError {
  path: string;
  message: string;
}

/** The one error type services throw; error-handler.ts turns it into the contract's error shape. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new HttpError(400, message, "BAD_REQUEST", errors);
export const unauthorized = (message = "Authentication required") =>
  new HttpError(401, message, "UNAUTHORIZED");
export const forbidden = (
  message = "Access denied - admin privileges required",
  code = "FORBIDDEN",
) => new HttpError(403, message, code);
export const notFound = (message = "Not found") => new HttpError(404, message, "NOT_FOUND");
export const conflict = (message: string, code = "CONFLICT") => new HttpError(409, message, code);
export const tooManyRequests = (message: string) => new HttpError(429, message, "RATE_LIMITED");
