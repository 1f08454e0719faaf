import type { ActingAdmin } from "../lib/acting-admin.js";
import { randomUUID } from "node:crypto";
import {
  SHOP_SETTINGS_ID,
  ShopSettingsModel,
  type ShopSettingsFields,
} from "../../models/shop-settings.model.js";
import { getEnv, type Env } from "../env.js";
import { conflict } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { pageCount } from "../lib/paging.js";
import { defaultDeliverySettings, withDeliveryZones } from "./default-delivery-zones.js";
import { DEFAULT_SEARCH_SYNONYMS } from "./default-search-synonyms.js";
import { changedFields, pageOfEntities, recordAudit } from "./audit.service.js";
import type {
  SettingsChange,
  ShopSettingsAnswer,
  StorefrontSettings,
} from "#contract/answers/shop-settings";
import { ShopSettings, type ShopSettingsUpdate } from "#contract/schemas/shop-settings";

/**
 * The shop settings (docs/cod.md): one document in the database, read through an in-process copy.
 * A request uses the copy while it is younger than CHECK_AFTER_MS; after that one request reads the
 * document's version (a tiny read by `_id`) and only a changed version reads the values again.
 * So every instance sees an admin's save within about half a second, at the cost of one small
 * read per instance twice a second under traffic. The environment only fills the first document.
 */
const CHECK_AFTER_MS = 500;

export const STALE_SETTINGS_MESSAGE =
  "Someone else saved the settings after you opened them. Reload to see their changes, then save again.";

interface Snapshot {
  epoch: string;
  version: number;
  updatedAt: Date;
  updatedBy: ActingAdmin | null;
  settings: ShopSettings;
  /** When this copy was last known to match the database (Date.now()). */
  checkedAt: number;
}

/** First-start values: today's environment variables (server/env.ts keeps their defaults). */
export function defaultShopSettings(env: Env = getEnv()): ShopSettings {
  return {
    delivery: defaultDeliverySettings({
      insideDhaka: env.DELIVERY_INSIDE_DHAKA,
      outsideDhaka: env.DELIVERY_OUTSIDE_DHAKA,
      freeDeliveryThreshold: env.FREE_DELIVERY_THRESHOLD,
    }),
    orderLimits: {
      perClientAddressPerHour: env.ORDER_RATE_LIMIT_IP_PER_HOUR,
      perPhonePerDay: env.ORDER_RATE_LIMIT_PHONE_PER_DAY,
      perGuestCartPerDay: env.ORDER_RATE_LIMIT_GUEST_CART_PER_DAY,
    },
    // A shopper's cart holds a few items; the bulk order form takes quantities (docs/cod.md).
    orderCaps: { maxLines: 20, maxUnits: 50, codPhoneConfirmationAbove: 20_000 },
    contact: { phone: "", email: "", address: "", hours: "" },
    sms: {
      senderId: env.SMS_SENDER_ID ?? "",
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
    // Reviews from people who never received the product are what shoppers distrust most.
    reviews: { whoMayReview: "verifiedBuyers" },
    // Seven days is the common return window of Bangladeshi fashion shops.
    business: { tradeLicence: "", tin: "", returnDays: 7 },
    channels: { whatsapp: "", messenger: "", facebook: "", instagram: "", youtube: "", tiktok: "" },
    // A week covers a payday's wait; older carts are seldom recovered by a call.
    callList: { keepDays: 7 },
    // Five pieces of one colour and size is about a day's sales of a popular tee.
    stock: { lowStockThreshold: 5, dailyDigest: true, digestMobile: "" },
    // Ten parcels in a district is a fortnight of a small shop's orders there; a year spans the
    // seasons (Eid, the monsoon) in which couriers deliver differently.
    courierSuggestion: { minParcels: 10, days: 365 },
    search: { synonyms: structuredClone(DEFAULT_SEARCH_SYNONYMS) },
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * The stored values laid over the defaults, field by field: a field added in a later release reads
 * as its default, a field since removed is dropped.
 */
function overlay(defaults: Record<string, unknown>, stored: unknown): Record<string, unknown> {
  const source = isPlainObject(stored) ? stored : {};
  return Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => [
      key,
      isPlainObject(fallback)
        ? overlay(fallback, source[key])
        : source[key] === undefined
          ? fallback
          : source[key],
    ]),
  );
}

function settingsOf(stored: unknown): ShopSettings {
  const defaults = defaultShopSettings();
  const parsed = ShopSettings.safeParse(overlay(defaults, withDeliveryZones(stored)));
  if (parsed.success) return parsed.data;
  logger.error({ issues: parsed.error.issues }, "stored shop settings are invalid; using defaults");
  return defaults;
}

let snapshot: Snapshot | undefined;
let pendingCheck: Promise<Snapshot> | undefined;

/** Keeps the newer of the copy we hold and `doc` (a slow check never undoes a newer save). */
function remember(doc: ShopSettingsFields, checkedAt: number): Snapshot {
  if (snapshot && snapshot.epoch === doc.epoch && snapshot.version > doc.version) return snapshot;
  snapshot = {
    epoch: doc.epoch,
    version: doc.version,
    updatedAt: doc.updatedAt,
    updatedBy: doc.updatedBy ?? null,
    settings: settingsOf(doc.values),
    checkedAt,
  };
  return snapshot;
}

/** The first start (or a wiped database): the defaults become version 1. */
async function createDefaultDocument(): Promise<void> {
  try {
    await ShopSettingsModel.updateOne(
      { _id: SHOP_SETTINGS_ID },
      {
        $setOnInsert: {
          epoch: randomUUID(),
          version: 1,
          values: defaultShopSettings(),
          updatedAt: new Date(),
          updatedBy: null,
        },
      },
      { upsert: true },
    );
  } catch (error) {
    // Another instance created it at the same moment: theirs is as good.
    if ((error as { code?: unknown }).code !== 11000) throw error;
  }
}

async function check(): Promise<Snapshot> {
  const checkedAt = Date.now();
  const head = await ShopSettingsModel.findById(SHOP_SETTINGS_ID, { epoch: 1, version: 1 }).lean();
  if (head && snapshot && head.epoch === snapshot.epoch && head.version === snapshot.version) {
    snapshot.checkedAt = checkedAt;
    return snapshot;
  }
  let doc = await ShopSettingsModel.findById(SHOP_SETTINGS_ID).lean();
  if (!doc) {
    await createDefaultDocument();
    doc = await ShopSettingsModel.findById(SHOP_SETTINGS_ID).lean();
    if (!doc) throw new Error("shop settings document missing after its creation");
  }
  return remember(doc, checkedAt);
}

/** One check at a time per process; callers arriving meanwhile share it. */
function checkNow(): Promise<Snapshot> {
  pendingCheck ??= check().finally(() => (pendingCheck = undefined));
  return pendingCheck;
}

async function current(): Promise<Snapshot> {
  if (snapshot && Date.now() - snapshot.checkedAt < CHECK_AFTER_MS) return snapshot;
  return checkNow();
}

/** The settings in force (at most CHECK_AFTER_MS behind another instance's save). */
export async function getShopSettings(): Promise<ShopSettings> {
  return (await current()).settings;
}

/** Which copy of the settings is held (the page cache's version; undefined: none). */
export function shopSettingsVersion(): string | undefined {
  return snapshot && `${snapshot.epoch}.${snapshot.version}`;
}

/** Forgets the in-process copy (tests empty the database behind the shop's back). */
export function invalidateShopSettings(): void {
  snapshot = undefined;
}

function answerOf(from: Snapshot): ShopSettingsAnswer {
  return {
    version: from.version,
    updatedAt: from.updatedAt.toISOString(),
    updatedBy: from.updatedBy,
    settings: from.settings,
  };
}

/** The admin screen's read: always the database's latest, not the copy. */
export async function readShopSettings(): Promise<ShopSettingsAnswer> {
  return answerOf(await checkNow());
}

/**
 * Saves the whole set if nobody saved since `version` (compare-and-set: of two admins saving the
 * same version one wins, the other gets a 409), then records the change. A save that changes
 * nothing answers the current settings and records nothing.
 */
export async function updateShopSettings(
  update: ShopSettingsUpdate,
  admin: ActingAdmin,
): Promise<ShopSettingsAnswer> {
  const latest = await checkNow();
  if (update.version !== latest.version) throw conflict(STALE_SETTINGS_MESSAGE, "STALE_VERSION");
  const fields = changedFields(latest.settings, update.settings);
  if (fields.length === 0) return answerOf(latest);
  const changedAt = new Date();
  const saved = await ShopSettingsModel.findOneAndUpdate(
    { _id: SHOP_SETTINGS_ID, epoch: latest.epoch, version: update.version },
    {
      $set: { values: update.settings, updatedAt: changedAt, updatedBy: admin },
      $inc: { version: 1 },
    },
    { new: true, lean: true },
  );
  if (!saved) throw conflict(STALE_SETTINGS_MESSAGE, "STALE_VERSION");
  const answer = answerOf(remember(saved, changedAt.getTime()));
  await recordAudit({
    entity: "shop-settings",
    entityId: "shop",
    action: "update",
    by: admin,
    label: "Shop settings",
    changes: fields,
    version: saved.version,
  });
  return answer;
}

/** The settings screen's change log: the audit trail's shop, courier and gateway settings entries. */
export async function listSettingsChanges(page: number, limit: number) {
  const { rows, total } = await pageOfEntities(
    ["shop-settings", "courier-settings", "payment-gateway-settings"],
    page,
    limit,
  );
  const changes: SettingsChange[] = rows.map((row) => ({
    _id: String(row._id),
    version: row.version ?? 0,
    changedAt: row.at.toISOString(),
    changedBy: { id: row.actor.id ?? "", email: row.actor.email ?? "", name: row.actor.name },
    fields: row.changes.map(({ field, before, after }) => ({ path: field, before, after })),
  }));
  return { changes, total, page, pages: pageCount(total, limit) };
}

/** What the storefront shows: each zone's charge (the fallback last), contact details, registration, chat and social links. */
export async function storefrontSettings(): Promise<StorefrontSettings> {
  const { delivery, contact, business, channels } = await getShopSettings();
  const zones = [...delivery.zones, delivery.fallbackZone].map(
    ({ id, name, nameBn, charge, freeDeliveryThreshold }) => ({
      id,
      name,
      nameBn,
      charge,
      freeDeliveryThreshold,
    }),
  );
  return {
    delivery: { zones, freeDeliveryThreshold: delivery.freeDeliveryThreshold },
    contact,
    business,
    channels,
  };
}
