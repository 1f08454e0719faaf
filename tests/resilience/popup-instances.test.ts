/**
 * Two shop instances on one database, each with its own copy of the active campaign popups and of
 * the footer's links to the shop's pages (the storefront's root reads both on every page): this
 * test process (instance A, where the admin works) and a real server in a child process (instance
 * B). A popup or page created, switched off and deleted on A is in force on B within a second.
 *
 * Checked at the second rather than timed (second-instance.ts).
 */
import sharp from "sharp";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { bearer } from "../factories/user";
import { afterASecond, useSecondInstance } from "./second-instance";
import { EID_EXCHANGE_PAGE } from "../factories/page";

const instanceA = createApp();
const shop = useSecondInstance();

async function titlesOnB(): Promise<string[]> {
  const answer = await fetch(`${shop.instanceB}/api/popup-images/active`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { title: string }[]).map((image) => image.title);
}

describe("campaign popups across instances", () => {
  it("a popup created, switched off and deleted on one instance is so on the other within a second", async () => {
    // B has read (and keeps) the empty list.
    expect(await titlesOnB()).toEqual([]);

    const image = await sharp({
      create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .png()
      .toBuffer();
    const created = await request(instanceA)
      .post("/api/popup-images")
      .set(bearer(shop.adminToken))
      .field("title", "Eid sale")
      .attach("image", image, "eid.png")
      .expect(201);
    await afterASecond();
    expect(await titlesOnB()).toEqual(["Eid sale"]);

    await request(instanceA)
      .put(`/api/popup-images/${created.body._id}`)
      .set(bearer(shop.adminToken))
      .send({ isActive: false })
      .expect(200);
    await afterASecond();
    expect(await titlesOnB()).toEqual([]);

    await request(instanceA)
      .put(`/api/popup-images/${created.body._id}`)
      .set(bearer(shop.adminToken))
      .send({ isActive: true })
      .expect(200);
    await afterASecond();
    expect(await titlesOnB()).toEqual(["Eid sale"]);

    await request(instanceA)
      .delete(`/api/popup-images/${created.body._id}`)
      .set(bearer(shop.adminToken))
      .expect(200);
    await afterASecond();
    expect(await titlesOnB()).toEqual([]);
  });
});

describe("the footer's shop pages across instances", () => {
  async function slugsOnB(): Promise<string[]> {
    const answer = await fetch(`${shop.instanceB}/api/pages`);
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { slug: string }[]).map((page) => page.slug);
  }

  it("a page published, unpublished and deleted on one instance is so on the other within a second", async () => {
    // B has read (and keeps) the standard pages.
    const standard = await slugsOnB();
    expect(standard).not.toContain("eid-exchange");
    const page = EID_EXCHANGE_PAGE;
    await request(instanceA)
      .post("/api/admin/pages")
      .set(bearer(shop.adminToken))
      .send(page)
      .expect(201);
    await afterASecond();
    expect(await slugsOnB()).toEqual([...standard, "eid-exchange"]);

    await request(instanceA)
      .put("/api/admin/pages/eid-exchange")
      .set(bearer(shop.adminToken))
      .send({ published: false })
      .expect(200);
    await afterASecond();
    expect(await slugsOnB()).toEqual(standard);

    await request(instanceA)
      .put("/api/admin/pages/eid-exchange")
      .set(bearer(shop.adminToken))
      .send({ published: true })
      .expect(200);
    await afterASecond();
    expect(await slugsOnB()).toEqual([...standard, "eid-exchange"]);

    await request(instanceA)
      .delete("/api/admin/pages/eid-exchange")
      .set(bearer(shop.adminToken))
      .expect(200);
    await afterASecond();
    expect(await slugsOnB()).toEqual(standard);
  });
});
