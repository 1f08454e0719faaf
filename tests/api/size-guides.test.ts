import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { SizeGuide } from "../../models/size-guide.model";
import { createApp } from "../../server/app";
import { createAdmin, createUser } from "../factories/user";
import { useSeededCatalog } from "../setup/catalog";

const app = createApp();
const seeded = useSeededCatalog();
let admin: { Authorization: string };

beforeEach(async () => {
  admin = { Authorization: `Bearer ${(await createAdmin()).token}` };
});

const id = (doc: { _id: unknown }) => String(doc._id);

const teeGuide = () => ({
  name: "Men's T-Shirt",
  category: id(seeded.categories.menTees),
  unit: "inch",
  columns: ["Chest", "Length"],
  rows: [
    { size: "M", values: ["40", "28"] },
    { size: "L", values: ["42", "29"] },
  ],
  note: "Measured flat.",
});

describe("/api/admin/size-guides and GET /api/size-guides", () => {
  it("creates a guide and reads it by category id or slug", async () => {
    const created = await request(app).post("/api/admin/size-guides").set(admin).send(teeGuide());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(teeGuide());
    expect((await SizeGuide.findById(created.body._id).lean())!.rows).toHaveLength(2);

    const bySlug = await request(app).get("/api/size-guides").query({ category: "men-t-shirts" });
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.map((guide: { _id: string }) => guide._id)).toEqual([created.body._id]);
    const byId = await request(app)
      .get("/api/size-guides")
      .query({ category: id(seeded.categories.menTees) });
    expect(byId.body).toHaveLength(1);
    const other = await request(app).get("/api/size-guides").query({ category: "women-kurti" });
    expect(other.body).toEqual([]);
    const all = await request(app).get("/api/size-guides");
    expect(all.body).toHaveLength(1);
  });

  it("falls back to the nearest ancestor's guide", async () => {
    const parentGuide = await request(app)
      .post("/api/admin/size-guides")
      .set(admin)
      .send({ ...teeGuide(), name: "Women's", category: id(seeded.categories.women), unit: "cm" });
    const kurti = await request(app).get("/api/size-guides").query({ category: "women-kurti" });
    expect(kurti.body.map((guide: { _id: string }) => guide._id)).toEqual([parentGuide.body._id]);
    expect(kurti.body[0].unit).toBe("cm");
  });

  it("edits and deletes; refuses mismatched rows, unknown units and non-admins", async () => {
    const created = await request(app).post("/api/admin/size-guides").set(admin).send(teeGuide());
    const edited = await request(app)
      .put(`/api/admin/size-guides/${created.body._id}`)
      .set(admin)
      .send({ unit: "cm", rows: [{ size: "S", values: ["96", "68"] }] });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ unit: "cm", rows: [{ size: "S", values: ["96", "68"] }] });
    expect((await SizeGuide.findById(created.body._id).lean())!.unit).toBe("cm");

    const mismatched = await request(app)
      .put(`/api/admin/size-guides/${created.body._id}`)
      .set(admin)
      .send({ rows: [{ size: "S", values: ["96"] }] });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.errors).toEqual([
      { path: "rows.0.values", message: "One value per column" },
    ]);
    const unit = await request(app)
      .post("/api/admin/size-guides")
      .set(admin)
      .send({ ...teeGuide(), unit: "mm" });
    expect(unit.status).toBe(400);
    const { token } = await createUser();
    const customer = await request(app)
      .post("/api/admin/size-guides")
      .set({ Authorization: `Bearer ${token}` })
      .send(teeGuide());
    expect(customer.status).toBe(403);

    const deleted = await request(app)
      .delete(`/api/admin/size-guides/${created.body._id}`)
      .set(admin);
    expect(deleted.status).toBe(200);
    expect(await SizeGuide.countDocuments()).toBe(0);
    const missing = await request(app)
      .delete(`/api/admin/size-guides/${created.body._id}`)
      .set(admin);
    expect(missing.status).toBe(404);
  });
});
