/**
 * The readers `npm run check:image` uses to follow the Dockerfile without Docker: if they misread
 * a stage, a COPY or `.dockerignore`, the check would prove a different image than the one built.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  composeDefault,
  composeEnvironment,
  parseCommand,
  parseCopy,
  parseDockerfile,
  parseDockerignore,
  parseEnv,
  parseHealthcheck,
} from "../../scripts/check-image/dockerfile";

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("parseDockerfile", () => {
  it("splits stages, joins continuations and skips comments", () => {
    const stages = parseDockerfile(
      [
        "# syntax=docker/dockerfile:1",
        "FROM node:24-slim AS build",
        "WORKDIR /app",
        "RUN npm ci \\",
        "  # a comment inside the continuation",
        "  && npm run build",
        "",
        "FROM node:24-slim",
        'HEALTHCHECK --interval=30s CMD node -e "x"',
      ].join("\n"),
    );
    expect(stages).toEqual([
      {
        base: "node:24-slim",
        name: "build",
        instructions: [
          { keyword: "WORKDIR", args: "/app", line: 3 },
          { keyword: "RUN", args: "npm ci && npm run build", line: 4 },
        ],
      },
      {
        base: "node:24-slim",
        name: undefined,
        instructions: [{ keyword: "HEALTHCHECK", args: '--interval=30s CMD node -e "x"', line: 9 }],
      },
    ]);
  });

  it("reads the repository's Dockerfile: a build stage and a runtime stage with a CMD", () => {
    const stages = parseDockerfile(readFileSync(path.join(ROOT, "Dockerfile"), "utf8"));
    expect(stages.map((stage) => stage.name)).toEqual(["build", undefined]);
    const runtime = stages[1].instructions;
    const cmd = runtime.find((instruction) => instruction.keyword === "CMD");
    expect(parseCommand(cmd!.args)).toEqual(["node", "--import", "tsx", "server/index.ts"]);
    const copies = runtime
      .filter((instruction) => instruction.keyword === "COPY")
      .map((instruction) => parseCopy(instruction.args));
    expect(copies.every((copy) => copy.from === "build")).toBe(true);
    expect(copies.map((copy) => copy.sources[0])).toContain("/app/build");
  });
});

describe("instruction arguments", () => {
  it("COPY: flags, sources and destination", () => {
    expect(parseCopy("--from=build --chown=node:node /app/build ./build")).toEqual({
      from: "build",
      chown: "node:node",
      sources: ["/app/build"],
      destination: "./build",
    });
    expect(parseCopy('["a b.txt", "c", "./"]')).toEqual({
      from: undefined,
      chown: undefined,
      sources: ["a b.txt", "c"],
      destination: "./",
    });
    expect(() => parseCopy("--link . .")).toThrow("COPY --link is not supported");
  });

  it("ENV: key=value pairs with quotes, and the legacy form", () => {
    expect(parseEnv('NODE_ENV=production PORT=5454 GREETING="hello there"')).toEqual({
      NODE_ENV: "production",
      PORT: "5454",
      GREETING: "hello there",
    });
    expect(parseEnv("GREETING hello there")).toEqual({ GREETING: "hello there" });
  });

  it("CMD and HEALTHCHECK: exec form as is, shell form through /bin/sh -c", () => {
    expect(parseCommand('["node", "server.js"]')).toEqual(["node", "server.js"]);
    expect(parseCommand("node server.js")).toEqual(["/bin/sh", "-c", "node server.js"]);
    expect(parseHealthcheck("--interval=30s --retries=3 CMD curl -f http://x/")).toEqual([
      "/bin/sh",
      "-c",
      "curl -f http://x/",
    ]);
    expect(parseHealthcheck("NONE")).toBeUndefined();
  });
});

describe("parseDockerignore", () => {
  const filter = parseDockerignore(
    ["node_modules", "uploads/*", "!uploads/keep.txt", "**/*.log", "/build", "# a comment"].join(
      "\n",
    ),
  );

  it("excludes a matching folder with everything in it", () => {
    expect(filter.excludes("node_modules")).toBe(true);
    expect(filter.excludes("node_modules/react/index.js")).toBe(true);
    expect(filter.excludes("build/server/index.js")).toBe(true);
    expect(filter.skipsFolder("node_modules")).toBe(true);
  });

  it("matches `*` within one folder and `**` across folders", () => {
    expect(filter.excludes("uploads/products/a.webp")).toBe(true);
    expect(filter.excludes("server/app.ts")).toBe(false);
    expect(filter.excludes("debug.log")).toBe(true);
    expect(filter.excludes("tests/artifacts/run.log")).toBe(true);
    expect(filter.excludes("server/node_modules_notes.md")).toBe(false);
  });

  it("lets a later `!` line bring a file back, so that folder is walked", () => {
    expect(filter.excludes("uploads/keep.txt")).toBe(false);
    expect(filter.skipsFolder("uploads")).toBe(false);
  });

  it("the repository's .dockerignore keeps source and drops local state", () => {
    const repository = parseDockerignore(readFileSync(path.join(ROOT, ".dockerignore"), "utf8"));
    for (const dropped of ["node_modules/x", "build/client/a.js", "data/db", ".env", ".git/HEAD"])
      expect(repository.excludes(dropped), dropped).toBe(true);
    for (const kept of [
      "server/index.ts",
      "models/product.model.ts",
      "contract/schemas/orders.ts",
      "package-lock.json",
    ])
      expect(repository.excludes(kept), kept).toBe(false);
  });
});

describe("composeEnvironment", () => {
  it("reads what a service sets, in map or list form", () => {
    const compose = [
      "services:",
      "  app:",
      "    build: .",
      "    environment:",
      "      MONGODB_URI: mongodb://mongo:27017/tweest",
      "      JWT_SECRET: ${JWT_SECRET:?set it}",
      '      SEED_ON_START: "false"',
      "    ports:",
      '      - "5454:5454"',
      "  worker:",
      "    environment:",
      "      - QUEUE=orders",
    ].join("\n");
    expect(composeEnvironment(compose, "app")).toEqual({
      MONGODB_URI: "mongodb://mongo:27017/tweest",
      JWT_SECRET: "${JWT_SECRET:?set it}",
      SEED_ON_START: "false",
    });
    expect(composeEnvironment(compose, "worker")).toEqual({ QUEUE: "orders" });
    expect(() => composeEnvironment(compose, "web")).toThrow("no service web");
  });

  it("substitutes like compose with an empty shell: defaults and plain values only", () => {
    expect(composeDefault("${PUBLIC_URL:-http://localhost:5454}")).toBe("http://localhost:5454");
    expect(composeDefault("${LEVEL-info}")).toBe("info");
    expect(composeDefault("production")).toBe("production");
    expect(composeDefault("${JWT_SECRET:?set JWT_SECRET (32+ characters)}")).toBeUndefined();
    expect(composeDefault("${JWT_SECRET}")).toBeUndefined();
    expect(composeDefault("prefix-$OTHER")).toBeUndefined();
  });

  it("reads the repository's docker-compose.yml: the app gets its database and secrets", () => {
    const environment = composeEnvironment(
      readFileSync(path.join(ROOT, "docker-compose.yml"), "utf8"),
      "app",
    );
    expect(Object.keys(environment)).toEqual(
      expect.arrayContaining(["MONGODB_URI", "JWT_SECRET", "COOKIE_SECRET", "ADMIN_PASSWORD"]),
    );
    expect(composeDefault(environment.JWT_SECRET)).toBeUndefined();
  });
});
