import { beforeEach } from "vitest";
import { seedCatalog } from "../factories/catalog";
import { clearDatabase } from "./db";

export type SeededCatalog = Awaited<ReturnType<typeof seedCatalog>>;

/**
 * For a test file on the fixed catalogue: before each test, an empty database with seedCatalog()'s
 * categories and products; the returned object holds the current test's documents.
 */
export function useSeededCatalog(): SeededCatalog {
  const seeded = {} as SeededCatalog;
  beforeEach(async () => {
    await clearDatabase();
    Object.assign(seeded, await seedCatalog());
  });
  return seeded;
}
