/**
 * Two shop instances on one database, each with its own rendered-page cache: this test process
 * (instance A, where the admin works) and a real server in a child process (instance B, serving the
 * production build). A page B keeps is answered anew once A changes what it shows: a price, a
 * popup, a shop page, a setting. B checks the storefront version at most once a second and each of
 * its copies checks its own version document once it is half a second to a second old, so the
 * change must be on B's page within two seconds (docs/performance.md, "Rendered-page cache").
 */
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { getEnv } from "../../server/env";
import { formatBDT } from "#contract/money";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";
import { bearer, createAdmin } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { freePort, startShopProcess, stopShopProcesses } from "./helpers";
import { EID_EXCHANGE_PAGE } from "../factories/page";

/** The most a change on A may take to reach B's pages. */
const WITHIN_MS = 2000;
let instanceB = "";
let adminToken = "";
const instanceA = createApp();
let slug = "";
let productId = "";

beforeAll(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
  const product = await createProduct({
    title: "Eid Panjabi",
    price: 2000,
    discountedPrice: 1800,
    categoryPath: [await createCategory({ name: "Panjabi" })],
  });
  slug = product.slug;
  productId = String(product._id);
  const port = await freePort();
  const { JWT_SECRET, COOKIE_SECRET } = getEnv();
  await startShopProcess(port, { JWT_SECRET, COOKIE_SECRET, PAGE_CACHE_MB: "32" });
  instanceB = `http://127.0.0.1:${port}`;
}, 120_000);

afterAll(() => stopShopProcesses());

async function pageOnB(): Promise<{ text: string; cache: string | null }> {
  const answer = await fetch(`${instanceB}/product/${slug}`, { headers: { accept: "text/html" } });
  expect(answer.status).toBe(200);
  return { text: await answer.text(), cache: answer.headers.get("x-page-cache") };
}

/** B keeps the page (a hit), then A changes something: B's page shows it within WITHIN_MS. */
async function changeShowsOnB(change: () => Promise<unknown>, shows: (text: string) => boolean) {
  await pageOnB();
  expect((await pageOnB()).cache).toBe("hit");
  expect(shows((await pageOnB()).text)).toBe(false);
  await change();
  const changedAt = Date.now();
  let seen = false;
  while (!seen && Date.now() - changedAt < WITHIN_MS + 3000) {
    seen = shows((await pageOnB()).text);
    if (!seen) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const took = Date.now() - changedAt;
  expect(seen).toBe(true);
  expect(took, `B showed the change after ${took} ms`).toBeLessThanOrEqual(WITHIN_MS);
}

describe("a page kept on another instance", () => {
  it("shows a price changed on this one within two seconds", async () => {
    await changeShowsOnB(
      () =>
        request(instanceA)
          .put(`/api/admin/products/${productId}`)
          .set(bearer(adminToken))
          .send({ discountedPrice: 1500 })
          .expect(200),
      (text) => text.includes(formatBDT(1500)),
    );
  });

  it("shows a shop page published on this one within two seconds", async () => {
    await changeShowsOnB(
      () =>
        request(instanceA)
          .post("/api/admin/pages")
          .set(bearer(adminToken))
          .send(EID_EXCHANGE_PAGE)
          .expect(201),
      (text) => text.includes('href="/pages/eid-exchange"'),
    );
  });

  it("shows a setting saved on this one within two seconds", async () => {
    await changeShowsOnB(
      async () => {
        const settings = await request(instanceA)
          .get("/api/admin/settings")
          .set(bearer(adminToken))
          .expect(200);
        const changed = structuredClone(settings.body.settings);
        changed.contact.phone = "01711000099";
        await request(instanceA)
          .put("/api/admin/settings")
          .set(bearer(adminToken))
          .send({ version: settings.body.version, settings: changed })
          .expect(200);
      },
      (text) => text.includes("01711000099"),
    );
  });

  it("shows a popup switched off on this one within two seconds", async () => {
    const { createPopupImage } = await import("../factories/popup-image");
    const popup = await createPopupImage({ title: "Boishakh sale" });
    // Wait until B shows it, then switch it off on A.
    await expect.poll(async () => (await pageOnB()).text.includes("Boishakh sale")).toBe(true);
    await changeShowsOnB(
      () =>
        request(instanceA)
          .put(`/api/popup-images/${String(popup._id)}`)
          .set(bearer(adminToken))
          .send({ isActive: false })
          .expect(200),
      (text) => !text.includes("Boishakh sale"),
    );
  });
});
