/**
 * The set-up of the cross-instance tests (settings, gateways, popups and pages): this test process is
 * instance A, a real server in a child process on the same database is instance B, with the same
 * secrets (so A's admin token signs in on B too). Each instance re-reads the versions of what it
 * keeps a copy of once its copy is half a second old, so a check made a second after a write on A
 * must see it on B however loaded the machine: the tests check at the second rather than time.
 */
import { afterAll, beforeAll } from "vitest";
import { getEnv } from "../../server/env";
import { createAdmin } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { freePort, startShopProcess, stopShopProcesses } from "./helpers";

/** How soon a change on one instance is in force on the other. */
export const WITHIN_MS = 1000;

/** Waits a second and the timers' slack (50 ms). */
export const afterASecond = () => new Promise((resolve) => setTimeout(resolve, WITHIN_MS + 50));

/** Starts instance B for this file (before its tests; stopped after them) and an admin to act. */
export function useSecondInstance(): { readonly instanceB: string; readonly adminToken: string } {
  const instance = { instanceB: "", adminToken: "" };
  beforeAll(async () => {
    await clearDatabase();
    instance.adminToken = (await createAdmin()).token;
    const port = await freePort();
    const { JWT_SECRET, COOKIE_SECRET } = getEnv();
    await startShopProcess(port, { JWT_SECRET, COOKIE_SECRET });
    instance.instanceB = `http://127.0.0.1:${port}`;
  }, 120_000);
  afterAll(() => stopShopProcesses());
  return instance;
}
