import { TshirtOrder, type TshirtOrderStatus } from "../../models/tshirt-order.model.js";
import { getEnv } from "../env.js";
import { returnDailyAllowance, takeDailyAllowance } from "../lib/daily-quota.js";
import { HttpError, badRequest, notFound } from "../lib/http-error.js";
import {
  MAX_IMAGE_PIXELS,
  assertImageWithin,
  removeStoredUpload,
  storeUploadedImage,
} from "../lib/images.js";
import { logger } from "../lib/logger.js";
import { sendSms } from "../integrations/sms.js";
import {
  QUOTE_PRICE_REQUIRED_MESSAGE,
  type CreateTshirtOrderInput,
  type ListTshirtOrdersInput,
  type UpdateTshirtOrderInput,
} from "#contract/schemas/tshirt-orders";
import { pageSummary, pageWindow } from "../lib/paging.js";
import { containsText } from "../lib/search-pattern.js";
import type { TshirtOrderView } from "#contract/answers/tshirt-orders";

export const DESIGN_FOLDER = "tshirt-designs";

interface TshirtOrderDoc extends Omit<TshirtOrderView, "_id"> {
  _id: { toString(): string };
}

function toView(doc: TshirtOrderDoc): TshirtOrderView {
  const { S = 0, M = 0, L = 0, XL = 0, XXL = 0 } = doc.sizes ?? {};
  return {
    _id: doc._id.toString(),
    name: doc.name,
    mobile: doc.mobile,
    email: doc.email,
    organization: doc.organization ?? "",
    color: doc.color,
    printType: doc.printType,
    sizes: { S, M, L, XL, XXL },
    quantity: doc.quantity,
    deadline: doc.deadline ?? null,
    notes: doc.notes ?? "",
    designImagePath: doc.designImagePath ?? null,
    status: doc.status,
    quotedPrice: doc.quotedPrice ?? null,
    adminNote: doc.adminNote ?? "",
    quoteSms: doc.quoteSms ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** The day's allowance of stored design bytes (BULK_ORDER_DESIGN_MB_PER_DAY). */
const DESIGN_ALLOWANCE = "bulk-order-design-bytes";
export const DESIGN_STORAGE_FULL_MESSAGE =
  "We cannot accept more design files today. Please send your request without the design, or try again tomorrow.";

/**
 * A public bulk-order request. The design (optional) is stored at full size in its own format, as
 * print artwork should be, after the same checks as every upload (type by content, declared size,
 * decodable), written again from its pixels: a phone photo's EXIF (GPS position, camera, dates) is
 * not kept. Anyone may post, so the bytes taken per day are capped as a whole.
 */
export async function createTshirtOrder(
  input: CreateTshirtOrderInput,
  design: Buffer | undefined,
): Promise<TshirtOrderView> {
  let designImagePath: string | null = null;
  if (design) {
    await assertImageWithin(design, MAX_IMAGE_PIXELS.design);
    const dailyBytes = getEnv().BULK_ORDER_DESIGN_MB_PER_DAY * 1024 * 1024;
    if (!(await takeDailyAllowance(DESIGN_ALLOWANCE, design.length, dailyBytes)))
      throw new HttpError(429, DESIGN_STORAGE_FULL_MESSAGE, "DAILY_UPLOAD_LIMIT");
    try {
      designImagePath = await storeUploadedImage(design, DESIGN_FOLDER, {
        encoding: "artwork",
        maxPixels: MAX_IMAGE_PIXELS.design,
      });
    } catch (error) {
      await returnDailyAllowance(DESIGN_ALLOWANCE, design.length);
      throw error;
    }
  }
  try {
    const doc = await TshirtOrder.create({ ...input, designImagePath, status: "NEW" });
    return toView(doc.toObject() as TshirtOrderDoc);
  } catch (error) {
    await removeStoredUpload(designImagePath);
    throw error;
  }
}

export async function listTshirtOrders(input: ListTshirtOrdersInput) {
  const filter: Record<string, unknown> = {};
  if (input.status) filter.status = input.status;
  if (input.search) {
    const pattern = containsText(input.search);
    filter.$or = [
      { name: pattern },
      { mobile: pattern },
      { email: pattern },
      { organization: pattern },
    ];
  }
  const [docs, total] = await Promise.all([
    TshirtOrder.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip(pageWindow(input).skip)
      .limit(input.limit)
      .lean<TshirtOrderDoc[]>(),
    TshirtOrder.countDocuments(filter),
  ]);
  return {
    orders: docs.map(toView),
    ...pageSummary(total, input),
  };
}

export async function getTshirtOrder(id: string): Promise<TshirtOrderView> {
  const doc = await TshirtOrder.findById(id).lean<TshirtOrderDoc>();
  if (!doc) throw notFound("T-shirt order not found");
  return toView(doc);
}

/** "BDT 1,25,000": GSM-7 only (the taka sign would make the SMS Unicode), lakh grouping. */
function formatTaka(amount: number): string {
  return `BDT ${new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 }).format(amount)}`;
}

export function quoteSmsText(order: {
  quantity: number;
  quotedPrice: number;
  _id: string;
}): string {
  return `Tweest: your bulk order (${order.quantity} t-shirts, ref ${order._id.slice(-6).toUpperCase()}) is quoted at ${formatTaka(order.quotedPrice)}. Call or reply to confirm.`;
}

/**
 * Admin update of status, quoted price and note. Marking an order QUOTED needs a price (given now or
 * already stored). When the order is (or stays) QUOTED and the status or the price changed, the
 * customer gets an SMS with the quote; a failed SMS never undoes the update, it is recorded in
 * `quoteSms.error` and logged.
 */
export async function updateTshirtOrder(
  id: string,
  input: UpdateTshirtOrderInput,
): Promise<TshirtOrderView> {
  const existing = await TshirtOrder.findById(id).lean<TshirtOrderDoc>();
  if (!existing) throw notFound("T-shirt order not found");
  const status: TshirtOrderStatus = input.status ?? existing.status;
  const quotedPrice =
    input.quotedPrice !== undefined ? input.quotedPrice : (existing.quotedPrice ?? null);
  if (status === "QUOTED" && quotedPrice === null)
    throw badRequest(QUOTE_PRICE_REQUIRED_MESSAGE, [
      { path: "quotedPrice", message: QUOTE_PRICE_REQUIRED_MESSAGE },
    ]);
  const changes = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  );
  const updated = await TshirtOrder.findByIdAndUpdate(
    id,
    { $set: changes },
    { new: true, runValidators: true },
  ).lean<TshirtOrderDoc>();
  if (!updated) throw notFound("T-shirt order not found");

  const quoteChanged = existing.status !== status || (existing.quotedPrice ?? null) !== quotedPrice;
  if (status === "QUOTED" && quotedPrice !== null && quoteChanged) {
    let quoteSms: { sentAt?: Date; price: number; error?: string };
    try {
      await sendSms(
        updated.mobile,
        quoteSmsText({ quantity: updated.quantity, quotedPrice, _id: updated._id.toString() }),
      );
      quoteSms = { sentAt: new Date(), price: quotedPrice };
    } catch (error) {
      logger.warn({ err: error, tshirtOrder: id }, "quote SMS not sent");
      quoteSms = { price: quotedPrice, error: (error as Error).message };
    }
    const withSms = await TshirtOrder.findByIdAndUpdate(
      id,
      { $set: { quoteSms } },
      { new: true },
    ).lean<TshirtOrderDoc>();
    return toView(withSms ?? updated);
  }
  return toView(updated);
}

export async function deleteTshirtOrder(id: string): Promise<{ message: string; _id: string }> {
  const doc = await TshirtOrder.findByIdAndDelete(id).lean<TshirtOrderDoc>();
  if (!doc) throw notFound("T-shirt order not found");
  await removeStoredUpload(doc.designImagePath);
  return { message: "T-shirt order deleted", _id: id };
}
