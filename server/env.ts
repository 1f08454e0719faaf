import { z } from "zod";

/**
 * Every environment variable the shop reads, parsed once. Nothing else reads process.env.
 * Defaults are safe for local development; production refuses the development secrets.
 */
const DEV_JWT_SECRET = "dev-only-jwt-secret-change-me-0123456789";
const DEV_COOKIE_SECRET = "dev-only-cookie-secret-change-me-0123456789";

const boolish = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");
const optionalUrl = z.url().optional();

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(5454),
    HOST: z.string().default("0.0.0.0"),
    PUBLIC_URL: z.url().default("http://localhost:5454"),
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    MONGODB_URI: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, "must start with mongodb:// or mongodb+srv://")
      .optional(),
    DATA_DIR: z.string().default("./data"),
    UPLOADS_DIR: z.string().default("./uploads"),
    SEED_ON_START: boolish.default(true),
    // Serve the storefront through Vite's dev server (hot reload) instead of the built bundle.
    DEV_SERVER: boolish.default(false),
    JWT_SECRET: z.string().min(32).default(DEV_JWT_SECRET),
    COOKIE_SECRET: z.string().min(32).default(DEV_COOKIE_SECRET),
    ADMIN_EMAIL: z.email().default("admin@tweest.local"),
    ADMIN_PASSWORD: z.string().min(8).default("admin12345"),
    GTM_ID: z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/)
      .optional(),
    // Google sign-in; endpoints are configurable so tests can point at a local OpenID provider.
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_AUTH_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
    GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
    GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
    GOOGLE_ISSUERS: z.string().default("https://accounts.google.com,accounts.google.com"),
    // Where Google sends the browser back; default PUBLIC_URL + /auth/google/callback.
    GOOGLE_REDIRECT_URI: optionalUrl,
    // Rate limits of sign-in, sign-up and OTP (shared by all instances through MongoDB).
    AUTH_RATE_LIMIT_IP_PER_15_MIN: z.coerce.number().int().min(1).default(50),
    AUTH_RATE_LIMIT_ACCOUNT_PER_15_MIN: z.coerce.number().int().min(1).default(10),
    OTP_RATE_LIMIT_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
    // Payments, courier and SMS: absent credentials mean the safe local default.
    SSLCOMMERZ_STORE_ID: z.string().optional(),
    SSLCOMMERZ_STORE_PASSWD: z.string().optional(),
    SSLCOMMERZ_BASE_URL: z.url().default("https://sandbox.sslcommerz.com"),
    BKASH_APP_KEY: z.string().optional(),
    BKASH_APP_SECRET: z.string().optional(),
    BKASH_USERNAME: z.string().optional(),
    BKASH_PASSWORD: z.string().optional(),
    BKASH_BASE_URL: z.url().default("https://tokenized.sandbox.bka.sh/v1.2.0-beta"),
    PATHAO_CLIENT_ID: z.string().optional(),
    PATHAO_CLIENT_SECRET: z.string().optional(),
    PATHAO_USERNAME: z.string().optional(),
    PATHAO_PASSWORD: z.string().optional(),
    PATHAO_STORE_ID: z.coerce.number().int().optional(),
    PATHAO_BASE_URL: z.url().default("https://courier-api-sandbox.pathao.com"),
    PATHAO_WEBHOOK_SECRET: z.string().optional(),
    // BulkSMSBD-compatible gateway, e.g. http://bulksmsbd.net
    SMS_BASE_URL: optionalUrl,
    SMS_API_KEY: z.string().optional(),
    SMS_SENDER_ID: z.string().optional(),
    // Order emails over SMTP, e.g. smtp://user:pass@host:587; unset: email is off.
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    EMAIL_FROM: z.string().default("Tweest <orders@tweest.local>"),
    DELIVERY_INSIDE_DHAKA: z.coerce.number().int().min(0).default(60),
    DELIVERY_OUTSIDE_DHAKA: z.coerce.number().int().min(0).default(120),
    FREE_DELIVERY_THRESHOLD: z.coerce.number().int().min(0).default(3000),
    TAX_RATE_PERCENT: z.coerce.number().min(0).max(100).default(0),
    // Bearer token of GET /metrics (Prometheus); unset: /metrics answers 401 to everyone.
    METRICS_TOKEN: z.string().min(24).optional(),
    PENDING_ORDER_TTL_MINUTES: z.coerce.number().int().min(1).default(30),
    // HTTP server timeouts (server/http-server.ts): keep-alive outlasts a load balancer's 60 s idle.
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(65_000),
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(66_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  })
  .superRefine((env, ctx) => {
    if (env.HTTP_HEADERS_TIMEOUT_MS <= env.HTTP_KEEP_ALIVE_TIMEOUT_MS)
      ctx.addIssue({
        code: "custom",
        path: ["HTTP_HEADERS_TIMEOUT_MS"],
        message: "must be greater than HTTP_KEEP_ALIVE_TIMEOUT_MS",
      });
    if (env.HTTP_REQUEST_TIMEOUT_MS < env.HTTP_HEADERS_TIMEOUT_MS)
      ctx.addIssue({
        code: "custom",
        path: ["HTTP_REQUEST_TIMEOUT_MS"],
        message: "must be at least HTTP_HEADERS_TIMEOUT_MS",
      });
    if (env.NODE_ENV !== "production") return;
    if (env.JWT_SECRET === DEV_JWT_SECRET)
      ctx.addIssue({ code: "custom", path: ["JWT_SECRET"], message: "must be set in production" });
    if (env.COOKIE_SECRET === DEV_COOKIE_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["COOKIE_SECRET"],
        message: "must be set in production",
      });
  });

export type Env = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {
  constructor(
    readonly variables: string[],
    details: string,
  ) {
    super(`Invalid configuration: ${details}`);
    this.name = "ConfigError";
  }
}

/** Parses a set of variables; empty strings count as unset so `.env` lines like `FOO=` keep defaults. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const variables = result.error.issues.map((issue) => String(issue.path[0]));
  const details = result.error.issues
    .map((issue) => `${String(issue.path[0])}: ${issue.message}`)
    .join("; ");
  throw new ConfigError(variables, details);
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Tests change variables between cases; this forgets the parsed copy. */
export function resetEnvForTests(): void {
  cached = undefined;
}
