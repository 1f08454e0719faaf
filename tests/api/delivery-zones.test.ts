/*
 * Delivery zones (docs/delivery-zones.md) through the HTTP API: the zone table's validation in the
 * shop settings, where an address goes (ids checked, names looked up), the quote and the placed
 * order per zone, a zone's own free-delivery threshold, the advance rule "outside Dhaka", the live
 * price as a setting, and a settings document saved before zones. The product sells at ৳800; the
 * first-start zones charge ৳60 inside Dhaka, ৳90 in its suburbs, ৳120 elsewhere, free from ৳3,000.
 */
import request from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { ShopSettingsModel } from "../../models/shop-settings.model";
import { AuditEntry } from "../../models/audit-entry.model";
import { createApp } from "../../server/app";
import { resetBkashTokenForTests } from "../../server/integrations/bkash";
import {
  THANA_NOT_IN_DISTRICT_MESSAGE,
  UNKNOWN_DISTRICT_MESSAGE,
} from "../../server/services/delivery-place";
import { invalidateShopSettings } from "../../server/services/shop-settings.service";
import type { ShopSettings } from "#contract/schemas/shop-settings";
import { clearDatabase } from "../setup/db";
import { setEnv } from "../setup/env";
import { usePathaoStub } from "../setup/pathao";
import { bkashEnv, startBkashStub, type BkashStub } from "../stubs/bkash";
import type { PathaoStub } from "../stubs/pathao";
import { shippingAddress } from "../factories/address";
import { shopperWithCart } from "../factories/cart";
import { changeShopSettings } from "../factories/shop-settings";
import { createAdmin } from "../factories/user";

let app: ReturnType<typeof createApp>;
let adminToken: string;

beforeAll(() => {
  app = createApp();
});

beforeEach(async () => {
  await clearDatabase();
  adminToken = (await createAdmin()).token;
});

const INSIDE = { id: "inside-dhaka", name: "Inside Dhaka", nameBn: "ঢাকার ভেতরে" };
const SUBURBS = { id: "dhaka-suburbs", name: "Dhaka suburbs", nameBn: "ঢাকার আশপাশ" };
const OUTSIDE = { id: "outside-dhaka", name: "Outside Dhaka", nameBn: "ঢাকার বাইরে" };

/** Addresses as the checkout's picker sends them: ids plus the English names. */
const DHANMONDI = {
  city: "Dhaka",
  zone: "Dhanmondi",
  districtId: "dhaka",
  thanaId: "dhaka/dhanmondi",
};
const SAVAR = { city: "Dhaka", zone: "Savar", districtId: "dhaka", thanaId: "dhaka/savar" };
const BHOLA = {
  city: "Bhola",
  zone: "Char Fasson",
  districtId: "bhola",
  thanaId: "bhola/char-fasson",
};

const asAdmin = (test: request.Test) => test.set("Authorization", `Bearer ${adminToken}`);

/** Saves the settings as loaded with `edit` applied, through the API. */
async function saveEdited(edit: (settings: ShopSettings) => void) {
  const loaded = (await asAdmin(request(app).get("/api/admin/settings")).expect(200)).body as {
    version: number;
    settings: ShopSettings;
  };
  edit(loaded.settings);
  return asAdmin(request(app).put("/api/admin/settings")).send({
    version: loaded.version,
    settings: loaded.settings,
  });
}

const zoneById = (settings: ShopSettings, id: string) =>
  settings.delivery.zones.find((zone) => zone.id === id)!;

describe("the zone table in the shop settings", () => {
  it("refuses a place in two zones, naming it and both zones; nothing is saved", async () => {
    const answer = await saveEdited((settings) => {
      zoneById(settings, "inside-dhaka").districts.push("gazipur");
      zoneById(settings, "inside-dhaka").thanas.push("dhaka/savar");
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      {
        path: "settings.delivery.zones.1.districts.0",
        message: "Gazipur is in two zones: “Inside Dhaka” and “Dhaka suburbs”",
      },
      {
        path: "settings.delivery.zones.1.thanas.0",
        message: "Savar (Dhaka) is in two zones: “Inside Dhaka” and “Dhaka suburbs”",
      },
    ]);
    expect(await AuditEntry.countDocuments({ entity: "shop-settings" })).toBe(0);
  });

  it("refuses unknown ids, a place listed twice and a zone id used twice", async () => {
    const answer = await saveEdited((settings) => {
      const suburbs = zoneById(settings, "dhaka-suburbs");
      suburbs.districts.push("atlantis", "narayanganj");
      suburbs.thanas.push("dhaka/nowhere", "gazipur");
      settings.delivery.zones.push({
        ...suburbs,
        id: "outside-dhaka",
        name: "Far away",
        districts: [],
        thanas: [],
      });
      settings.delivery.zones[0].id = "Inside Dhaka";
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      {
        path: "settings.delivery.zones.0.id",
        message: "Lower-case letters, digits and dashes only",
      },
      {
        path: "settings.delivery.zones.1.districts.2",
        message: "No district has the id “atlantis”",
      },
      {
        path: "settings.delivery.zones.1.districts.3",
        message: "Narayanganj is listed twice in “Dhaka suburbs”",
      },
      {
        path: "settings.delivery.zones.1.thanas.5",
        message: "No thana has the id “dhaka/nowhere”",
      },
      { path: "settings.delivery.zones.1.thanas.6", message: "No thana has the id “gazipur”" },
      { path: "settings.delivery.zones.2.id", message: "Another zone has the id “outside-dhaka”" },
    ]);
  });

  it("reports at most 50 of the table's issues", async () => {
    const answer = await saveEdited((settings) => {
      zoneById(settings, "dhaka-suburbs").districts = Array.from({ length: 60 }, (_, n) => `x${n}`);
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toHaveLength(50);
    expect(answer.body.errors[49]).toEqual({
      path: "settings.delivery.zones.1.districts.49",
      message: "No district has the id “x49”",
    });
  });

  it("saves a new zone and logs each change by the zone's id", async () => {
    const saved = await saveEdited((settings) => {
      zoneById(settings, "dhaka-suburbs").charge = 80;
      settings.delivery.zones.push({
        id: "chattogram-city",
        name: "Chattogram city",
        nameBn: "চট্টগ্রাম শহর",
        charge: 100,
        freeDeliveryThreshold: null,
        districts: [],
        thanas: ["chattogram/panchlaish", "chattogram/kotwali"],
      });
    });
    expect(saved.status).toBe(200);
    const log = await asAdmin(request(app).get("/api/admin/settings/changes"));
    expect(log.body.changes[0].fields).toEqual([
      { path: "delivery.zones.dhaka-suburbs.charge", before: 90, after: 80 },
      {
        path: "delivery.zones.chattogram-city",
        before: null,
        after: expect.objectContaining({ name: "Chattogram city", charge: 100 }),
      },
    ]);
    const { buyer } = await shopperWithCart(app);
    const quote = await buyer.quote({
      city: "Chattogram",
      zone: "Panchlaish",
      districtId: "chattogram",
      thanaId: "chattogram/panchlaish",
    });
    expect(quote.body).toMatchObject({
      deliveryCharge: 100,
      zone: { id: "chattogram-city", name: "Chattogram city", nameBn: "চট্টগ্রাম শহর" },
    });
  });
});

describe("the quote and the order, per zone", () => {
  it("quotes each zone's charge and names the zone", async () => {
    const { buyer } = await shopperWithCart(app); // 2 x ৳800
    const cases: [Record<string, unknown>, number, typeof INSIDE][] = [
      [DHANMONDI, 60, INSIDE],
      [SAVAR, 90, SUBURBS],
      [BHOLA, 120, OUTSIDE],
      // Older pages and API clients: names only.
      [{ city: "Dhaka" }, 60, INSIDE],
      [{ city: "Dhaka", zone: "Mirpur" }, 60, INSIDE],
      [{ city: "Dhaka", zone: "Keraniganj" }, 90, SUBURBS],
      [{ city: "Savar" }, 90, SUBURBS],
      [{ city: "সাভার" }, 90, SUBURBS],
      [{ city: "Tongi" }, 90, SUBURBS],
      [{ city: "Narayanganj" }, 90, SUBURBS],
      [{ city: "Bhola" }, 120, OUTSIDE],
      [{ city: "Chittagong" }, 120, OUTSIDE],
      [{ city: "Atlantis" }, 120, OUTSIDE],
    ];
    for (const [address, charge, zone] of cases) {
      const quote = await buyer.quote(address);
      expect(quote.status, JSON.stringify(address)).toBe(200);
      expect(quote.body, JSON.stringify(address)).toMatchObject({
        deliveryCharge: charge,
        total: 1600 + charge,
        deliverySource: "builtin",
        zone,
      });
    }
  });

  it("refuses an unknown district id and a thana of another district, with the field named", async () => {
    const { buyer } = await shopperWithCart(app);
    const wrongThana = await buyer.quote({ ...BHOLA, thanaId: "dhaka/savar" });
    expect(wrongThana.status).toBe(400);
    expect(wrongThana.body).toEqual({
      message: THANA_NOT_IN_DISTRICT_MESSAGE,
      code: "UNKNOWN_PLACE",
      errors: [{ path: "shippingAddress.thanaId", message: THANA_NOT_IN_DISTRICT_MESSAGE }],
    });
    expect(THANA_NOT_IN_DISTRICT_MESSAGE).toBe(
      "This thana is not in the chosen district. Choose your thana from the list.",
    );
    const unknownThana = await buyer.quote({ ...DHANMONDI, thanaId: "dhaka/atlantis" });
    expect(unknownThana.body.errors).toEqual([
      { path: "shippingAddress.thanaId", message: THANA_NOT_IN_DISTRICT_MESSAGE },
    ]);
    const unknownDistrict = await buyer.quote({ city: "Atlantis", districtId: "atlantis" });
    expect(unknownDistrict.status).toBe(400);
    expect(unknownDistrict.body).toEqual({
      message: "This district is not on our list. Choose your district from the list.",
      code: "UNKNOWN_PLACE",
      errors: [{ path: "shippingAddress.districtId", message: UNKNOWN_DISTRICT_MESSAGE }],
    });

    // The placement refuses the same way, before anything is taken: the cart stays.
    const placed = await buyer.order({
      shippingAddress: shippingAddress({ ...BHOLA, thanaId: "dhaka/savar" }),
    });
    expect(placed.status).toBe(400);
    expect(placed.body.errors).toEqual([
      { path: "shippingAddress.thanaId", message: THANA_NOT_IN_DISTRICT_MESSAGE },
    ]);
    expect(await Order.countDocuments()).toBe(0);
    expect((await buyer.get("/api/cart")).body.cartItems).toHaveLength(1);
  });

  it("charges each placed order its zone and stores the resolved ids and names", async () => {
    type Case = [Record<string, unknown>, number, string | null, string | null, string, string];
    const cases: Case[] = [
      [DHANMONDI, 60, "dhaka", "dhaka/dhanmondi", "Dhaka", "Dhanmondi"],
      [SAVAR, 90, "dhaka", "dhaka/savar", "Dhaka", "Savar"],
      [BHOLA, 120, "bhola", "bhola/char-fasson", "Bhola", "Char Fasson"],
      // Ids sent: the stored names are the ids' own, whatever the text said.
      [
        { ...DHANMONDI, city: "Bhola", zone: "x" },
        60,
        "dhaka",
        "dhaka/dhanmondi",
        "Dhaka",
        "Dhanmondi",
      ],
      // No ids (an older page): found from the names, which are stored as typed.
      [{ city: "Savar" }, 90, "dhaka", "dhaka/savar", "Savar", ""],
      [{ city: "dhaka", zone: "ধানমন্ডি" }, 60, "dhaka", "dhaka/dhanmondi", "dhaka", "ধানমন্ডি"],
      // A thana id alone names its district.
      [
        { city: "x", thanaId: "gazipur/kaliakair" },
        90,
        "gazipur",
        "gazipur/kaliakair",
        "Gazipur",
        "Kaliakair",
      ],
      // An unknown city still places the order, charged as the fallback zone.
      [{ city: "Atlantis" }, 120, null, null, "Atlantis", ""],
    ];
    for (const [address, charge, districtId, thanaId, city, zone] of cases) {
      const { buyer } = await shopperWithCart(app);
      const placed = await buyer.order({ shippingAddress: shippingAddress(address) });
      expect(placed.status, JSON.stringify(address)).toBe(201);
      expect(placed.body).toMatchObject({
        deliveryCharge: charge,
        totalDiscountedPrice: 1600 + charge,
        shippingAddress: { districtId, thanaId, city, zone },
      });
      const stored = (await Order.findById(placed.body._id).lean())!;
      expect(stored.shippingAddress, JSON.stringify(address)).toMatchObject({
        districtId,
        thanaId,
        city,
        zone,
      });
      expect(stored.deliveryCharge).toBe(charge);
    }
  });

  it("a zone's own free-delivery threshold replaces the shop-wide one there only", async () => {
    await changeShopSettings((settings) => {
      zoneById(settings, "dhaka-suburbs").freeDeliveryThreshold = 1500;
      zoneById(settings, "inside-dhaka").freeDeliveryThreshold = 0; // never free inside Dhaka
    });
    const { buyer } = await shopperWithCart(app, 4); // ৳3,200: above the shop-wide ৳3,000
    expect((await buyer.quote(SAVAR)).body.deliveryCharge).toBe(0);
    expect((await buyer.quote(DHANMONDI)).body.deliveryCharge).toBe(60);
    expect((await buyer.quote(BHOLA)).body.deliveryCharge).toBe(0);
    const { buyer: small } = await shopperWithCart(app, 2); // ৳1,600
    expect((await small.quote(SAVAR)).body.deliveryCharge).toBe(0);
    expect((await small.quote(BHOLA)).body.deliveryCharge).toBe(120);
  });
});

describe("the advance rule 'outside Dhaka'", () => {
  let bkash: BkashStub;
  let restoreEnv: () => void;

  beforeAll(async () => {
    bkash = await startBkashStub();
    restoreEnv = setEnv(bkashEnv(bkash));
    resetBkashTokenForTests();
  });

  afterAll(async () => {
    restoreEnv();
    await bkash.close();
  });

  it("asks it everywhere but Dhaka city's zone: the suburbs count as outside", async () => {
    await changeShopSettings((settings) => {
      settings.cod.advanceDeliveryCharge.outsideDhaka = true;
    });
    const { buyer } = await shopperWithCart(app);
    expect((await buyer.quote(DHANMONDI)).body.advanceDeliveryCharge).toBeUndefined();
    expect((await buyer.quote({ city: "Dhaka" })).body.advanceDeliveryCharge).toBeUndefined();
    for (const address of [SAVAR, BHOLA, { city: "Atlantis" }])
      expect((await buyer.quote(address)).body.advanceDeliveryCharge, address.city).toMatchObject({
        reasons: ["outsideDhaka"],
      });
    // Dhaka city in the fallback zone (its zone removed): every address counts as outside.
    await changeShopSettings((settings) => {
      settings.delivery.zones = settings.delivery.zones.filter(
        (zone) => zone.id !== "inside-dhaka",
      );
    });
    expect((await buyer.quote(DHANMONDI)).body).toMatchObject({
      deliveryCharge: 120,
      zone: OUTSIDE,
      advanceDeliveryCharge: { amount: 120, reasons: ["outsideDhaka"] },
    });
  });
});

describe("the courier's live price", () => {
  let pathao: PathaoStub;
  usePathaoStub((stub) => (pathao = stub));

  it("replaces the zone's charge when chosen, and only then", async () => {
    const { buyer } = await shopperWithCart(app);
    const gulshan = {
      city: "Dhaka",
      zone: "Gulshan",
      districtId: "dhaka",
      thanaId: "dhaka/gulshan",
    };
    expect((await buyer.quote(gulshan)).body).toMatchObject({
      deliveryCharge: 70,
      deliverySource: "pathao",
      zone: INSIDE,
    });
    expect(pathao.pricePlans).toHaveLength(1);
    await changeShopSettings((settings) => void (settings.delivery.livePrice = "none"));
    expect((await buyer.quote(gulshan)).body).toMatchObject({
      deliveryCharge: 60,
      deliverySource: "builtin",
      zone: INSIDE,
    });
    expect(pathao.pricePlans).toHaveLength(1);
  });
});

describe("settings saved before zones", () => {
  it("read as the default zones at the shop's own two charges; the next save stores zones", async () => {
    await asAdmin(request(app).get("/api/admin/settings")).expect(200);
    await ShopSettingsModel.updateOne(
      { _id: "shop" },
      {
        $set: {
          "values.delivery": { insideDhaka: 70, outsideDhaka: 130, freeDeliveryThreshold: 2000 },
        },
      },
    );
    invalidateShopSettings();
    const read = (await asAdmin(request(app).get("/api/admin/settings"))).body;
    expect(read.settings.delivery).toMatchObject({
      zones: [
        { ...INSIDE, charge: 70, districts: ["dhaka"] },
        { ...SUBURBS, charge: 100, districts: ["gazipur", "narayanganj"] },
      ],
      fallbackZone: { ...OUTSIDE, charge: 130 },
      freeDeliveryThreshold: 2000,
      livePrice: "pathao",
    });
    const { buyer } = await shopperWithCart(app, 1); // ৳800
    expect((await buyer.quote({ city: "Dhaka" })).body.deliveryCharge).toBe(70);
    expect((await buyer.quote({ city: "Savar" })).body.deliveryCharge).toBe(100);
    expect((await buyer.quote({ city: "Bhola" })).body.deliveryCharge).toBe(130);

    const saved = await saveEdited(
      (settings) => void (settings.delivery.fallbackZone.charge = 135),
    );
    expect(saved.status).toBe(200);
    const stored = (await ShopSettingsModel.findById("shop").lean())!.values.delivery as Record<
      string,
      unknown
    >;
    expect(Object.keys(stored).sort()).toEqual([
      "fallbackZone",
      "freeDeliveryThreshold",
      "livePrice",
      "zones",
    ]);
    // The log holds what the admin changed, not the reading of the old fields.
    const log = await asAdmin(request(app).get("/api/admin/settings/changes"));
    expect(log.body.changes[0].fields).toEqual([
      { path: "delivery.fallbackZone.charge", before: 130, after: 135 },
    ]);
  });
});
