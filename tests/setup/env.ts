import { resetEnvForTests } from "../../server/env";

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
