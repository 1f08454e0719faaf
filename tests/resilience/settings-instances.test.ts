/**
 * Two shop instances on one database, each with its own copy of the shop settings: this test
 * process (instance A saves through its API) and a real server in a child process (instance B). An
 * admin's save on A shows in B's delivery charge within a second.
 *
 * Checked at the second rather than timed: B re-reads the settings' version before answering once
 * its copy is half a second old, so a request a second after the save must get the new charge
 * however loaded the machine (a stopwatch around polling also timed B's reads and the requests).
 */
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { afterASecond, useSecondInstance } from "./second-instance";

const instanceA = createApp();
const shop = useSecondInstance();

async function chargeOnB(city: string): Promise<number> {
  const answer = await fetch(`${shop.instanceB}/api/pathao/price-plan`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ city, subtotal: 1000 }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { deliveryCharge: number }).deliveryCharge;
}

describe("shop settings across instances", () => {
  it("a save on one instance is in force on the other within a second", async () => {
    // B has read (and keeps) the first-start settings.
    expect(await chargeOnB("Dhaka")).toBe(60);
    expect(await chargeOnB("Khulna")).toBe(120);

    const loaded = await request(instanceA)
      .get("/api/admin/settings")
      .set("Authorization", `Bearer ${shop.adminToken}`)
      .expect(200);
    const settings = loaded.body.settings;
    settings.delivery.zones[0].charge = 55; // Inside Dhaka
    settings.delivery.fallbackZone.charge = 135; // Outside Dhaka
    const saved = await request(instanceA)
      .put("/api/admin/settings")
      .set("Authorization", `Bearer ${shop.adminToken}`)
      .send({ version: loaded.body.version, settings });
    expect(saved.status).toBe(200);

    await afterASecond();
    expect(await chargeOnB("Dhaka")).toBe(55);
    expect(await chargeOnB("Khulna")).toBe(135);
  });
});
