import mongoose from "mongoose";
import { MongoDBStorage, Umzug } from "umzug";

/**
 * One-off data changes that bring a database written by an earlier version up to date. Each runs
 * once per database: umzug records the names it ran in the `migrations` collection, so a start-up
 * after the first does not scan the orders again (docs/database.md, "Migrations"). Each is also
 * idempotent, because two instances starting at once may both run it.
 *
 * `beforeServing` ones finish before the server listens (a request must not see the old shape);
 * `inBackground` ones run while it serves (they only fill in what a request would work without).
 * A migration answers a line for the start-up log, or nothing when it had nothing to do.
 */
interface Migration {
  name: string;
  up: () => Promise<string | undefined>;
}

async function beforeServing(): Promise<Migration[]> {
  const { carryOverLegacyPaymentLocks } = await import("../services/payments.service.js");
  return [
    {
      name: "2026-11-one-payment-lock",
      up: async () => {
        const carried = await carryOverLegacyPaymentLocks();
        return carried > 0 ? `${carried} open payment locks carried over` : undefined;
      },
    },
  ];
}

async function inBackground(): Promise<Migration[]> {
  const { dropLegacyPaymentLockFields } = await import("../services/payments.service.js");
  const { backfillDeliveryPhones } = await import("../services/phone-history.service.js");
  return [
    {
      name: "2026-11-drop-old-payment-lock-fields",
      up: async () => {
        const dropped = await dropLegacyPaymentLockFields();
        return dropped > 0 ? `old payment lock fields dropped from ${dropped} orders` : undefined;
      },
    },
    {
      name: "2026-11-delivery-phone",
      up: async () => {
        const filled = await backfillDeliveryPhones();
        return filled > 0 ? `delivery phone filled in on ${filled} older orders` : undefined;
      },
    },
  ];
}

const MIGRATIONS = { beforeServing, inBackground };

/** Where umzug records the names of the migrations that ran (one document each). */
export const MIGRATIONS_COLLECTION = "migrations";

/** Runs the migrations of one group this database has not run yet; answers their names. */
export async function runMigrations(
  group: keyof typeof MIGRATIONS,
  log: (line: string) => void,
): Promise<string[]> {
  const db = mongoose.connection.db;
  if (!db) throw new Error("runMigrations: not connected");
  const lines = new Map<string, string | undefined>();
  const umzug = new Umzug({
    migrations: (await MIGRATIONS[group]()).map((migration) => ({
      name: migration.name,
      up: async () => {
        lines.set(migration.name, await migration.up());
      },
    })),
    storage: new MongoDBStorage({ collection: db.collection(MIGRATIONS_COLLECTION) }),
    logger: undefined,
  });
  const ran = await umzug.up();
  for (const { name } of ran) {
    const line = lines.get(name);
    if (line) log(`[db] ${name}: ${line}`);
  }
  return ran.map(({ name }) => name);
}
