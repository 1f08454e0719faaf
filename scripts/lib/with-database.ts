import { existsSync } from "node:fs";
import path from "node:path";
import { connectDatabase, disconnectDatabase } from "../../server/db/connect";
import { runningDatabaseUri, startDatabase } from "../../server/db/embedded";
import { getEnv } from "../../server/env";

/**
 * Runs a script against the same database `npm start` uses: MONGODB_URI, the embedded database a
 * running shop serves (left running), or the embedded database started for the script alone.
 */
export async function withDatabase(work: () => Promise<void>): Promise<void> {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const env = getEnv();
  const dataDir = path.resolve(env.DATA_DIR, "db");
  const running = env.MONGODB_URI ? undefined : runningDatabaseUri(dataDir);
  const database = running
    ? { uri: running, stop: async () => undefined }
    : await startDatabase({ mongodbUri: env.MONGODB_URI, dataDir });
  try {
    await connectDatabase(database.uri);
    await work();
  } finally {
    await disconnectDatabase();
    await database.stop();
  }
}
