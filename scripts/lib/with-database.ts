import { existsSync } from "node:fs";
import path from "node:path";
import { connectDatabase, disconnectDatabase } from "../../server/db/connect";
import { startDatabase } from "../../server/db/embedded";
import { getEnv } from "../../server/env";

/** Runs a script against the same database `npm start` uses (MONGODB_URI or the embedded one). */
export async function withDatabase(work: () => Promise<void>): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const env = getEnv();
  const database = await startDatabase({
    mongodbUri: env.MONGODB_URI,
    dataDir: path.resolve(env.DATA_DIR, "db"),
  });
  try {
    await connectDatabase(database.uri);
    await work();
  } finally {
    await disconnectDatabase();
    await database.stop();
  }
}
