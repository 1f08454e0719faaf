import mongoose from "mongoose";

/**
 * The database operations the models ran (`collection.method`, e.g. `orders.findOne`) while
 * `action` ran, from mongoose's debug hook: how a test counts the reads of one request.
 */
export async function queriesDuring(action: () => Promise<unknown>): Promise<string[]> {
  const queries: string[] = [];
  mongoose.set("debug", (collection: string, method: string) => {
    queries.push(`${collection}.${method}`);
  });
  try {
    await action();
  } finally {
    mongoose.set("debug", false);
  }
  return queries;
}
