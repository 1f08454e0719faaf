import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startDatabase } from "../../server/db/embedded";

declare module "vitest" {
  export interface ProvidedContext {
    mongoBaseUri: string;
  }
}

/** One real database server for the whole run; each test file uses its own database in it. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tweest-test-db-"));
  const database = await startDatabase({
    mongodbUri: process.env.MONGODB_URI,
    dataDir,
    log: (line) => console.log(line),
  });
  project.provide("mongoBaseUri", database.uri);
  return async () => {
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
