/**
 * Two shop instances on one database, each with its own opened copy of the payment gateways'
 * settings: this test process (instance A saves through its API) and a real server in a child
 * process (instance B, same secrets, so A's admin token signs in there too). A gateway switched
 * off on A is off on B within a second.
 *
 * Checked at the second rather than timed, as tests/resilience/settings-instances.test.ts does: B
 * re-reads the settings' version once its copy is a second old, so a request a second after the
 * save must see the new state however loaded the machine.
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { getEnv } from "../../server/env";
import { bearer, createAdmin } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { freePort, startShopProcess, stopShopProcesses } from "./helpers";

const WITHIN_MS = 1000;
let instanceB = "";
let adminToken = "";
const instanceA = createApp();

async function sslCommerzOnB(): Promise<{ enabled: boolean; version: number }> {
  const answer = await request(instanceB)
    .get("/api/admin/payment-gateways")
    .set(bearer(adminToken))
    .expect(200);
  return answer.body.gateways.find((gateway: { id: string }) => gateway.id === "SSLCOMMERZ");
}

beforeAll(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
  const port = await freePort();
  const { JWT_SECRET, COOKIE_SECRET } = getEnv();
  await startShopProcess(port, { JWT_SECRET, COOKIE_SECRET });
  instanceB = `http://127.0.0.1:${port}`;
}, 120_000);

afterAll(() => stopShopProcesses());

describe("payment gateways' settings across instances", () => {
  it("a gateway switched off on one instance is off on the other within a second", async () => {
    // B has read (and keeps) the first-start state.
    expect(await sslCommerzOnB()).toMatchObject({ enabled: true, version: 0 });

    await request(instanceA)
      .put("/api/admin/payment-gateways/SSLCOMMERZ")
      .set(bearer(adminToken))
      .send({ version: 0, enabled: false })
      .expect(200);

    // 50 ms: the timers' slack.
    await new Promise((resolve) => setTimeout(resolve, WITHIN_MS + 50));
    expect(await sslCommerzOnB()).toMatchObject({ enabled: false, version: 1 });
  });
});
