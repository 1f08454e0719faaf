/**
 * A number's delivery record in the couriers' networks (docs/cod.md, "The couriers' record of a
 * number"): for every courier whose API offers one (Steadfast's fraud check), how many parcels to
 * that number were delivered and cancelled, every merchant's. Kept a day per number and courier;
 * a courier that does not answer within COURIER_RECORD_TIMEOUT_MS is `unavailable`, which is never
 * read as zero. The shop setting `cod.courierRecord` decides what a poor record asks of a
 * cash-on-delivery order.
 */
import { COURIER_IDS, type CourierId } from "#contract/couriers";
import type { CourierRecord } from "#contract/courier-insights";
import { normalizeBdMobile } from "#contract/phone";
import type { CourierRecordSettings } from "#contract/schemas/shop-settings";
import { CourierRecordModel } from "../../models/courier-record.model.js";
import { getCourier, type Courier } from "../couriers/index.js";
import { getEnv } from "../env.js";
import { courierState } from "./courier-settings.service.js";
import { logger } from "../lib/logger.js";

/** How long a courier's answer is kept. */
export const COURIER_RECORD_MAX_AGE_MS = 24 * 60 * 60_000;

/** The couriers whose API reads a number's record, in the registry's order. */
function recordingCouriers(): Courier[] {
  return COURIER_IDS.map(getCourier).filter((courier) => courier.deliveryRecord);
}

const notRead = (courier: CourierId, state: CourierRecord["state"], at: Date | null) => ({
  courier,
  delivered: null,
  cancelled: null,
  state,
  checkedAt: at && at.toISOString(),
});

// Lookups under way, by courier and number: two views of one order at once ask the courier once.
const pending = new Map<string, Promise<CourierRecord>>();

/** Asks the courier (its answer kept a day); a failure or a timeout is `unavailable`. */
async function lookUp(courier: Courier, phone: string): Promise<CourierRecord> {
  const askedAt = new Date();
  try {
    const record = await courier.deliveryRecord!(phone, getEnv().COURIER_RECORD_TIMEOUT_MS);
    await CourierRecordModel.updateOne(
      { phone, courier: courier.id },
      { $set: { ...record, checkedAt: askedAt } },
      { upsert: true },
    ).catch((error: unknown) => {
      // Another lookup of the same number inserted first (the unique index): its answer stands.
      if ((error as { code?: unknown }).code !== 11000) throw error;
    });
    return { courier: courier.id, ...record, state: "ok", checkedAt: askedAt.toISOString() };
  } catch (error) {
    // The number stays out of the log: the courier and why are enough to follow an outage.
    logger.warn(
      { courier: courier.id, err: (error as Error).message },
      "courier record of a number could not be read",
    );
    return notRead(courier.id, "unavailable", askedAt);
  }
}

async function recordOf(courier: Courier, phone: string, now: Date): Promise<CourierRecord> {
  const state = await courierState(courier.settings);
  if (!state.enabled || !state.configured) return notRead(courier.id, "not_configured", null);
  const kept = await CourierRecordModel.findOne({
    phone,
    courier: courier.id,
    checkedAt: { $gt: new Date(now.getTime() - COURIER_RECORD_MAX_AGE_MS) },
  }).lean();
  if (kept)
    return {
      courier: courier.id,
      delivered: kept.delivered,
      cancelled: kept.cancelled,
      state: "ok",
      checkedAt: kept.checkedAt.toISOString(),
    };
  const key = `${courier.id}:${phone}`;
  let lookup = pending.get(key);
  if (!lookup) {
    lookup = lookUp(courier, phone).finally(() => pending.delete(key));
    pending.set(key, lookup);
  }
  return lookup;
}

/**
 * Every recording courier's record of the number (any written form; none for a text that is no
 * Bangladeshi mobile), read at once: the slowest courier bounds the wait.
 */
export async function courierRecordsOf(phone: string, now = new Date()): Promise<CourierRecord[]> {
  const key = normalizeBdMobile(phone);
  if (!key) return [];
  return Promise.all(recordingCouriers().map((courier) => recordOf(courier, key, now)));
}

/**
 * Whether the records read say the number's parcels mostly fail: of at least `minParcels`
 * parcels (delivered + cancelled, every courier that answered added up), fewer than
 * `successRateBelow` per cent delivered. Couriers that could not be read add nothing, so a record
 * nobody could read is never poor.
 */
export function isPoorRecord(
  records: readonly CourierRecord[],
  rule: Pick<CourierRecordSettings, "successRateBelow" | "minParcels">,
): boolean {
  let delivered = 0;
  let parcels = 0;
  for (const record of records)
    if (record.state === "ok") {
      delivered += record.delivered!;
      parcels += record.delivered! + record.cancelled!;
    }
  return parcels >= rule.minParcels && delivered * 100 < rule.successRateBelow * parcels;
}

/**
 * What the shop's setting asks of a cash-on-delivery order to this number: the phone's code, the
 * delivery charge in advance, or nothing (also when the record could not be read). Never a refusal.
 */
export async function courierRecordAction(
  phone: string,
  rule: CourierRecordSettings,
): Promise<Exclude<CourierRecordSettings["action"], "none"> | undefined> {
  if (rule.action === "none") return undefined;
  return isPoorRecord(await courierRecordsOf(phone), rule) ? rule.action : undefined;
}

/** Entries older than a day (FerretDB has no TTL index); the reads never use them anyway. */
export async function purgeOldCourierRecords(now = new Date()): Promise<number> {
  const result = await CourierRecordModel.deleteMany({
    checkedAt: { $lte: new Date(now.getTime() - COURIER_RECORD_MAX_AGE_MS) },
  });
  return result.deletedCount;
}
