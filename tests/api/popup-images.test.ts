import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PopupImage } from "../../models/popup-image.model";
import { createApp } from "../../server/app";
import { detectImageType } from "../../server/lib/images";
import { createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { queriesDuring } from "../setup/queries";
import { createPopupImage as insertPopupImage } from "../factories/popup-image";
import { POPUP_IMAGE_WIDTHS } from "#contract/images";

const app = createApp();
const uploads = () => path.resolve(process.env.UPLOADS_DIR as string);
/** imagePath is public (`uploads/popups/x.webp`, served at /uploads/*); the file lives in UPLOADS_DIR. */
const onDisk = (imagePath: string) => path.join(uploads(), imagePath.replace(/^uploads\//, ""));
const popupFiles = () =>
  existsSync(path.join(uploads(), "popups"))
    ? readdirSync(path.join(uploads(), "popups")).sort()
    : [];
/** The file names of every width of a popup's image, given its stored (800 px) path. */
const widthFiles = (imagePath: string) =>
  POPUP_IMAGE_WIDTHS.map((width) =>
    path.basename(imagePath).replace(/-800\.webp$/, `-${width}.webp`),
  ).sort();

let png: Buffer;
let jpeg: Buffer;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  png = await sharp({
    create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .toBuffer();
  jpeg = await sharp({
    create: { width: 30, height: 30, channels: 3, background: { r: 10, g: 90, b: 200 } },
  })
    .jpeg()
    .toBuffer();
});

beforeEach(async () => {
  await clearDatabase();
  rmSync(path.join(uploads(), "popups"), { recursive: true, force: true });
  adminToken = (await createAdmin()).token;
  customerToken = (await createUser()).token;
});

function createPopup(fields: Record<string, string>, image: Buffer | null = png) {
  const call = request(app).post("/api/popup-images").set("authorization", `Bearer ${adminToken}`);
  for (const [name, value] of Object.entries(fields)) void call.field(name, value);
  if (image) void call.attach("image", image, "campaign.png");
  return call;
}

describe("POST /api/popup-images", () => {
  it("stores the image re-encoded as WebP at every popup width under uploads/popups with a relative path", async () => {
    const answer = await createPopup({
      title: "Eid sale",
      description: "Up to 40% off",
      link: "https://tweest.example/eid",
      sequence: "2",
      isActive: "true",
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      title: "Eid sale",
      description: "Up to 40% off",
      link: "https://tweest.example/eid",
      sequence: 2,
      isActive: true,
      startsAt: null,
      endsAt: null,
    });
    expect(answer.body.imagePath).toMatch(/^uploads\/popups\/[\w-]+-800\.webp$/);
    const file = readFileSync(onDisk(answer.body.imagePath));
    expect(detectImageType(file)).toBe("webp");
    expect(popupFiles()).toEqual(widthFiles(answer.body.imagePath));
    const served = await request(app).get(`/${answer.body.imagePath}`);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");

    const stored = await PopupImage.findById(answer.body._id).lean();
    expect(stored).toMatchObject({
      title: "Eid sale",
      imagePath: answer.body.imagePath,
      sequence: 2,
      isActive: true,
    });
  });

  it("accepts a GIF and stores it as WebP", async () => {
    const gif = await sharp({
      create: { width: 16, height: 16, channels: 3, background: { r: 0, g: 128, b: 0 } },
    })
      .gif()
      .toBuffer();
    const answer = await createPopup({ title: "gif" }, gif);
    expect(answer.status).toBe(201);
    expect(detectImageType(readFileSync(onDisk(answer.body.imagePath)))).toBe("webp");
  });

  it("writes each width at that width, never enlarging, and keeps an animation", async () => {
    const wide = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: { r: 20, g: 120, b: 60 } },
    })
      .png()
      .toBuffer();
    const big = await createPopup({ title: "wide" }, wide);
    expect(big.status).toBe(201);
    for (const width of POPUP_IMAGE_WIDTHS) {
      const file = onDisk(big.body.imagePath.replace(/-800\.webp$/, `-${width}.webp`));
      expect(await sharp(readFileSync(file)).metadata()).toMatchObject({
        format: "webp",
        width,
        height: width / 2,
      });
    }

    const frame = (red: number) =>
      sharp({ create: { width: 60, height: 30, channels: 3, background: { r: red, g: 0, b: 0 } } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame(40), await frame(200)], { join: { animated: true } })
      .gif()
      .toBuffer();
    const small = await createPopup({ title: "small animation" }, gif);
    expect(small.status).toBe(201);
    for (const width of POPUP_IMAGE_WIDTHS) {
      const file = onDisk(small.body.imagePath.replace(/-800\.webp$/, `-${width}.webp`));
      expect(await sharp(readFileSync(file)).metadata()).toMatchObject({
        format: "webp",
        width: 60,
        pages: 2,
      });
    }
  });

  it("places an image without a sequence after the last one", async () => {
    await createPopup({ title: "first", sequence: "4" });
    const second = await createPopup({ title: "second" });
    expect(second.status).toBe(201);
    expect(second.body.sequence).toBe(5);
  });

  it("refuses a visitor without a token (401) and a customer (403), storing nothing", async () => {
    const anonymous = await request(app)
      .post("/api/popup-images")
      .field("title", "x")
      .attach("image", png, "a.png");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: "Authentication required", code: "UNAUTHORIZED" });
    const customer = await request(app)
      .post("/api/popup-images")
      .set("authorization", `Bearer ${customerToken}`)
      .field("title", "x")
      .attach("image", png, "a.png");
    expect(customer.status).toBe(403);
    expect(customer.body).toEqual({
      message: "Access denied - admin privileges required",
      code: "FORBIDDEN",
    });
    expect(await PopupImage.countDocuments()).toBe(0);
    expect(popupFiles()).toEqual([]);
  });

  it("refuses a file that is not an image by its content (415), whatever its name", async () => {
    const answer = await createPopup({ title: "x" }, Buffer.from("<?php echo 'not an image'; ?>"));
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({
      message: "Only JPEG, PNG, WebP or GIF images are accepted",
      code: "UNSUPPORTED_MEDIA_TYPE",
    });
    expect(await PopupImage.countDocuments()).toBe(0);
    expect(popupFiles()).toEqual([]);
  });

  it("refuses a PNG header with a broken body (415)", async () => {
    const answer = await createPopup({ title: "x" }, Buffer.concat([png.subarray(0, 40)]));
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe("The image could not be read");
    expect(popupFiles()).toEqual([]);
  });

  it("refuses an image over 5 MB (413)", async () => {
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const answer = await createPopup({ title: "x" }, big);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: "File too large", code: "FILE_TOO_LARGE" });
    expect(await PopupImage.countDocuments()).toBe(0);
  });

  it("needs an image and valid fields (400)", async () => {
    const noImage = await createPopup({ title: "x" }, null);
    expect(noImage.status).toBe(400);
    expect(noImage.body.message).toBe("An image file is required (field 'image')");

    const badWindow = await createPopup({
      title: "x",
      startsAt: "2026-05-10T00:00:00+06:00",
      endsAt: "2026-05-01T00:00:00+06:00",
    });
    expect(badWindow.status).toBe(400);
    expect(badWindow.body.errors).toEqual([
      { path: "endsAt", message: "endsAt must be after startsAt" },
    ]);

    const badLink = await createPopup({ title: "x", link: "javascript:alert(1)" });
    expect(badLink.status).toBe(400);
    expect(badLink.body.errors).toEqual([
      { path: "link", message: "Link must be an http(s) URL or a path starting with /" },
    ]);
    expect(await PopupImage.countDocuments()).toBe(0);
    expect(popupFiles()).toEqual([]);
  });
});

describe("GET, PUT and DELETE /api/popup-images/:id", () => {
  it("replaces the image and removes the old file, then deletes both record and file", async () => {
    const created = await createPopup({ title: "Winter", description: "Hoodies" });
    const firstPath: string = created.body.imagePath;
    expect(existsSync(onDisk(firstPath))).toBe(true);

    const fetched = await request(app)
      .get(`/api/popup-images/${created.body._id}`)
      .set("authorization", `Bearer ${adminToken}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({ _id: created.body._id, title: "Winter" });

    const replaced = await request(app)
      .put(`/api/popup-images/${created.body._id}`)
      .set("authorization", `Bearer ${adminToken}`)
      .field("title", "Winter sale")
      .field("isActive", "false")
      .attach("image", jpeg, "new.jpg");
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      title: "Winter sale",
      description: "Hoodies",
      isActive: false,
    });
    const secondPath: string = replaced.body.imagePath;
    expect(secondPath).not.toBe(firstPath);
    expect(existsSync(onDisk(secondPath))).toBe(true);
    expect(existsSync(onDisk(firstPath))).toBe(false);
    expect(popupFiles()).toEqual(widthFiles(secondPath));

    // Without an image (JSON this time) the file stays.
    const renamed = await request(app)
      .put(`/api/popup-images/${created.body._id}`)
      .set("authorization", `Bearer ${adminToken}`)
      .send({ link: "/products/hoodies", sequence: 7 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      imagePath: secondPath,
      link: "/products/hoodies",
      sequence: 7,
      title: "Winter sale",
    });
    const stored = await PopupImage.findById(created.body._id).lean();
    expect(stored).toMatchObject({
      imagePath: secondPath,
      link: "/products/hoodies",
      sequence: 7,
      isActive: false,
    });

    const removed = await request(app)
      .delete(`/api/popup-images/${created.body._id}`)
      .set("authorization", `Bearer ${adminToken}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: "Popup image deleted", _id: created.body._id });
    expect(existsSync(onDisk(secondPath))).toBe(false);
    expect(popupFiles()).toEqual([]);
    expect(await PopupImage.countDocuments()).toBe(0);

    const again = await request(app)
      .delete(`/api/popup-images/${created.body._id}`)
      .set("authorization", `Bearer ${adminToken}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: "Popup image not found", code: "NOT_FOUND" });
  });

  it("keeps a popup stored before popups had widths: its one file is served and then removed", async () => {
    mkdirSync(path.join(uploads(), "popups"), { recursive: true });
    writeFileSync(onDisk("uploads/popups/before-widths.webp"), png);
    const legacy = await insertPopupImage({
      title: "Old",
      imagePath: "uploads/popups/before-widths.webp",
    });

    const active = await request(app).get("/api/popup-images/active");
    expect(active.body.map((image: { imagePath: string }) => image.imagePath)).toEqual([
      "uploads/popups/before-widths.webp",
    ]);
    expect((await request(app).get("/uploads/popups/before-widths.webp")).status).toBe(200);
    const removed = await request(app)
      .delete(`/api/popup-images/${legacy._id}`)
      .set("authorization", `Bearer ${adminToken}`);
    expect(removed.status).toBe(200);
    expect(popupFiles()).toEqual([]);
  });

  it("answers 404 for an unknown id, 400 for a malformed one, and keeps non-admins out", async () => {
    const unknown = await request(app)
      .put("/api/popup-images/65f000000000000000000000")
      .set("authorization", `Bearer ${adminToken}`)
      .field("title", "x")
      .attach("image", png, "a.png");
    expect(unknown.status).toBe(404);
    expect(popupFiles()).toEqual([]);
    const malformed = await request(app)
      .get("/api/popup-images/not-an-id")
      .set("authorization", `Bearer ${adminToken}`);
    expect(malformed.status).toBe(400);

    const created = await createPopup({ title: "kept" });
    for (const call of [
      request(app).get("/api/popup-images"),
      request(app).get(`/api/popup-images/${created.body._id}`),
      request(app).delete(`/api/popup-images/${created.body._id}`),
    ]) {
      const answer = await call.set("authorization", `Bearer ${customerToken}`);
      expect(answer.status).toBe(403);
    }
    const anonymousDelete = await request(app).delete(`/api/popup-images/${created.body._id}`);
    expect(anonymousDelete.status).toBe(401);
    expect(existsSync(onDisk(created.body.imagePath))).toBe(true);
    expect(await PopupImage.countDocuments()).toBe(1);
  });
});

describe("POST /api/popup-images/sequence", () => {
  it("sets sequence to the position in `order`; unlisted images follow", async () => {
    const a = (await createPopup({ title: "A", sequence: "0" })).body._id as string;
    const b = (await createPopup({ title: "B", sequence: "1" })).body._id as string;
    const c = (await createPopup({ title: "C", sequence: "2" })).body._id as string;
    const d = (await createPopup({ title: "D", sequence: "3" })).body._id as string;

    const answer = await request(app)
      .post("/api/popup-images/sequence")
      .set("authorization", `Bearer ${adminToken}`)
      .send({ order: [c, a, d] });
    expect(answer.status).toBe(200);
    expect(
      answer.body.map((image: { title: string; sequence: number }) => [
        image.title,
        image.sequence,
      ]),
    ).toEqual([
      ["C", 0],
      ["A", 1],
      ["D", 2],
      ["B", 3],
    ]);
    const stored = await PopupImage.find().sort({ sequence: 1 }).lean();
    expect(stored.map((image) => [image._id.toString(), image.sequence])).toEqual([
      [c, 0],
      [a, 1],
      [d, 2],
      [b, 3],
    ]);

    const list = await request(app)
      .get("/api/popup-images")
      .set("authorization", `Bearer ${adminToken}`);
    expect(list.body.map((image: { title: string }) => image.title)).toEqual(["C", "A", "D", "B"]);
  });

  it("refuses unknown or repeated ids and non-admins, changing nothing", async () => {
    const a = (await createPopup({ title: "A", sequence: "0" })).body._id as string;
    const b = (await createPopup({ title: "B", sequence: "1" })).body._id as string;
    const unknown = await request(app)
      .post("/api/popup-images/sequence")
      .set("authorization", `Bearer ${adminToken}`)
      .send({ order: [b, "65f000000000000000000000", a] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Popup image not found");
    const repeated = await request(app)
      .post("/api/popup-images/sequence")
      .set("authorization", `Bearer ${adminToken}`)
      .send({ order: [b, b] });
    expect(repeated.status).toBe(400);
    expect(repeated.body.errors).toEqual([{ path: "order", message: "Ids must not repeat" }]);
    const customer = await request(app)
      .post("/api/popup-images/sequence")
      .set("authorization", `Bearer ${customerToken}`)
      .send({ order: [b, a] });
    expect(customer.status).toBe(403);
    const stored = await PopupImage.find().sort({ sequence: 1 }).lean();
    expect(stored.map((image) => image.title)).toEqual(["A", "B"]);
  });
});

describe("GET /api/popup-images/active", () => {
  it("answers, without a token, the active images within their window in sequence order", async () => {
    const hour = 60 * 60 * 1000;
    const iso = (offset: number) => new Date(Date.now() + offset).toISOString();
    await createPopup({ title: "third", sequence: "3" });
    await createPopup({ title: "first", sequence: "1", link: "/products/eid" });
    await createPopup({ title: "inactive", sequence: "0", isActive: "false" });
    await createPopup({ title: "not yet", sequence: "0", startsAt: iso(hour) });
    await createPopup({ title: "over", sequence: "0", endsAt: iso(-hour) });
    await createPopup({
      title: "second, in its window",
      description: "until tomorrow",
      sequence: "2",
      startsAt: iso(-hour),
      endsAt: iso(24 * hour),
    });

    const answer = await request(app).get("/api/popup-images/active");
    expect(answer.status).toBe(200);
    expect(answer.body.map((image: { title: string }) => image.title)).toEqual([
      "first",
      "second, in its window",
      "third",
    ]);
    expect(Object.keys(answer.body[0]).sort()).toEqual([
      "_id",
      "description",
      "imagePath",
      "link",
      "sequence",
      "title",
    ]);
    expect(answer.body[0]).toMatchObject({ link: "/products/eid", sequence: 1, description: "" });
    expect(answer.body[0].imagePath).toMatch(/^uploads\/popups\/[\w-]+\.webp$/);
  });

  it("answers an empty list when nothing is active", async () => {
    await createPopup({ title: "off", isActive: "false" });
    const answer = await request(app).get("/api/popup-images/active");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });
});

describe("the storefront's copy of the active popups", () => {
  const titlesOfActive = async (): Promise<string[]> => {
    const answer = await request(app).get("/api/popup-images/active").expect(200);
    return answer.body.map((image: { title: string }) => image.title);
  };
  const asAdmin = (call: request.Test) => call.set("authorization", `Bearer ${adminToken}`);

  /** How many commands went to the popups' collection while `run` ran. */
  const popupQueries = async (run: () => Promise<void>) =>
    (await queriesDuring(run)).filter((query) =>
      query.startsWith(`${PopupImage.collection.collectionName}.`),
    ).length;

  it("serves pages without a popup query, and every write is in force on the next read", async () => {
    const a = (await createPopup({ title: "A", sequence: "0" })).body._id as string;
    expect(await titlesOfActive()).toEqual(["A"]);
    const queries = await popupQueries(async () => {
      for (let page = 0; page < 5; page++) expect(await titlesOfActive()).toEqual(["A"]);
    });
    expect(queries).toBe(0);

    await asAdmin(request(app).put(`/api/popup-images/${a}`))
      .send({ title: "A2" })
      .expect(200);
    expect(await titlesOfActive()).toEqual(["A2"]);
    await asAdmin(request(app).put(`/api/popup-images/${a}`))
      .send({ isActive: false })
      .expect(200);
    expect(await titlesOfActive()).toEqual([]);
    await asAdmin(request(app).put(`/api/popup-images/${a}`))
      .send({ isActive: true })
      .expect(200);
    expect(await titlesOfActive()).toEqual(["A2"]);
    const b = (await createPopup({ title: "B", sequence: "1" })).body._id as string;
    expect(await titlesOfActive()).toEqual(["A2", "B"]);
    await asAdmin(request(app).post("/api/popup-images/sequence"))
      .send({ order: [b, a] })
      .expect(200);
    expect(await titlesOfActive()).toEqual(["B", "A2"]);
    await asAdmin(request(app).delete(`/api/popup-images/${b}`)).expect(200);
    expect(await titlesOfActive()).toEqual(["A2"]);
    // Written straight through the model (the seed, a script): the same.
    await insertPopupImage({ title: "C" });
    expect(await titlesOfActive()).toEqual(["C", "A2"]);
  });

  it("shows a popup when its window starts and hides it when it ends, with no write", async () => {
    const startsAt = new Date(Date.now() + 1500);
    const endsAt = new Date(startsAt.getTime() + 1000);
    await PopupImage.create({
      title: "Flash",
      imagePath: "uploads/popups/flash.webp",
      startsAt,
      endsAt,
    });
    expect(await titlesOfActive()).toEqual([]);
    const sleepUntil = (moment: Date) =>
      new Promise((resolve) => setTimeout(resolve, moment.getTime() - Date.now() + 20));
    const queries = await popupQueries(async () => {
      await sleepUntil(startsAt);
      expect(await titlesOfActive()).toEqual(["Flash"]);
      await sleepUntil(endsAt);
      expect(await titlesOfActive()).toEqual([]);
    });
    expect(queries).toBe(0);
  });
});
