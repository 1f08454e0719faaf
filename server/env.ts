import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { MAX_PASSWORD_BYTES } from "#contract/schemas/auth";
import { readRsaKey } from "./lib/rsa.js";

/**
 * Every environment variable the shop reads, parsed once. Nothing else reads process.env.
 * Defaults are safe for local development; production refuses the development secrets.
 */

/**
 * Secrets that were once the defaults and are published with the code: anyone could sign an admin
 * token with them. Refused in production and whenever the shop is reachable from another machine.
 */
export const PUBLISHED_SECRETS = [
  "dev-only-jwt-secret-change-me-0123456789",
  "dev-only-cookie-secret-change-me-0123456789",
];
/**
 * The demo admin password the README prints: refused in production and whenever other machines
 * can reach the shop.
 */
export const DEFAULT_ADMIN_PASSWORD = "admin12345";

export interface LocalSecrets {
  JWT_SECRET: string;
  COOKIE_SECRET: string;
}

const randomSecret = () => randomBytes(32).toString("base64url");

/** Per process, never written anywhere: what parseEnv gives unset secrets outside `npm start`. */
const processSecrets: LocalSecrets = { JWT_SECRET: randomSecret(), COOKIE_SECRET: randomSecret() };

/**
 * `npm start` on a laptop with no configuration: random secrets made on the first start and kept in
 * DATA_DIR/secrets.json (readable by the owner only), so sign-ins survive a restart.
 */
export function localSecretsFile(dataDir: string): LocalSecrets {
  const file = path.resolve(dataDir, "secrets.json");
  try {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Partial<LocalSecrets>;
    if (
      typeof stored.JWT_SECRET === "string" &&
      stored.JWT_SECRET.length >= 32 &&
      typeof stored.COOKIE_SECRET === "string" &&
      stored.COOKIE_SECRET.length >= 32
    )
      return { JWT_SECRET: stored.JWT_SECRET, COOKIE_SECRET: stored.COOKIE_SECRET };
  } catch {
    // Missing or unreadable: make new ones below.
  }
  const made = { JWT_SECRET: randomSecret(), COOKIE_SECRET: randomSecret() };
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return made;
}

/** The payment and courier variables whose base URL is a sandbox host while they are configured. */
export function sandboxHostsInUse(env: {
  SSLCOMMERZ_STORE_ID?: string;
  SSLCOMMERZ_BASE_URL: string;
  BKASH_APP_KEY?: string;
  BKASH_BASE_URL: string;
  NAGAD_MERCHANT_ID?: string;
  NAGAD_BASE_URL: string;
  PATHAO_CLIENT_ID?: string;
  PATHAO_BASE_URL: string;
  REDX_API_TOKEN?: string;
  REDX_BASE_URL: string;
}): string[] {
  const sandbox = (url: string) => /sandbox/i.test(new URL(url).hostname);
  return [
    env.SSLCOMMERZ_STORE_ID && sandbox(env.SSLCOMMERZ_BASE_URL) ? "SSLCOMMERZ_BASE_URL" : "",
    env.BKASH_APP_KEY && sandbox(env.BKASH_BASE_URL) ? "BKASH_BASE_URL" : "",
    env.NAGAD_MERCHANT_ID && sandbox(env.NAGAD_BASE_URL) ? "NAGAD_BASE_URL" : "",
    env.PATHAO_CLIENT_ID && sandbox(env.PATHAO_BASE_URL) ? "PATHAO_BASE_URL" : "",
    env.REDX_API_TOKEN && sandbox(env.REDX_BASE_URL) ? "REDX_BASE_URL" : "",
  ].filter(Boolean);
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

function isLoopback(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Whether another machine may reach this shop: listening beyond loopback, or a public address. */
export function reachableFromOtherMachines(env: { HOST: string; PUBLIC_URL: string }): boolean {
  return !isLoopback(env.HOST) || !isLoopback(new URL(env.PUBLIC_URL).hostname);
}

/**
 * Whether this start serves people other than the developer at the keyboard: production, or a
 * development start other machines can reach. Such a start refuses everything published with the
 * code (secrets, the admin password, the demo customer and promo codes). The test suite's own mode
 * (NODE_ENV=test, which points PUBLIC_URL at stub hosts and signs in with the demo admin) is not.
 */
export function servesOtherMachines(env: {
  NODE_ENV: string;
  HOST: string;
  PUBLIC_URL: string;
}): boolean {
  if (env.NODE_ENV === "production") return true;
  return env.NODE_ENV !== "test" && reachableFromOtherMachines(env);
}

/**
 * Where the server listens unless HOST says: every interface in production (a container, behind a
 * proxy); this machine only otherwise, so a development start with the demo's published sign-ins
 * is nobody else's to reach (`HOST=0.0.0.0` opens it, and then refuses them).
 */
function defaultHost(nodeEnv: string): string {
  return nodeEnv === "production" ? "0.0.0.0" : "127.0.0.1";
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, prefix, extra] = entry.split("/");
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address (X-Forwarded-For), as Express's `trust proxy`:
 * `off` (the default: the socket's address, nothing a client sends), a hop count, or a list of
 * proxy addresses / CIDR ranges. Trusting a proxy that is not there lets anyone choose the address
 * every per-client limit counts under.
 */
const TrustProxy = z
  .string()
  .trim()
  .default("off")
  .transform((value, ctx): false | number | string[] => {
    if (["off", "false", "0", "no"].includes(value.toLowerCase())) return false;
    if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: "custom",
      message:
        "must be off, a hop count (1-10), or a comma-separated list of proxy addresses or CIDR ranges (e.g. loopback, 10.0.0.0/8)",
    });
    return z.NEVER;
  });

/**
 * A key for AES-256-GCM: 32 random bytes written as base64 (`openssl rand -base64 32`) or as 64 hex
 * digits. Kept as the text given; server/lib/secret-box.ts turns it into bytes.
 */
const EncryptionKey = z
  .string()
  .trim()
  .refine((value) => encryptionKeyBytes(value) !== undefined, {
    message: "must be 32 random bytes as base64 (openssl rand -base64 32) or 64 hex digits",
  });

/** The 32 bytes of an encryption key written as 64 hex digits or base64; undefined for anything else. */
export function encryptionKeyBytes(value: string): Buffer | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return undefined;
  const bytes = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return bytes.length === 32 ? bytes : undefined;
}

const boolish = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");
const optionalUrl = z.url().optional();

/** An RSA key setting: unset or empty, or a key readRsaKey reads (a bad key stops the start). */
const rsaKeySetting = (kind: "private" | "public") =>
  z
    .string()
    .optional()
    .refine(
      (value) => {
        if (!value) return true;
        try {
          readRsaKey(value, kind);
          return true;
        } catch {
          return false;
        }
      },
      { message: `must be an RSA ${kind} key: a PEM, or its base64 body` },
    );

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(5454),
    // Unset: 0.0.0.0 in production, 127.0.0.1 otherwise (defaultHost).
    HOST: z.string().optional(),
    PUBLIC_URL: z.url().default("http://localhost:5454"),
    TRUST_PROXY: TrustProxy,
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
    MONGODB_URI: z
      .string()
      .regex(/^mongodb(\+srv)?:\/\//, "must start with mongodb:// or mongodb+srv://")
      .optional(),
    DATA_DIR: z.string().default("./data"),
    UPLOADS_DIR: z.string().default("./uploads"),
    // A folder where the demo seed keeps its rendered images to reuse them (the tests seed a fresh
    // shop per file); unset, the seed renders them each time it needs them.
    SEED_IMAGE_CACHE_DIR: z.string().optional(),
    // Where uploaded images live (docs/operations.md): `local` (UPLOADS_DIR) or `s3` (any
    // S3-compatible bucket: AWS S3, Cloudflare R2, MinIO), so several instances share them.
    IMAGE_STORAGE: z.enum(["local", "s3"]).default("local"),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().default("us-east-1"),
    // Unset: AWS S3. R2: https://<account>.r2.cloudflarestorage.com; MinIO: http://minio:9000.
    S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    S3_FORCE_PATH_STYLE: boolish.default(false),
    // Unset: the AWS SDK's own chain (AWS_* variables, shared config, instance or task role).
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    // A folder of the bucket for this shop's images, e.g. `tweest/` (a shared bucket).
    S3_PREFIX: z
      .string()
      .regex(/^(?:[\w-]+\/)*[\w-]+\/?$/, "must be folder names, e.g. tweest/ or shops/tweest/")
      .transform((value) => (value.endsWith("/") ? value : `${value}/`))
      .optional(),
    // The bucket's public address (a public bucket, R2's r2.dev / custom domain, or a CDN):
    // /uploads/<key> then redirects there. Unset: the shop streams images from the bucket.
    S3_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    SEED_ON_START: boolish.default(true),
    // Serve the storefront through Vite's dev server (hot reload) instead of the built bundle.
    DEV_SERVER: boolish.default(false),
    // The rendered-page cache of the public storefront pages (docs/performance.md, "Rendered-page
    // cache"): its memory in MB (0 turns it off), and the longest a page is served unchanged.
    PAGE_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
    PAGE_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    // Unset outside production: random ones (kept under DATA_DIR by `npm start`).
    JWT_SECRET: z.string().min(32).optional(),
    COOKIE_SECRET: z.string().min(32).optional(),
    // bcrypt work factor of new password hashes (the test suite lowers it for speed).
    BCRYPT_ROUNDS: z.coerce.number().int().min(4).max(15).default(12),
    ADMIN_EMAIL: z.email().default("admin@tweest.local"),
    ADMIN_PASSWORD: z
      .string()
      .min(8)
      .refine((value) => Buffer.byteLength(value) <= MAX_PASSWORD_BYTES, {
        message: `must be at most ${MAX_PASSWORD_BYTES} bytes`,
      })
      .default(DEFAULT_ADMIN_PASSWORD),
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
    // Failed sign-ins for one account over all addresses before each attempt is slowed down (never
    // refused: docs/security.md, "Sign-in lockout").
    AUTH_SLOW_DOWN_ACCOUNT_AFTER_PER_15_MIN: z.coerce.number().int().min(1).default(20),
    OTP_RATE_LIMIT_IP_PER_HOUR: z.coerce.number().int().min(1).default(30),
    // The public bulk-order form: requests per client address, and design files stored per day.
    BULK_ORDER_RATE_LIMIT_IP_PER_HOUR: z.coerce.number().int().min(1).default(10),
    BULK_ORDER_DESIGN_MB_PER_DAY: z.coerce.number().int().min(1).default(200),
    // Reviews and ratings one account may post an hour (each review up to 3 photos).
    REVIEW_RATE_LIMIT_USER_PER_HOUR: z.coerce.number().int().min(1).default(20),
    // Order attempts, placed or refused (per client address an hour; per delivery phone and per
    // guest cart a day; docs/cod.md), and failed guest tracking lookups (per client address and
    // per order, 15 minutes). 60, not fewer: mobile carriers in Bangladesh put many shoppers behind
    // one address (CGNAT), and an order confirmed by code is two attempts there. 6 a phone or cart:
    // an order, a typo in the code and a line sold out meanwhile, twice in a day.
    ORDER_RATE_LIMIT_IP_PER_HOUR: z.coerce.number().int().min(1).default(60),
    ORDER_RATE_LIMIT_PHONE_PER_DAY: z.coerce.number().int().min(1).default(6),
    ORDER_RATE_LIMIT_GUEST_CART_PER_DAY: z.coerce.number().int().min(1).default(6),
    TRACKING_RATE_LIMIT_IP_PER_15_MIN: z.coerce.number().int().min(1).default(20),
    TRACKING_RATE_LIMIT_ORDER_PER_15_MIN: z.coerce.number().int().min(1).default(5),
    // Payments, courier and SMS: absent credentials mean the safe local default.
    SSLCOMMERZ_STORE_ID: z.string().optional(),
    SSLCOMMERZ_STORE_PASSWD: z.string().optional(),
    // How long a refund call waits for its gateway; no answer leaves the refund pending (polled).
    PAYMENT_REFUND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(30_000),
    SSLCOMMERZ_BASE_URL: z.url().default("https://sandbox.sslcommerz.com"),
    BKASH_APP_KEY: z.string().optional(),
    BKASH_APP_SECRET: z.string().optional(),
    BKASH_USERNAME: z.string().optional(),
    BKASH_PASSWORD: z.string().optional(),
    // bKash's refund path under the base URL's version root; newer (v2) accounts are given
    // /v2/tokenized-checkout/refund/payment/transaction instead.
    BKASH_REFUND_PATH: z
      .string()
      .regex(/^\/[\w./-]*$/)
      .default("/tokenized/checkout/payment/refund"),
    BKASH_BASE_URL: z.url().default("https://tokenized.sandbox.bka.sh/v1.2.0-beta"),
    // Nagad (docs/payments.md, "Nagad"): the merchant id, our RSA private key and Nagad's public
    // key (each a PEM or its base64 body), and the public IPv4 Nagad whitelisted for this server.
    NAGAD_MERCHANT_ID: z.string().optional(),
    NAGAD_MERCHANT_PRIVATE_KEY: rsaKeySetting("private"),
    NAGAD_PUBLIC_KEY: rsaKeySetting("public"),
    NAGAD_SERVER_IP: z.ipv4().optional(),
    // How long one call to Nagad may take before it counts as failed (the shopper is waiting).
    NAGAD_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(30_000),
    NAGAD_BASE_URL: z
      .url()
      .default("http://sandbox.mynagad.com:10080/remote-payment-gateway-1.0/api/dfs"),
    PATHAO_CLIENT_ID: z.string().optional(),
    PATHAO_CLIENT_SECRET: z.string().optional(),
    PATHAO_USERNAME: z.string().optional(),
    PATHAO_PASSWORD: z.string().optional(),
    PATHAO_STORE_ID: z.coerce.number().int().optional(),
    PATHAO_BASE_URL: z.url().default("https://courier-api-sandbox.pathao.com"),
    // Its own secret (Pathao's merchant panel); unset: webhooks are refused.
    PATHAO_WEBHOOK_SECRET: z.string().min(16).optional(),
    // Steadfast (packzy): the merchant panel's two keys; unset, Steadfast is not offered.
    STEADFAST_API_KEY: z.string().optional(),
    STEADFAST_SECRET_KEY: z.string().optional(),
    STEADFAST_BASE_URL: z.url().default("https://portal.packzy.com/api/v1"),
    // How long a courier's record of a number (Steadfast's fraud check) may take before it counts
    // as unavailable: the order view and the checkout wait no longer (docs/cod.md).
    COURIER_RECORD_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2500),
    // RedX: the merchant dashboard's API token (a JWT), its pickup store, and our own webhook
    // secret (its `?token=`; unset: RedX webhooks are refused).
    REDX_API_TOKEN: z.string().optional(),
    REDX_BASE_URL: z.url().default("https://openapi.redx.com.bd/v1.0.0-beta"),
    REDX_PICKUP_STORE_ID: z.coerce.number().int().optional(),
    REDX_WEBHOOK_SECRET: z.string().min(16).optional(),
    // Encrypts the couriers' credentials stored in the database (docs/couriers.md). Unset outside
    // production: derived from JWT_SECRET; unset in production: credentials can not be stored.
    SETTINGS_ENCRYPTION_KEY: EncryptionKey.optional(),
    // Keys being rotated out, comma-separated: still read, and stored values move to the new key.
    SETTINGS_ENCRYPTION_KEY_PREVIOUS: z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .pipe(z.array(EncryptionKey))
      .optional(),
    // A staging shop in production mode may talk to the sandboxes (a warning is printed at start).
    ALLOW_SANDBOX_IN_PRODUCTION: boolish.default(false),
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
    // Multiplies every background job's period (server/jobs.ts): below 1 for drills and tests.
    JOB_PERIOD_SCALE: z.coerce.number().positive().max(100).default(1),
    // HTTP server timeouts (server/http-server.ts): keep-alive outlasts a load balancer's 60 s idle.
    HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(65_000),
    HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(66_000),
    HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  })
  .transform(({ HOST, ...env }) => ({ ...env, HOST: HOST ?? defaultHost(env.NODE_ENV) }))
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
    const production = env.NODE_ENV === "production";
    const exposed = servesOtherMachines(env);
    for (const name of ["JWT_SECRET", "COOKIE_SECRET"] as const) {
      const value = env[name];
      if (value === undefined && production)
        ctx.addIssue({ code: "custom", path: [name], message: "must be set in production" });
      if (value !== undefined && PUBLISHED_SECRETS.includes(value) && exposed)
        ctx.addIssue({
          code: "custom",
          path: [name],
          message:
            "is the development value published with the code; set a random one of 32+ characters (openssl rand -base64 32)",
        });
    }
    if (production && !env.ALLOW_SANDBOX_IN_PRODUCTION)
      for (const name of sandboxHostsInUse(env))
        ctx.addIssue({
          code: "custom",
          path: [name],
          message:
            "is a sandbox host: set the live URL in production (or ALLOW_SANDBOX_IN_PRODUCTION=true for a staging shop)",
        });
    for (const issue of imageStorageIssues(env)) ctx.addIssue({ code: "custom", ...issue });
    if (production && env.BCRYPT_ROUNDS < 12)
      ctx.addIssue({ code: "custom", path: ["BCRYPT_ROUNDS"], message: "must be 12 or more" });
    if (exposed && env.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD)
      ctx.addIssue({
        code: "custom",
        path: ["ADMIN_PASSWORD"],
        message: production
          ? `must be set in production (the default ${DEFAULT_ADMIN_PASSWORD} is public)`
          : `must be set when other machines can reach the shop (HOST ${env.HOST}, PUBLIC_URL ${env.PUBLIC_URL}): the default ${DEFAULT_ADMIN_PASSWORD} is public. Set ADMIN_PASSWORD, or HOST=127.0.0.1 for this machine only`,
      });
  });

/** The S3 settings must be complete when IMAGE_STORAGE=s3, and are refused when they would be ignored. */
function imageStorageIssues(env: {
  IMAGE_STORAGE: "local" | "s3";
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_PUBLIC_URL?: string;
}): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (env.IMAGE_STORAGE === "s3" && !env.S3_BUCKET)
    issues.push({ path: ["S3_BUCKET"], message: "must be set when IMAGE_STORAGE=s3" });
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    issues.push({
      path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
      message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither",
    });
  if (env.IMAGE_STORAGE === "local" && env.S3_PUBLIC_URL)
    issues.push({
      path: ["S3_PUBLIC_URL"],
      message: "is only used with IMAGE_STORAGE=s3 (images are in UPLOADS_DIR)",
    });
  return issues;
}

export type Env = Omit<z.infer<typeof EnvSchema>, keyof LocalSecrets> & LocalSecrets;

export class ConfigError extends Error {
  constructor(
    readonly variables: string[],
    details: string,
  ) {
    super(`Invalid configuration: ${details}`);
    this.name = "ConfigError";
  }
}

/**
 * Parses a set of variables; empty strings count as unset so `.env` lines like `FOO=` keep defaults.
 * Unset secrets (outside production) come from `localSecrets`: by default random for this process.
 */
export function parseEnv(
  source: Record<string, string | undefined>,
  localSecrets: (dataDir: string) => LocalSecrets = () => processSecrets,
): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) {
    const { JWT_SECRET, COOKIE_SECRET, ...rest } = result.data;
    if (JWT_SECRET && COOKIE_SECRET) return { ...rest, JWT_SECRET, COOKIE_SECRET };
    const local = localSecrets(rest.DATA_DIR);
    return {
      ...rest,
      JWT_SECRET: JWT_SECRET ?? local.JWT_SECRET,
      COOKIE_SECRET: COOKIE_SECRET ?? local.COOKIE_SECRET,
    };
  }
  const variables = result.error.issues.map((issue) => String(issue.path[0]));
  const details = result.error.issues
    .map((issue) => `${String(issue.path[0])}: ${issue.message}`)
    .join("; ");
  throw new ConfigError(variables, details);
}

let cached: Env | undefined;

/** The shop's configuration; a development start keeps its generated secrets under DATA_DIR. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env, (dataDir) =>
    (process.env.NODE_ENV || "development") === "development"
      ? localSecretsFile(dataDir)
      : processSecrets,
  );
  return cached;
}

/** Tests change variables between cases; this forgets the parsed copy. */
export function resetEnvForTests(): void {
  cached = undefined;
}
