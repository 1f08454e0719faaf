/*
 * Pathao's live price and booking by the shop's places (docs/delivery-zones.md, "Pathao's live
 * price"): the checkout's district and thana found in the Pathao stub's city and zone lists as a
 * real account answers them (tests/stubs/pathao-places.ts: all 64 districts in Pathao's spellings,
 * a sandbox's test entries, zones with the city beside them, numbered Dhaka zones), the zone's
 * charge with the reason logged when a place is not matched, never another city's price, the lists
 * cached per store for an hour, the parcel booked with the same ids, and the operator's report of
 * what is unmatched. The stub prices city 1 (Dhaka) ৳70 and any other city ৳130; the shop's zones
 * charge ৳60 inside Dhaka and ৳120 outside.
 */
import request from "supertest";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app";
import { logger } from "../../server/lib/logger";
import { resetDeliveryCacheForTests } from "../../server/services/delivery.service";
import { MAX_CACHED_LISTS, pathaoList } from "../../server/services/delivery-pathao-places";
import { PATHAO_LISTS_UNREADABLE } from "../../server/routers/admin-pathao-places.router";
import { clearDatabase } from "../setup/db";
import { usePathaoStub } from "../setup/pathao";
import { STUB_CITIES, STUB_ZONES, type PathaoStub } from "../stubs/pathao";
import { PATHAO_CITIES, PATHAO_TEST_CITIES, PATHAO_ZONES } from "../stubs/pathao-places";
import { shippingAddress } from "../factories/address";
import { shopperWithCart } from "../factories/cart";
import { createAdmin } from "../factories/user";

let app: ReturnType<typeof createApp>;
let adminToken: string;
let pathao: PathaoStub;

beforeAll(() => {
  app = createApp();
});

usePathaoStub((stub) => (pathao = stub));

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
  pathao.cities = PATHAO_CITIES;
  pathao.zones = PATHAO_ZONES;
  pathao.listReads = {};
  resetDeliveryCacheForTests();
});

afterEach(() => {
  vi.restoreAllMocks();
  pathao.cities = STUB_CITIES;
  pathao.zones = STUB_ZONES;
  resetDeliveryCacheForTests();
});

/** An address as the checkout's picker sends it: the ids and the lists' English names. */
const picked = (districtId: string, thanaId: string, city: string, zone: string) => ({
  city,
  zone,
  districtId,
  thanaId,
});

/** The Pathao city and zone the last price plan asked for. */
const lastPriced = () => {
  const plan = pathao.pricePlans.at(-1);
  return plan && { city: plan.recipient_city, zone: plan.recipient_zone };
};

describe("the checkout's live price by the shop's district and thana", () => {
  it("finds Pathao's city and zone however Pathao spells them", async () => {
    const { buyer } = await shopperWithCart(app, 1);
    const cases: [ReturnType<typeof picked>, { city: number; zone: number }][] = [
      // The city's name beside the zone ("Panchlaish ctg", "Kotwali (Chattogram)").
      [
        picked("chattogram", "chattogram/panchlaish", "Chattogram", "Panchlaish"),
        { city: 2, zone: 333 },
      ],
      [picked("chattogram", "chattogram/kotwali", "Chattogram", "Kotwali"), { city: 2, zone: 987 }],
      [
        picked("chattogram", "chattogram/lohagara", "Chattogram", "Lohagara"),
        { city: 2, zone: 460 },
      ],
      // Pathao's old district spellings inside the zone's name (Bogra, Barisal).
      [picked("bogura", "bogura/bogura-sadar", "Bogura", "Bogura Sadar"), { city: 9, zone: 104 }],
      [picked("bogura", "bogura/gabtali", "Bogura", "Gabtali"), { city: 9, zone: 480 }],
      [
        picked("barishal", "barishal/barishal-sadar", "Barishal", "Barishal Sadar"),
        { city: 17, zone: 113 },
      ],
      // Latin spellings of one Bangla name.
      [picked("barishal", "barishal/gaurnadi", "Barishal", "Gaurnadi"), { city: 17, zone: 910 }],
      [picked("barguna", "barguna/patharghata", "Barguna", "Patharghata"), { city: 34, zone: 934 }],
      [
        picked(
          "brahmanbaria",
          "brahmanbaria/brahmanbaria-sadar",
          "Brahmanbaria",
          "Brahmanbaria Sadar",
        ),
        { city: 32, zone: 547 },
      ],
      [
        picked("cumilla", "cumilla/cumilla-sadar", "Cumilla", "Cumilla Sadar"),
        { city: 5, zone: 93 },
      ],
      // Dhaka's metropolitan thanas against Pathao's Dhaka zones.
      [picked("dhaka", "dhaka/dhanmondi", "Dhaka", "Dhanmondi"), { city: 1, zone: 62 }],
      [picked("dhaka", "dhaka/cantonment", "Dhaka", "Cantonment"), { city: 1, zone: 342 }],
      [picked("dhaka", "dhaka/lalbagh", "Dhaka", "Lalbagh"), { city: 1, zone: 57 }],
      [picked("dhaka", "dhaka/gulshan", "Dhaka", "Gulshan"), { city: 1, zone: 4 }],
      [picked("dhaka", "dhaka/kotwali", "Dhaka", "Kotwali"), { city: 1, zone: 239 }],
      [picked("dhaka", "dhaka/savar", "Dhaka", "Savar"), { city: 1, zone: 65 }],
    ];
    for (const [address, expected] of cases) {
      const quote = (await buyer.quote(address)).body;
      expect({
        thana: address.thanaId,
        source: quote.deliverySource,
        priced: lastPriced(),
      }).toEqual({
        thana: address.thanaId,
        source: "pathao",
        priced: expected,
      });
      expect(quote.deliveryCharge).toBe(expected.city === 1 ? 70 : 130);
    }
    expect(pathao.pricePlans).toHaveLength(cases.length);
  });

  it("finds them from names typed in any spelling the shop's lists know (no ids sent)", async () => {
    const { buyer } = await shopperWithCart(app, 1);
    const cases: [Record<string, string>, { city: number; zone: number }][] = [
      [
        { city: "Chittagong", zone: "Panchlaish" },
        { city: 2, zone: 333 },
      ],
      [
        { city: "Bogra", zone: "Bogra Sadar" },
        { city: 9, zone: 104 },
      ],
      [
        { city: "Barisal", zone: "Barisal Sadar" },
        { city: 17, zone: 113 },
      ],
      [
        { city: "Comilla", zone: "Comilla Sadar" },
        { city: 5, zone: 93 },
      ],
      [
        { city: "চট্টগ্রাম", zone: "পাঁচলাইশ" },
        { city: 2, zone: 333 },
      ],
      // A zone given as Pathao's own id, as the older checkout sent it.
      [
        { city: "Chattogram", zone: "86" },
        { city: 2, zone: 86 },
      ],
    ];
    for (const [address, expected] of cases) {
      const quote = (await buyer.quote(address)).body;
      expect({ address, source: quote.deliverySource, priced: lastPriced() }).toEqual({
        address,
        source: "pathao",
        priced: expected,
      });
    }
  });

  it("charges the zone's price, with the reason logged, for a place Pathao's lists do not have", async () => {
    const logged = vi.spyOn(logger, "info");
    const { buyer } = await shopperWithCart(app, 1);
    const jessore = await buyer.quote({ city: "Jessore", zone: "Jhikargacha" });
    expect(jessore.body).toMatchObject({ deliveryCharge: 120, deliverySource: "builtin" });
    const uttara = await buyer.quote(picked("dhaka", "dhaka/uttara-west", "Dhaka", "Uttara West"));
    expect(uttara.body).toMatchObject({ deliveryCharge: 60, deliverySource: "builtin" });
    expect(await buyer.quote({ city: "Dhaka" })).toMatchObject({
      body: { deliveryCharge: 60, deliverySource: "builtin" },
    });
    expect(pathao.pricePlans).toEqual([]);
    const reasons = logged.mock.calls
      .filter(
        ([, message]) => message === "Pathao cannot price this place; using the zone's charge",
      )
      .map(([fields]) => fields);
    expect(reasons).toEqual([
      {
        districtId: "jashore",
        thanaId: "jashore/jhikargachha",
        zone: "Jhikargacha",
        reason: "no-pathao-zone",
      },
      {
        districtId: "dhaka",
        thanaId: "dhaka/uttara-west",
        zone: "Uttara West",
        reason: "no-pathao-zone",
      },
      { districtId: "dhaka", thanaId: null, zone: "", reason: "no-thana" },
    ]);
  });

  it("never prices a place with another city's ids", async () => {
    const { buyer } = await shopperWithCart(app, 1);
    // Pathao's list without Dhaka but with a sandbox's "Dhakaaaaaaaa": Dhaka is not that city.
    pathao.cities = PATHAO_CITIES.filter((city) => city.city_name !== "Dhaka");
    expect(
      (await buyer.quote(picked("dhaka", "dhaka/dhanmondi", "Dhaka", "Dhanmondi"))).body,
    ).toMatchObject({ deliveryCharge: 60, deliverySource: "builtin" });
    // Two cities written as one district: neither is taken.
    resetDeliveryCacheForTests();
    pathao.cities = [...PATHAO_CITIES, { city_id: 990, city_name: "Chattogram" }];
    expect(
      (await buyer.quote(picked("chattogram", "chattogram/panchlaish", "Chattogram", "Panchlaish")))
        .body,
    ).toMatchObject({ deliveryCharge: 120, deliverySource: "builtin" });
    // Bhola's zone list holds a test zone named "Dhaka": a Dhaka address never reaches it.
    resetDeliveryCacheForTests();
    pathao.cities = PATHAO_CITIES;
    expect((await buyer.quote({ city: "Dhaka", zone: "1395" })).body).toMatchObject({
      deliveryCharge: 60,
      deliverySource: "builtin",
    });
    // A thana of another district is refused before any price.
    const mixed = await buyer.quote(picked("dhaka", "bhola/char-fasson", "Dhaka", "Char Fasson"));
    expect(mixed.status).toBe(400);
    expect(pathao.pricePlans).toEqual([]);
  });

  it("reads Pathao's lists once an hour per store", async () => {
    const { buyer } = await shopperWithCart(app, 1);
    const panchlaish = picked("chattogram", "chattogram/panchlaish", "Chattogram", "Panchlaish");
    await buyer.quote(panchlaish);
    await buyer.quote(panchlaish);
    await buyer.quote(picked("chattogram", "chattogram/kotwali", "Chattogram", "Kotwali"));
    expect(pathao.listReads).toEqual({ cities: 1, "zones:2": 1 });

    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 61 * 60 * 1000);
    await buyer.quote(panchlaish);
    expect(pathao.listReads).toEqual({ cities: 2, "zones:2": 2 });

    // Another store of the account has its own lists.
    await request(app)
      .put("/api/admin/couriers/pathao")
      .set("Authorization", `Bearer ${adminToken}`)
      .send({ fields: { storeId: 778 } })
      .expect(200);
    await buyer.quote(panchlaish);
    expect(pathao.listReads).toEqual({ cities: 3, "zones:2": 3 });
  });

  it("does not ask Pathao's lists on every quote while they fail: the zone's charge for a minute", async () => {
    const { buyer } = await shopperWithCart(app, 1);
    const panchlaish = picked("chattogram", "chattogram/panchlaish", "Chattogram", "Panchlaish");
    pathao.listsDown = true;
    try {
      for (let quote = 0; quote < 3; quote += 1)
        expect((await buyer.quote(panchlaish)).body).toMatchObject({
          deliveryCharge: 120,
          deliverySource: "builtin",
        });
      expect(pathao.listReads).toEqual({ cities: 1 });
      pathao.listsDown = false;
      expect((await buyer.quote(panchlaish)).body.deliverySource).toBe("builtin");
      const now = Date.now();
      vi.spyOn(Date, "now").mockReturnValue(now + 61 * 1000);
      expect((await buyer.quote(panchlaish)).body).toMatchObject({
        deliveryCharge: 130,
        deliverySource: "pathao",
      });
    } finally {
      pathao.listsDown = false;
    }
  });
});

describe("Pathao's cached lists", () => {
  it("keep at most MAX_CACHED_LISTS lists: one asked per zone id never grows without end", async () => {
    const credentials = { clientId: "c", clientSecret: "s", username: "u", password: "p" };
    const loads: string[] = [];
    const list = (name: string) => pathaoList(credentials, name, async () => loads.push(name));
    // In memory only (no request): the first list, then as many others as the cache keeps.
    await list("areas:1");
    await Promise.all(
      Array.from({ length: MAX_CACHED_LISTS }, (_, index) => list(`areas:${index + 2}`)),
    );
    await list(`areas:${MAX_CACHED_LISTS + 1}`);
    await list("areas:1");
    expect(loads.filter((name) => name === "areas:1")).toHaveLength(2);
    expect(loads.filter((name) => name === `areas:${MAX_CACHED_LISTS + 1}`)).toHaveLength(1);
  });
});

describe("booking a parcel with Pathao", () => {
  const book = (orderId: string) =>
    request(app)
      .post(`/api/admin/orders/${orderId}/courier`)
      .set("Authorization", `Bearer ${adminToken}`);

  it("sends the recipient's city and zone from the same match as the price", async () => {
    const { buyer } = await shopperWithCart(app, 1);
    const placed = await buyer.order({
      shippingAddress: shippingAddress(
        picked("chattogram", "chattogram/panchlaish", "Chattogram", "Panchlaish"),
      ),
    });
    expect(placed.body.deliveryCharge).toBe(130);
    expect((await book(placed.body._id)).status).toBe(200);
    expect(pathao.orders[0]).toMatchObject({ recipient_city: 2, recipient_zone: 333 });
  });

  it("sends the city alone when Pathao has no zone for the thana, and no ids without its city", async () => {
    const { buyer: first } = await shopperWithCart(app, 1);
    const uttara = await first.order({
      shippingAddress: shippingAddress(
        picked("dhaka", "dhaka/uttara-west", "Dhaka", "Uttara West"),
      ),
    });
    expect((await book(uttara.body._id)).status).toBe(200);
    expect(pathao.orders[0]).toMatchObject({ recipient_city: 1 });
    expect(pathao.orders[0]).not.toHaveProperty("recipient_zone");

    pathao.cities = PATHAO_CITIES.filter((city) => city.city_name.trim() !== "Bhola");
    resetDeliveryCacheForTests();
    const { buyer: second } = await shopperWithCart(app, 1);
    const bhola = await second.order({
      shippingAddress: shippingAddress(
        picked("bhola", "bhola/char-fasson", "Bhola", "Char Fasson"),
      ),
    });
    expect((await book(bhola.body._id)).status).toBe(200);
    expect(pathao.orders[1]).not.toHaveProperty("recipient_city");
    expect(pathao.orders[1]).not.toHaveProperty("recipient_zone");
  });
});

describe("GET /api/admin/couriers/pathao/places", () => {
  const places = () =>
    request(app)
      .get("/api/admin/couriers/pathao/places")
      .set("Authorization", `Bearer ${adminToken}`);

  it("matches all 64 districts and lists the thanas Pathao's zones do not have", async () => {
    const answer = await places();
    expect(answer.status).toBe(200);
    expect(answer.body.districts).toEqual({ matched: 64, unmatched: [] });
    expect(answer.body.unusedPathaoCities).toEqual(
      PATHAO_CITIES.filter((city) => PATHAO_TEST_CITIES.includes(city.city_name)).map((city) => ({
        cityId: city.city_id,
        name: city.city_name,
      })),
    );
    const unmatched = answer.body.thanas.unmatched.map((thana: { id: string }) => thana.id);
    expect(unmatched).toContain("dhaka/uttara-west");
    expect(unmatched).not.toContain("chattogram/panchlaish");
    expect(answer.body.thanas.unmatched).toContainEqual({
      id: "jashore/jhikargachha",
      name: "Jhikargachha",
      districtId: "jashore",
    });
    expect(answer.body.thanas.matched).toBeGreaterThanOrEqual(70);
  });

  it("names an unmatched district, and answers 502 when Pathao's lists cannot be read", async () => {
    pathao.cities = PATHAO_CITIES.filter((city) => city.city_name !== "Jhenidah");
    expect((await places()).body.districts).toEqual({
      matched: 63,
      unmatched: [{ id: "jhenaidah", name: "Jhenaidah" }],
    });
    resetDeliveryCacheForTests();
    const password = pathao.password;
    pathao.revokeTokens();
    pathao.password = "changed";
    try {
      const refused = await places();
      expect(refused.status).toBe(502);
      expect(refused.body).toEqual({
        message: PATHAO_LISTS_UNREADABLE,
        code: "COURIER_UNAVAILABLE",
      });
    } finally {
      pathao.password = password;
    }
  });
});
