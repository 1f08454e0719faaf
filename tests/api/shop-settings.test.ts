import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { AuditEntry } from "../../models/audit-entry.model";
import { ShopSettingsModel } from "../../models/shop-settings.model";
import type { ShopSettings } from "#contract/schemas/shop-settings";
import {
  invalidateShopSettings,
  STALE_SETTINGS_MESSAGE,
} from "../../server/services/shop-settings.service";
import { shippingAddress } from "../factories/address";
import { shopper } from "../factories/cart";
import { createProduct } from "../factories/product";
import { createAdmin, createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { placedSmsLink, useSmsGateway } from "../setup/sms";
import type { SmsGatewayStub } from "../stubs/sms-gateway";
import type { createApp } from "../../server/app";

let sms: SmsGatewayStub;
let app: ReturnType<typeof createApp>;
useSmsGateway((gateway) => ({ sms, app } = gateway));

let adminToken: string;

beforeEach(async () => {
  await clearDatabase();
  sms.messages.length = 0;
  adminToken = (await createAdmin({ email: "rina@tweest.local", firstName: "Rina" })).token;
});

const asAdmin = (test: request.Test) => test.set("Authorization", `Bearer ${adminToken}`);
const readSettings = () => asAdmin(request(app).get("/api/admin/settings"));
const saveSettings = (body: object) => asAdmin(request(app).put("/api/admin/settings")).send(body);

/** Loads the settings, applies `change`, saves them with the version loaded. */
async function change(edit: (settings: ShopSettings) => void) {
  const loaded = (await readSettings().expect(200)).body as {
    version: number;
    settings: ShopSettings;
  };
  edit(loaded.settings);
  return saveSettings({ version: loaded.version, settings: loaded.settings });
}

/** `change`, which must succeed. */
async function changed(edit: (settings: ShopSettings) => void) {
  const answer = await change(edit);
  expect(answer.status).toBe(200);
  return answer;
}

describe("first start", () => {
  it("fills the settings from the environment's values, version 1", async () => {
    const answer = await readSettings();
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      version: 1,
      updatedBy: null,
      settings: {
        delivery: {
          zones: [
            {
              id: "inside-dhaka",
              name: "Inside Dhaka",
              nameBn: "ঢাকার ভেতরে",
              charge: 60,
              freeDeliveryThreshold: null,
              districts: ["dhaka"],
              thanas: [],
            },
            {
              id: "dhaka-suburbs",
              name: "Dhaka suburbs",
              nameBn: "ঢাকার আশপাশ",
              charge: 90,
              freeDeliveryThreshold: null,
              districts: ["gazipur", "narayanganj"],
              thanas: [
                "dhaka/savar",
                "dhaka/keraniganj",
                "dhaka/dhamrai",
                "dhaka/dohar",
                "dhaka/nawabganj",
              ],
            },
          ],
          fallbackZone: {
            id: "outside-dhaka",
            name: "Outside Dhaka",
            nameBn: "ঢাকার বাইরে",
            charge: 120,
            freeDeliveryThreshold: null,
          },
          freeDeliveryThreshold: 3000,
          livePrice: "pathao",
        },
        // tests/setup/per-file.ts lifts the order limits for the whole suite.
        orderLimits: {
          perClientAddressPerHour: 100000,
          perPhonePerDay: 100000,
          perGuestCartPerDay: 100000,
        },
        orderCaps: { maxLines: 20, maxUnits: 50, codPhoneConfirmationAbove: 20000 },
        contact: { phone: "", email: "", address: "", hours: "" },
        sms: {
          senderId: sms.senderId,
          orderTexts: {
            placed: true,
            confirmed: true,
            shipped: true,
            delivered: true,
            cancelled: true,
            refunded: true,
          },
        },
        cod: {
          phoneConfirmation: "never",
          advanceDeliveryCharge: { outsideDhaka: false, riskyNumbers: false, aboveAmount: 0 },
          unconfirmedCancelAfterHours: 48,
          courierRecord: { action: "none", successRateBelow: 70, minParcels: 5 },
        },
      },
    });
    expect(await ShopSettingsModel.countDocuments()).toBe(1);
  });

  it("reads a document saved before the order caps existed with their defaults", async () => {
    await readSettings().expect(200);
    await ShopSettingsModel.updateOne({ _id: "shop" }, { $unset: { "values.orderCaps": 1 } });
    invalidateShopSettings();
    const answer = await readSettings();
    expect(answer.body.settings.orderCaps).toEqual({
      maxLines: 20,
      maxUnits: 50,
      codPhoneConfirmationAbove: 20000,
    });
    const saved = await change((settings) => void (settings.orderCaps.maxLines = 0));
    expect(saved.status).toBe(400);
    expect(saved.body.errors).toEqual([
      { path: "settings.orderCaps.maxLines", message: "Too small: expected number to be >=1" },
    ]);
  });

  it("is for admins only; the storefront's part is public", async () => {
    const customer = await createUser();
    expect((await request(app).get("/api/admin/settings")).status).toBe(401);
    const refused = await request(app)
      .get("/api/admin/settings")
      .set("Authorization", `Bearer ${customer.token}`);
    expect(refused.status).toBe(403);
    const storefront = await request(app).get("/api/settings/storefront");
    expect(storefront.status).toBe(200);
    const zone = (id: string, name: string, nameBn: string, charge: number) => ({
      id,
      name,
      nameBn,
      charge,
      freeDeliveryThreshold: null,
    });
    expect(storefront.body).toEqual({
      delivery: {
        zones: [
          zone("inside-dhaka", "Inside Dhaka", "ঢাকার ভেতরে", 60),
          zone("dhaka-suburbs", "Dhaka suburbs", "ঢাকার আশপাশ", 90),
          zone("outside-dhaka", "Outside Dhaka", "ঢাকার বাইরে", 120),
        ],
        freeDeliveryThreshold: 3000,
      },
      contact: { phone: "", email: "", address: "", hours: "" },
      business: { tradeLicence: "", tin: "", returnDays: 7 },
      channels: {
        whatsapp: "",
        messenger: "",
        facebook: "",
        instagram: "",
        youtube: "",
        tiktok: "",
      },
    });
  });
});

describe("the shop's registration, chat and social links", () => {
  it("stores the WhatsApp number normalised and the Messenger page's name from a pasted address", async () => {
    const saved = await change((settings) => {
      settings.channels.whatsapp = "+880 1811-000000";
      settings.channels.messenger = "https://www.facebook.com/tweest.bd/";
      settings.channels.facebook = "https://www.facebook.com/tweest.bd";
      settings.business.tradeLicence = "TRAD/DNCC/012345/2024";
      settings.business.tin = "123456789012";
      settings.business.returnDays = 3;
    });
    expect(saved.status).toBe(200);
    const storefront = await request(app).get("/api/settings/storefront");
    expect(storefront.body.channels).toMatchObject({
      whatsapp: "01811000000",
      messenger: "tweest.bd",
      facebook: "https://www.facebook.com/tweest.bd",
    });
    expect(storefront.body.business).toEqual({
      tradeLicence: "TRAD/DNCC/012345/2024",
      tin: "123456789012",
      returnDays: 3,
    });
  });

  it("refuses a courier suggestion's minimum or period out of range, naming each field", async () => {
    const answer = await change((settings) => {
      settings.courierSuggestion.minParcels = 0;
      settings.courierSuggestion.days = 731;
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { path: "settings.courierSuggestion.minParcels", message: "At least 1 parcel" },
      { path: "settings.courierSuggestion.days", message: "At most 730 days" },
    ]);
  });

  it("refuses a wrong TIN, a script address and a page name with spaces, naming each field", async () => {
    const answer = await change((settings) => {
      settings.business.tin = "12345";
      settings.channels.instagram = "javascript:alert(1)";
      settings.channels.youtube = "http://youtube.com/@tweest";
      settings.channels.messenger = "my shop";
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { path: "settings.business.tin", message: "A TIN is 12 digits" },
      {
        path: "settings.channels.messenger",
        message: "Enter the Facebook page's user name (as in m.me/yourshop)",
      },
      {
        path: "settings.channels.instagram",
        message: "Enter the page's address, starting with https://",
      },
      {
        path: "settings.channels.youtube",
        message: "Enter the page's address, starting with https://",
      },
    ]);
  });
});

describe("saving", () => {
  it("saves what a poor courier record asks, and refuses a rate or a sample out of bounds", async () => {
    const saved = await changed((settings) => {
      settings.cod.courierRecord = { action: "advance", successRateBelow: 60, minParcels: 8 };
    });
    expect(saved.body.settings.cod.courierRecord).toEqual({
      action: "advance",
      successRateBelow: 60,
      minParcels: 8,
    });
    const refused = await change((settings) => {
      settings.cod.courierRecord = { action: "phoneCode", successRateBelow: 0, minParcels: 0 };
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { path: "settings.cod.courierRecord.successRateBelow", message: "At least 1%" },
      {
        path: "settings.cod.courierRecord.minParcels",
        message: "Too small: expected number to be >=1",
      },
    ]);
    const refusal = await change((settings) => {
      (settings.cod.courierRecord as { action: string }).action = "refuse";
    });
    expect(refusal.status).toBe(400);
    expect(refusal.body.errors.map((error: { path: string }) => error.path)).toEqual([
      "settings.cod.courierRecord.action",
    ]);
  });

  it("refuses bad values with a 400 naming each field, and changes nothing", async () => {
    const { body: loaded } = await readSettings();
    const bad = structuredClone(loaded.settings);
    bad.delivery.zones[0].charge = -5;
    bad.delivery.fallbackZone.charge = 99.5;
    bad.orderLimits.perPhonePerDay = 0;
    bad.contact.phone = "12345";
    bad.contact.email = "not-an-email";
    const answer = await saveSettings({ version: loaded.version, settings: bad });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("VALIDATION_ERROR");
    expect(answer.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([
      "settings.contact.email",
      "settings.contact.phone",
      "settings.delivery.fallbackZone.charge",
      "settings.delivery.zones.0.charge",
      "settings.orderLimits.perPhonePerDay",
    ]);
    expect(answer.body.errors).toContainEqual({
      path: "settings.contact.phone",
      message: "A Bangladeshi mobile number starts with 01 (01XXXXXXXXX)",
    });

    expect(answer.body.errors).toContainEqual({
      path: "settings.delivery.zones.0.charge",
      message: "An amount cannot be negative",
    });
    expect(answer.body.errors).toContainEqual({
      path: "settings.delivery.fallbackZone.charge",
      message: "Whole taka only",
    });

    // An unknown field, a missing section, no version: 400 too.
    const unknown = structuredClone(loaded.settings);
    unknown.delivery.expressCharge = 200;
    expect((await saveSettings({ version: 1, settings: unknown })).status).toBe(400);
    const { sms: _sms, ...missing } = loaded.settings;
    expect((await saveSettings({ version: 1, settings: missing })).status).toBe(400);
    expect((await saveSettings({ settings: loaded.settings })).status).toBe(400);

    expect((await readSettings()).body).toEqual(loaded);
    expect(await AuditEntry.countDocuments({ entity: "shop-settings" })).toBe(0);
  });

  it("takes the new delivery charge into the quote and the order, to the taka", async () => {
    const saved = await changed((settings) => {
      settings.delivery.zones[0].charge = 75;
      settings.delivery.fallbackZone.charge = 145;
      settings.delivery.freeDeliveryThreshold = 2500;
    });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(2);

    const product = await createProduct(); // 800 after its discount
    const guest = shopper(app);
    await guest.add(product._id, "Black", "M", 2);
    expect((await guest.quote({ city: "Dhaka" })).body).toMatchObject({
      subtotal: 2000,
      discount: 400,
      deliveryCharge: 75,
      total: 1675,
    });
    expect((await guest.quote({ city: "Sylhet" })).body).toMatchObject({
      deliveryCharge: 145,
      total: 1745,
    });
    const pricePlan = await request(app)
      .post("/api/pathao/price-plan")
      .send({ city: "Rajshahi", subtotal: 1600 });
    expect(pricePlan.body).toEqual({ deliveryCharge: 145, source: "builtin" });

    const placed = await guest.order({ shippingAddress: shippingAddress({ city: "Sylhet" }) });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ deliveryCharge: 145, totalDiscountedPrice: 1745 });

    // From the new threshold on, delivery is free.
    await guest.add(product._id, "Black", "M", 2).expect(200); // the order emptied the cart: 2 x 800 again
    await changed((settings) => void (settings.delivery.freeDeliveryThreshold = 1600));
    expect((await guest.quote({ city: "Sylhet" })).body).toMatchObject({
      deliveryCharge: 0,
      total: 1600,
    });
    const storefront = await request(app).get("/api/settings/storefront");
    expect(storefront.body.delivery).toMatchObject({
      zones: [{ charge: 75 }, { charge: 90 }, { charge: 145 }],
      freeDeliveryThreshold: 1600,
    });
  });

  it("of two admins saving the same version at once, one wins and the other gets a 409", async () => {
    const { body: loaded } = await readSettings();
    const first = structuredClone(loaded.settings);
    first.delivery.zones[0].charge = 70;
    const second = structuredClone(loaded.settings);
    second.delivery.zones[0].charge = 80;
    const answers = await Promise.all([
      saveSettings({ version: loaded.version, settings: first }),
      saveSettings({ version: loaded.version, settings: second }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200)!;
    const loser = answers.find((answer) => answer.status === 409)!;
    expect(loser.body).toEqual({ message: STALE_SETTINGS_MESSAGE, code: "STALE_VERSION" });

    const now = (await readSettings()).body;
    expect(now.version).toBe(2);
    expect(now.settings.delivery.zones[0].charge).toBe(
      winner.body.settings.delivery.zones[0].charge,
    );
    expect(await AuditEntry.countDocuments({ entity: "shop-settings" })).toBe(1);

    // A save from the old version after that is stale too, and changes nothing.
    const late = await saveSettings({ version: 1, settings: second });
    expect(late.status).toBe(409);
    expect((await readSettings()).body).toEqual(now);
  });

  it("logs who changed what and when, old and new value, newest first", async () => {
    const before = Date.now();
    await changed((settings) => {
      settings.delivery.fallbackZone.charge = 130;
      settings.contact.phone = "+880 1711-000000";
    });
    await changed((settings) => void (settings.orderLimits.perPhonePerDay = 4));
    // Saving without a change records nothing and keeps the version.
    const same = await changed(() => undefined);
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(3);

    const log = await asAdmin(request(app).get("/api/admin/settings/changes"));
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ total: 2, page: 1, pages: 1 });
    const [latest, earlier] = log.body.changes;
    expect(latest).toMatchObject({
      version: 3,
      changedBy: { email: "rina@tweest.local", name: "Rina Admin" },
      fields: [{ path: "orderLimits.perPhonePerDay", before: 100000, after: 4 }],
    });
    expect(earlier).toMatchObject({
      version: 2,
      fields: [
        { path: "delivery.fallbackZone.charge", before: 120, after: 130 },
        { path: "contact.phone", before: "", after: "01711000000" },
      ],
    });
    expect(Date.parse(earlier.changedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(latest.changedAt)).toBeGreaterThanOrEqual(Date.parse(earlier.changedAt));
    expect((await readSettings()).body.updatedBy).toMatchObject({ email: "rina@tweest.local" });

    expect((await request(app).get("/api/admin/settings/changes")).status).toBe(401);
  });
});

describe("what the settings drive", () => {
  it("order limits: the per-phone limit applies from the save on", async () => {
    await changed((settings) => void (settings.orderLimits.perPhonePerDay = 1));
    const product = await createProduct();
    const order = async () => {
      const guest = shopper(app);
      await guest.add(product._id, "Black", "M", 1).expect(200);
      return guest.order();
    };
    expect((await order()).status).toBe(201);
    const refused = await order();
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      "Too many orders for this phone number today. Please try again in 24 hours, or call us.",
    );
  });

  it("SMS: an order text turned off is not sent; turned on again, it is", async () => {
    const product = await createProduct();
    const order = async () => {
      const guest = shopper(app);
      await guest.add(product._id, "Black", "M", 1).expect(200);
      return guest.order();
    };
    await changed((settings) => void (settings.sms.orderTexts.placed = false));
    const quiet = await order();
    expect(quiet.status).toBe(201);
    await changed((settings) => void (settings.sms.orderTexts.placed = true));
    const told = await order();
    await expect.poll(() => sms.messages).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sms.messages).toHaveLength(1);
    expect(sms.messages[0].message).toBe(
      `Tweest: Hi Nusrat, your order ${told.body.orderNumber} is placed. Total ৳860 (cash on delivery). Thank you!${placedSmsLink("en")}`,
    );
  });
});
