import { pino, stdSerializers } from "pino";
import { getEnv } from "../env.js";

export const logger = pino({
  level: getEnv().LOG_LEVEL,
  redact: ["req.headers.authorization", "req.headers.cookie", "res.headers['set-cookie']"],
});

/** Query parameters that carry credentials (JWTs, tracking tokens, OAuth codes): never logged. */
const SECRET_QUERY_KEYS = new Set(["token", "jwt", "code", "state", "otp", "access_token"]);

/** The URL with the values of credential-carrying query parameters replaced. */
export function redactUrl(url: string): string {
  const mark = url.indexOf("?");
  if (mark < 0) return url;
  const params = new URLSearchParams(url.slice(mark + 1));
  let redacted = false;
  for (const key of new Set(params.keys()))
    if (SECRET_QUERY_KEYS.has(key.toLowerCase())) {
      params.set(key, "REDACTED");
      redacted = true;
    }
  return redacted ? `${url.slice(0, mark)}?${params.toString()}` : url;
}

/** pino-http's request serializer, with credentials taken out of the logged URL and query. */
export const requestLogSerializer = stdSerializers.wrapRequestSerializer((req) => {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const safeQuery = Object.fromEntries(
    Object.entries(query).map(([key, value]) => [
      key,
      SECRET_QUERY_KEYS.has(key.toLowerCase()) ? "REDACTED" : value,
    ]),
  );
  return { ...req, url: redactUrl(req.url), query: safeQuery } as typeof req;
});
