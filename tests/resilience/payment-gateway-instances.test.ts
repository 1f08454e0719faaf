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
import { describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { bearer } from "../factories/user";
import { afterASecond, useSecondInstance } from "./second-instance";

const instanceA = createApp();
const shop = useSecondInstance();

async function sslCommerzOnB(): Promise<{ enabled: boolean; version: number }> {
  const answer = await request(shop.instanceB)
    .get("/api/admin/payment-gateways")
    .set(bearer(shop.adminToken))
    .expect(200);
  return answer.body.gateways.find((gateway: { id: string }) => gateway.id === "SSLCOMMERZ");
}

describe("payment gateways' settings across instances", () => {
  it("a gateway switched off on one instance is off on the other within a second", async () => {
    // B has read (and keeps) the first-start state.
    expect(await sslCommerzOnB()).toMatchObject({ enabled: true, version: 0 });

    await request(instanceA)
      .put("/api/admin/payment-gateways/SSLCOMMERZ")
      .set(bearer(shop.adminToken))
      .send({ version: 0, enabled: false })
      .expect(200);

    await afterASecond();
    expect(await sslCommerzOnB()).toMatchObject({ enabled: false, version: 1 });
  });
});
