import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "../../server/env";

describe("configuration", () => {
  it("gives the defaults of a development machine", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(5454);
    expect(env.DELIVERY_INSIDE_DHAKA).toBe(60);
    expect(env.DELIVERY_OUTSIDE_DHAKA).toBe(120);
    expect(env.TAX_RATE_PERCENT).toBe(0);
  });

  it("names each wrong variable", () => {
    let error: unknown;
    try {
      parseEnv({ PORT: "not-a-port", MONGODB_URI: "http://wrong" });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables.sort()).toEqual(["MONGODB_URI", "PORT"]);
    // PORT's reason is the schema library's own wording; the shop's own text is asserted whole.
    expect((error as ConfigError).message).toMatch(
      /^Invalid configuration: PORT: [^;]+; MONGODB_URI: must start with mongodb:\/\/ or mongodb\+srv:\/\/$/,
    );
  });

  it("refuses the development secrets in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(
      /JWT_SECRET: must be set in production/,
    );
  });

  it("stops the server at start-up with a message naming the variable", () => {
    const run = spawnSync("npx", ["tsx", "server/index.ts"], {
      env: { ...process.env, PORT: "99999", MONGODB_URI: "" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("PORT");
    expect(run.stderr).toContain("Invalid configuration");
  });
});
