import path from "node:path";
import { startDatabase } from "../server/db/embedded";
import { getEnv } from "../server/env";

// Runs the embedded database alone (for a shell or Compass) until Ctrl-C.
const env = getEnv();
const database = await startDatabase({
  mongodbUri: env.MONGODB_URI,
  dataDir: path.resolve(env.DATA_DIR, "db"),
});
console.log(`✓ ${database.kind} at ${database.uri} — Ctrl-C to stop`);
const stop = async () => {
  await database.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
