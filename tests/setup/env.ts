import { getEnv, resetEnvForTests } from "../../server/env";

/**
 * Sets environment variables and makes the shop read its config afresh; the returned function puts
 * the previous values back (removing the ones that were unset) and re-reads the config again.
 */
export function setEnv(vars: Record<string, string>): () => void {
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  resetEnvForTests();
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
  };
}

/** Runs `body` with some variables set (config read afresh), then puts the old values back. */
export async function withEnv<T>(vars: Record<string, string>, body: () => Promise<T>): Promise<T> {
  const restore = setEnv(vars);
  try {
    return await body();
  } finally {
    restore();
  }
}

/**
 * The variables a production start needs on this loopback test server, with the suite's own
 * secrets kept (tokens signed before stay valid); `extra` adds or overrides.
 */
export function productionEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: "production",
    JWT_SECRET: getEnv().JWT_SECRET,
    COOKIE_SECRET: getEnv().COOKIE_SECRET,
    ADMIN_PASSWORD: "a-long-admin-password-for-tests",
    // The suite lowers the bcrypt cost; production refuses less than 12.
    BCRYPT_ROUNDS: "12",
    HOST: "127.0.0.1",
    ...extra,
  };
}
