/**
 * What the models' hooks need from the running shop: the password hashing cost (the shop's
 * config), a buyer's figures recomputed after an order write (a service), and a logger for the
 * after-write work that must never fail the write. models/ imports nothing from server/, so the
 * server provides these as it connects to the database (server/db/model-services.ts, called by
 * connectDatabase, the one door every process opens the database through: the shop, its
 * scripts and the tests).
 */
export interface ModelServices {
  /** bcrypt's cost for a new password hash, asked at each hash (tests change the config). */
  passwordHashRounds(): number;
  /** Recomputes these buyers' figures from their orders. */
  refreshBuyers(phones: string[]): Promise<void>;
  /** Logs a failed after-write step (the write itself stands). */
  warn(error: unknown, message: string): Promise<void>;
}

let provided: ModelServices | undefined;

export function provideModelServices(services: ModelServices): void {
  provided = services;
}

/** The services the server provided; a process that never connected through the server is told. */
export function modelServices(): ModelServices {
  if (!provided)
    throw new Error(
      "The models have no services: open the database with connectDatabase (server/db/connect.ts)",
    );
  return provided;
}
