/**
 * The shop both OpenAPI checks (openapi-fuzz.test.ts, our fuzzer; schemathesis.test.ts) attack: no
 * rate limit that could hide a route behind 429s (nor the sign-in slow-down behind delays), Google
 * sign-in configured (its endpoints are never reached: the state check refuses first) so
 * /auth/google answers its 302 rather than the 503 of an install without Google, and a private copy
 * of the build, so that another job rebuilding ./build meanwhile cannot turn the routes that fall
 * through to the storefront into 500s.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApp } from "../../server/app";
import { resetEnvForTests } from "../../server/env";
import { listen } from "./helpers";

const UNLIMITED = "1000000";

/** Sets the environment described above (the config is read afresh). */
export function useOpenApiTargetEnv(): void {
  Object.assign(process.env, {
    AUTH_RATE_LIMIT_IP_PER_15_MIN: UNLIMITED,
    AUTH_RATE_LIMIT_ACCOUNT_PER_15_MIN: UNLIMITED,
    AUTH_SLOW_DOWN_ACCOUNT_AFTER_PER_15_MIN: UNLIMITED,
    OTP_RATE_LIMIT_IP_PER_HOUR: UNLIMITED,
    BULK_ORDER_RATE_LIMIT_IP_PER_HOUR: UNLIMITED,
    TRACKING_RATE_LIMIT_IP_PER_15_MIN: UNLIMITED,
    TRACKING_RATE_LIMIT_ORDER_PER_15_MIN: UNLIMITED,
    GOOGLE_CLIENT_ID: "openapi-tests.apps.googleusercontent.com",
    GOOGLE_CLIENT_SECRET: "openapi-tests-secret",
    GOOGLE_TOKEN_URL: "http://127.0.0.1:9/token",
    GOOGLE_JWKS_URL: "http://127.0.0.1:9/certs",
  });
  resetEnvForTests();
}

export interface OpenApiTarget {
  url: string;
  documentUrl: string;
  /** The document's operations (method + path pairs), or those whose path passes the filter. */
  operationCount(pathFilter?: (path: string) => boolean): Promise<number>;
  close(): Promise<void>;
}

/** The shop on a random loopback port, serving a private copy of the build. */
export async function startOpenApiTarget(): Promise<OpenApiTarget> {
  for (let wait = 0; !existsSync("build/server/index.js") && wait < 120; wait += 1)
    await new Promise((resolve) => setTimeout(resolve, 500));
  const buildCopy = mkdtempSync(path.join(os.tmpdir(), "tweest-openapi-build-"));
  cpSync("build", buildCopy, { recursive: true });
  const server = await listen(createApp({ buildDir: buildCopy }));
  const documentUrl = `${server.url}/api/openapi.json`;
  return {
    url: server.url,
    documentUrl,
    async operationCount(pathFilter = () => true) {
      const document = (await (await fetch(documentUrl)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      return Object.entries(document.paths)
        .filter(([path]) => pathFilter(path))
        .flatMap(([, operations]) => Object.keys(operations)).length;
    },
    async close() {
      await server.close();
      rmSync(buildCopy, { recursive: true, force: true });
    },
  };
}
