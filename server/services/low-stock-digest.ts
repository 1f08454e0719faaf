import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { StockDigest } from "../../models/stock-ledger.model.js";
import { SHOP_TIME_ZONE } from "#contract/dates";
import type { LowStockItem } from "#contract/schemas/stock";
import { getEnv } from "../env.js";
import { sendEmail } from "../integrations/email.js";
import { sendSms } from "../integrations/sms.js";
import { logger } from "../lib/logger.js";
import { getShopSettings } from "./shop-settings.service.js";
import { lowStockItems } from "./stock-room.service.js";

/**
 * The owner's daily low-stock digest (docs/stock-ledger.md): from DIGEST_HOUR in Dhaka, the
 * first run of the job that finds a variant at or below its threshold emails the owner
 * (ADMIN_EMAIL) and, when the settings give a number, texts it. Once per shop day across
 * instances: the day's document (`_id` = the Dhaka date) is inserted by one run only.
 */
export const DIGEST_HOUR = 9;
/** A claim whose sender died before marking the day sent may be taken over after this long. */
export const DIGEST_CLAIM_MS = 10 * 60_000;
/** Lines the email lists; the rest are counted. */
const EMAIL_LINES = 50;
/** Characters of a product title in the SMS (it must stay within the SMS size limit). */
const SMS_TITLE_CHARS = 40;

export type DigestOutcome = "sent" | "off" | "early" | "nothing-low" | "already-sent";

const shopDay = (now: Date) => format(new TZDate(now, SHOP_TIME_ZONE), "yyyy-MM-dd");
const shopHour = (now: Date) => new TZDate(now, SHOP_TIME_ZONE).getHours();

const line = (item: LowStockItem) =>
  `${item.title} (${item.color}, ${item.size}): ${item.stock} left (low at ${item.threshold})`;

function emailOf(items: LowStockItem[], day: string, link: string) {
  const listed = items.slice(0, EMAIL_LINES).map((item) => `- ${line(item)}`);
  if (items.length > EMAIL_LINES) listed.push(`…and ${items.length - EMAIL_LINES} more.`);
  return {
    subject: `Low stock on ${day}: ${items.length} ${items.length === 1 ? "variant" : "variants"}`,
    text: [
      `${items.length} ${items.length === 1 ? "variant is" : "variants are"} at or below the low-stock threshold, lowest first:`,
      "",
      ...listed,
      "",
      `The low-stock list: ${link}`,
    ].join("\n"),
  };
}

function smsOf(items: LowStockItem[], link: string): string {
  const lowest = items[0];
  const title =
    lowest.title.length > SMS_TITLE_CHARS
      ? `${lowest.title.slice(0, SMS_TITLE_CHARS - 1)}…`
      : lowest.title;
  return `Low stock: ${items.length} variants. Lowest: ${title} (${lowest.color}, ${lowest.size}) ${lowest.stock} left. ${link}`;
}

/** Claims the day: the first insert wins; a claim left by a dead sender is taken over once stale. */
async function claimDay(day: string, now: Date): Promise<boolean> {
  try {
    await StockDigest.create({ _id: day, state: "SENDING", claimedAt: now });
    return true;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 11000) throw error;
  }
  const takenOver = await StockDigest.updateOne(
    { _id: day, state: "SENDING", claimedAt: { $lt: new Date(now.getTime() - DIGEST_CLAIM_MS) } },
    { $set: { claimedAt: now } },
  );
  return takenOver.modifiedCount === 1;
}

/** One run of the digest job; answers what it did. */
export async function sendLowStockDigest(now = new Date()): Promise<DigestOutcome> {
  const settings = (await getShopSettings()).stock;
  if (!settings.dailyDigest) return "off";
  if (shopHour(now) < DIGEST_HOUR) return "early";
  const day = shopDay(now);
  if (await StockDigest.exists({ _id: day, state: "SENT" })) return "already-sent";
  const { items } = await lowStockItems();
  if (items.length === 0) return "nothing-low";
  if (!(await claimDay(day, now))) return "already-sent";
  const link = new URL("/admin/stock?view=low", getEnv().PUBLIC_URL).toString();
  // Each channel on its own: a mail server that refuses does not keep the SMS from going.
  await sendEmail({ to: getEnv().ADMIN_EMAIL, ...emailOf(items, day, link) }).catch(
    (error: unknown) => logger.warn({ err: error, day }, "low-stock digest email not sent"),
  );
  if (settings.digestMobile)
    await sendSms(settings.digestMobile, smsOf(items, link)).catch((error: unknown) =>
      logger.warn({ err: error, day }, "low-stock digest SMS not sent"),
    );
  await StockDigest.updateOne(
    { _id: day },
    { $set: { state: "SENT", sentAt: new Date(), items: items.length } },
  );
  logger.info({ day, items: items.length }, "low-stock digest sent");
  return "sent";
}
