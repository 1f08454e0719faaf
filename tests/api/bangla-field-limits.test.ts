/**
 * The back office's Bangla fields (`*Bn`) are limited as they are stored: in NFC. NFC writes ড়, ঢ়
 * and য় as two code points (letter + nukta), so a text typed with the one-code-point letters grows
 * when stored; the limit used to be checked before that, and the database refused what zod let
 * through with its own message (docs/security.md, "The bilingual storefront under attack").
 */
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { Category } from "../../models/category.model";
import { createApp } from "../../server/app";
import { createAdmin } from "../factories/user";

const app = createApp();
let token: string;

beforeAll(async () => {
  token = (await createAdmin()).token;
});

describe("a Bangla name at its limit once stored", () => {
  const RRA = "\u09dc"; // ড় as one code point; NFC: ড (U+09A1) + nukta (U+09BC)

  it("is refused with the field's own message when its stored form is too long, nothing created", async () => {
    const answer = await request(app)
      .post("/api/admin/categories")
      .set("Authorization", `Bearer ${token}`)
      .send({ name: "Long Bangla", nameBn: RRA.repeat(41) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: "Invalid input",
      code: "VALIDATION_ERROR",
      errors: [{ path: "nameBn", message: "Too big: expected string to have <=80 characters" }],
    });
    expect(await Category.countDocuments({ name: "Long Bangla" })).toBe(0);
  });

  it("is stored when its stored form fits", async () => {
    const answer = await request(app)
      .post("/api/admin/categories")
      .set("Authorization", `Bearer ${token}`)
      .send({ name: "Fits", nameBn: RRA.repeat(40) });
    expect(answer.status).toBe(201);
    expect(answer.body.nameBn).toBe("\u09a1\u09bc".repeat(40));
  });
});
