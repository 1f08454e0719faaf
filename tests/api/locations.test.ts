/**
 * GET /api/locations/districts and /districts/{id}/thanas: every district with its division and
 * every thana, in English and Bangla, cacheable by browsers and shared caches, small on the wire.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { LOCATIONS_CACHE_CONTROL } from "../../server/routers/locations.router";
import { DISTRICT_NOT_FOUND } from "../../server/services/locations.service";

const app = createApp();
const BANGLA = /^[\u0980-\u09FF ]+$/;

type DistrictRow = { id: string; name: string; nameBn: string; division: string };
type ThanaRow = { id: string; name: string; nameBn: string; aliases: string[] };
let districts: DistrictRow[];

beforeAll(async () => {
  districts = (await request(app).get("/api/locations/districts").expect(200)).body.districts;
});

const thanasOf = async (district: string): Promise<ThanaRow[]> =>
  (await request(app).get(`/api/locations/districts/${district}/thanas`).expect(200)).body.thanas;
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en");

/** The answer's bytes as they travel with `Accept-Encoding: gzip` (supertest would unzip them). */
async function gzippedBytes(path: string): Promise<{ encoding?: string; bytes: Buffer }> {
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      http
        .get(
          { host: "127.0.0.1", port, path, headers: { "accept-encoding": "gzip" } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({
                encoding: response.headers["content-encoding"],
                bytes: Buffer.concat(chunks),
              }),
            );
          },
        )
        .on("error", reject);
    });
  } finally {
    server.close();
  }
}

describe("GET /api/locations/districts", () => {
  it("lists the 64 districts by English name, each with its division, in English and Bangla", async () => {
    expect(districts).toHaveLength(64);
    expect(districts.map((district) => district.name)).toEqual(
      districts.map((district) => district.name).toSorted((a, b) => a.localeCompare(b, "en")),
    );
    expect(new Set(districts.map((district) => district.id)).size).toBe(64);
    expect(new Set(districts.map((district) => district.division))).toEqual(
      new Set([
        "Barishal",
        "Chattogram",
        "Dhaka",
        "Khulna",
        "Mymensingh",
        "Rajshahi",
        "Rangpur",
      ]).add("Sylhet"),
    );
    for (const district of districts) {
      expect(Object.keys(district).sort(), district.id).toEqual([
        "division",
        "divisionBn",
        "id",
        "name",
        "nameBn",
      ]);
      expect(district.nameBn, district.id).toMatch(BANGLA);
    }
    expect(districts).toContainEqual({
      id: "dhaka",
      name: "Dhaka",
      nameBn: "ঢাকা",
      division: "Dhaka",
      divisionBn: "ঢাকা",
    });
    expect(districts).toContainEqual({
      id: "coxsbazar",
      name: "Cox's Bazar",
      nameBn: "কক্সবাজার",
      division: "Chattogram",
      divisionBn: "চট্টগ্রাম",
    });
  });

  it("may be kept by browsers and shared caches, and revalidates to a 304", async () => {
    const answer = await request(app).get("/api/locations/districts").expect(200);
    expect(answer.headers["cache-control"]).toBe(
      "public, max-age=86400, stale-while-revalidate=604800",
    );
    expect(answer.headers["cache-control"]).toBe(LOCATIONS_CACHE_CONTROL);
    expect(answer.headers["set-cookie"]).toBeUndefined();
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    const etag = answer.headers.etag;
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await request(app).get("/api/locations/districts").set("If-None-Match", etag);
    expect(again.status).toBe(304);
    expect(again.text).toBeFalsy();
    expect(again.headers["cache-control"]).toBe(LOCATIONS_CACHE_CONTROL);
    const thanas = await request(app).get("/api/locations/districts/dhaka/thanas");
    expect(thanas.headers["cache-control"]).toBe(LOCATIONS_CACHE_CONTROL);
    expect(thanas.headers.etag).not.toBe(etag);
    const thanasAgain = await request(app)
      .get("/api/locations/districts/dhaka/thanas")
      .set("If-None-Match", thanas.headers.etag);
    expect(thanasAgain.status).toBe(304);
  });

  it("travels gzipped: under 2 KB for every district", async () => {
    const { encoding, bytes } = await gzippedBytes("/api/locations/districts");
    expect(encoding).toBe("gzip");
    const json = gunzipSync(bytes);
    expect(JSON.parse(json.toString("utf8")).districts).toHaveLength(64);
    expect(json.length).toBeLessThan(12_000);
    expect(bytes.length).toBeLessThan(2_000);
  });
});

describe("GET /api/locations/districts/{id}/thanas", () => {
  it("lists Dhaka's upazilas and metropolitan thanas by English name", async () => {
    const thanas = await thanasOf("dhaka");
    expect(thanas).toHaveLength(55);
    expect(thanas).toContainEqual({
      id: "dhaka/dhanmondi",
      name: "Dhanmondi",
      nameBn: "ধানমন্ডি",
      aliases: ["ধানমণ্ডি"],
    });
    // The other spellings travel with the names: the checkout's picker finds Savar by "Ashulia".
    expect(thanas).toContainEqual({
      id: "dhaka/savar",
      name: "Savar",
      nameBn: "সাভার",
      aliases: ["Ashulia", "আশুলিয়া"],
    });
    expect(thanas.find((thana) => thana.id === "dhaka/gulshan")?.aliases).toEqual([]);
    expect(thanas.map((thana) => thana.name)).toEqual(
      expect.arrayContaining(["Gulshan", "Mirpur", "Uttara East", "Keraniganj", "Motijheel"]),
    );
    expect(thanas).toEqual(thanas.toSorted(byName));
  });

  it("lists Chattogram's upazilas and metropolitan thanas", async () => {
    const thanas = await thanasOf("chattogram");
    expect(thanas).toHaveLength(30);
    expect(thanas).toContainEqual({
      id: "chattogram/panchlaish",
      name: "Panchlaish",
      nameBn: "পাঁচলাইশ",
      aliases: [],
    });
    expect(thanas.map((thana) => thana.name)).toEqual(
      expect.arrayContaining(["Double Mooring", "Kotwali", "Patenga", "Hathazari", "Sitakunda"]),
    );
  });

  it("answers every district's thanas, each with its Bangla name and an id under the district", async () => {
    let total = 0;
    for (const district of districts) {
      const thanas = await thanasOf(district.id);
      expect(thanas.length, district.id).toBeGreaterThanOrEqual(3);
      for (const thana of thanas) {
        expect(thana.id.startsWith(`${district.id}/`), thana.id).toBe(true);
        expect(thana.nameBn, thana.id).toMatch(BANGLA);
      }
      total += thanas.length;
    }
    expect(total).toBe(495 + 50 + 15);
  });

  it("travels gzipped: Dhaka's, the largest list, aliases included, under 1.5 KB", async () => {
    const { encoding, bytes } = await gzippedBytes("/api/locations/districts/dhaka/thanas");
    expect(encoding).toBe("gzip");
    expect(JSON.parse(gunzipSync(bytes).toString("utf8")).thanas).toHaveLength(55);
    expect(bytes.length).toBeLessThan(1_500);
  });

  it("answers 404 with the error shape for an id that is not a district's, not cached", async () => {
    for (const id of ["atlantis", "Dhaka", "__proto__", "constructor", "dhaka%2Fdhanmondi", "১"]) {
      const answer = await request(app).get(`/api/locations/districts/${id}/thanas`);
      expect(answer.status, id).toBe(404);
      expect(answer.body, id).toEqual({ message: DISTRICT_NOT_FOUND, code: "NOT_FOUND" });
      expect(answer.headers["cache-control"], id).toBeUndefined();
    }
    expect(DISTRICT_NOT_FOUND).toBe("District not found");
    const tooLong = await request(app).get(`/api/locations/districts/${"a".repeat(65)}/thanas`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([
      { path: "id", message: "Too big: expected string to have <=64 characters" },
    ]);
  });
});
