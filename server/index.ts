import { existsSync } from "node:fs";
import path from "node:path";
import type { Server } from "node:http";
import type { ViteDevServer } from "vite";
import {
  ConfigError,
  getEnv,
  reachableFromOtherMachines,
  sandboxHostsInUse,
  servesOtherMachines,
  type Env,
} from "./env.js";

/** The only module that listens: config, database, seed, HTTP, and a graceful stop. */
async function main() {
  // A local .env file, when present, fills variables not already set.
  if (existsSync(".env")) process.loadEnvFile(".env");
  let env: Env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`✗ ${error.message}`);
      console.error(
        `  Fix the variable${error.variables.length > 1 ? "s" : ""} ${error.variables.join(", ")} (see .env.example).`,
      );
      process.exit(1);
    }
    throw error;
  }
  // Imported after the config check so a bad variable is reported before anything else runs.
  const { startDatabase } = await import("./db/embedded.js");
  const { connectDatabase, disconnectDatabase } = await import("./db/connect.js");
  const { seedDatabase, isDatabaseEmpty, retirePublishedSignIns, PRODUCTION_SEED_LINE } =
    await import("./seed/seed.js");
  const { createApp } = await import("./app.js");
  const { createHttpServer, drainHttpServer } = await import("./http-server.js");
  const { logger } = await import("./lib/logger.js");
  const { startBackgroundJobs } = await import("./jobs.js");
  const say = (line: string) => console.log(line);
  // A promise nobody awaited (a background job, a fire-and-forget SMS, a stream) must not take the
  // shop down with it: log it and keep serving. (Node's default would exit the process.)
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled promise rejection (the process keeps running)");
  });

  const database = await startDatabase({
    mongodbUri: env.MONGODB_URI,
    dataDir: path.resolve(env.DATA_DIR, "db"),
    log: say,
  });
  await connectDatabase(database.uri);
  say(`[db] connected (${database.kind})`);
  if (env.NODE_ENV === "production") say(PRODUCTION_SEED_LINE);
  for (const name of env.NODE_ENV === "production" ? sandboxHostsInUse(env) : [])
    console.warn(
      `⚠ ${name} is a SANDBOX host in production: no real money moves (ALLOW_SANDBOX_IN_PRODUCTION)`,
    );
  if (env.SEED_ON_START && (await isDatabaseEmpty())) {
    if (env.NODE_ENV !== "production") say("[seed] empty database: seeding the demo shop");
    await seedDatabase(say);
  }
  if (servesOtherMachines(env)) await retirePublishedSignIns(say);
  // The shop settings: on the first start written from the environment (docs/cod.md), so the
  // first request does not write them.
  const { getShopSettings } = await import("./services/shop-settings.service.js");
  await getShopSettings();
  // The shop's standard pages, likewise written from those settings on the first start (docs/pages.md).
  const { ensureStandardPages } = await import("./services/pages.service.js");
  await ensureStandardPages();
  // Data written by earlier versions, brought up to date once per database (docs/database.md,
  // "Migrations"): what a request relies on before serving, the rest in the background.
  const { runMigrations } = await import("./db/migrations.js");
  await runMigrations("beforeServing", say);
  void runMigrations("inBackground", say).catch((error: unknown) =>
    logger.error({ err: error }, "background migration failed (retried at the next start)"),
  );

  let viteDevServer: ViteDevServer | undefined;
  if (env.DEV_SERVER) {
    const vite = await import("vite");
    viteDevServer = await vite.createServer({
      server: { middlewareMode: true },
      appType: "custom",
    });
  }
  const { describeImageStoreAtStart } = await import("./storage/index.js");
  const imageStore = await describeImageStoreAtStart();
  (imageStore.ok ? say : console.warn)(imageStore.line);
  const app = createApp({ viteDevServer });
  // The catalogue read model reads every product once (seconds at 20,000): start before the first
  // shopper asks, in the background (docs/catalog.md).
  const { catalogReadModel } = await import("./services/catalog-read-model.js");
  catalogReadModel
    .ensureFresh()
    .catch((error: unknown) => logger.warn({ err: error }, "catalogue warm-up failed"));
  const stopJobs = startBackgroundJobs();
  const server: Server = createHttpServer(app).listen(env.PORT, env.HOST, () => {
    say(`✓ Tweest shop on http://localhost:${env.PORT} (database: ${database.kind})`);
    if (env.NODE_ENV !== "production" && !reachableFromOtherMachines(env))
      say(
        `  this machine only (HOST ${env.HOST}); HOST=0.0.0.0 serves others, with an ADMIN_PASSWORD of your own (docs/security.md)`,
      );
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    // No new job run starts; the runs under way finish before the database goes.
    const jobsStopped = stopJobs();
    await drainHttpServer(server, {
      forceAfterMs: 10_000,
      onForce: () => logger.warn("requests still open after 10 s; closing them"),
    });
    await jobsStopped;
    await viteDevServer?.close();
    await disconnectDatabase();
    await database.stop();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
