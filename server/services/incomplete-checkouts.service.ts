/**
 * Saved checkouts and the call list (docs/call-list.md). A checkout is saved once the shopper has
 * typed a valid mobile: one per normalised number, with the fields typed so far and a copy of the
 * cart in a cart of its own (`cartId`), so the list prices it with today's prices and converting
 * it places those lines as a staff order. It holds no stock. Staff record calls, send a recovery
 * SMS whose signed link restores the cart, or turn it into an order. A placed order drops it
 * (saved-checkout-drop.ts); the purge job deletes those older than the shop's `callList.keepDays`.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { LINK_NONCE_HEX_LENGTH, readLinkToken, signLinkToken } from "../lib/signed-link.js";
import mongoose from "mongoose";
import { Cart } from "../../models/cart.model.js";
import {
  IncompleteCheckout,
  RecoveredCheckout,
  type IncompleteCheckoutFields,
} from "../../models/incomplete-checkout.model.js";
import { Order } from "../../models/order.model.js";
import { getEnv } from "../env.js";
import type { ActingAdmin } from "../lib/acting-admin.js";
import { conflict, HttpError, notFound } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { pageSummary, pageWindow, type PageRequest } from "../lib/paging.js";
import { sendSms } from "../integrations/sms.js";
import { toLocale, type Locale } from "#contract/i18n/locale";
import { normalizeBdMobile } from "#contract/phone";
import type {
  CallBody,
  ConvertCheckoutBody,
  IncompleteCheckoutAnswer,
  IncompleteCheckoutBody,
  IncompleteCheckoutPage,
  RecoveredSummaryAnswer,
  RecoverySmsAnswer,
} from "#contract/schemas/incomplete-checkouts";
import {
  addToCart,
  applyPromo,
  cartOwnerFilter,
  getPricedCart,
  type CartOwner,
} from "./cart.service.js";
import { placeOnce } from "./staff-placement.js";
import { getShopSettings } from "./shop-settings.service.js";

type SavedCheckout = IncompleteCheckoutFields & {
  _id: mongoose.Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** When saved checkouts last changed before now count as expired (the shop setting). */
async function expiryCutoff(now = new Date()): Promise<Date> {
  const { callList } = await getShopSettings();
  return new Date(now.getTime() - callList.keepDays * DAY_MS);
}

const ownerKeyOf = (owner: CartOwner) =>
  "userId" in owner ? `user:${owner.userId}` : `guest:${owner.guestId}`;

/** Deletes saved checkouts and the carts they own (the purge, a replaced number). */
async function deleteSaved(saved: readonly Pick<SavedCheckout, "_id" | "cartId">[]) {
  for (const { _id, cartId } of saved) {
    await IncompleteCheckout.deleteOne({ _id });
    await Cart.deleteOne({ guestId: cartId });
  }
}

// ---------------------------------------------------------------------------------------------
// The shopper's save

/**
 * Saves what the shopper typed, with a copy of their cart, under the normalised mobile (upsert).
 * A cart that saved another number before (a typo corrected) drops that one: one saved checkout
 * per cart. An empty cart saves nothing. Answers nothing either way: the caller learns nothing.
 */
export async function saveIncompleteCheckout(
  owner: CartOwner | undefined,
  body: IncompleteCheckoutBody,
): Promise<void> {
  if (!owner) return;
  const cart = await Cart.findOne(cartOwnerFilter(owner)).lean();
  if (!cart || cart.cartItems.length === 0) return;
  const address = body.shippingAddress;
  const phone = address.mobile;
  const ownerKey = ownerKeyOf(owner);
  const fields = {
    ownerKey,
    firstName: address.firstName ?? "",
    lastName: address.lastName ?? "",
    email: address.email ?? "",
    streetAddress: address.streetAddress ?? "",
    districtId: address.districtId ?? "",
    thanaId: address.thanaId ?? "",
    area: address.area ?? "",
    note: body.note ?? "",
    locale: body.locale ?? "en",
  };
  const saved = await upsertByPhone(phone, fields);
  await Cart.updateOne(
    { guestId: saved.cartId },
    {
      $set: {
        cartItems: cart.cartItems.map(({ product, color, size, quantity }) => ({
          product,
          color,
          size,
          quantity,
        })),
        promoCode: cart.promoCode ?? null,
      },
      $inc: { __v: 1 },
    },
    { upsert: true },
  );
  const replaced = await IncompleteCheckout.find({ ownerKey, phone: { $ne: phone } })
    .select("cartId")
    .lean();
  await deleteSaved(replaced);
}

/** One document per number: concurrent first saves meet the unique index and repeat as updates. */
async function upsertByPhone(phone: string, fields: Record<string, string>) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const saved = await IncompleteCheckout.findOneAndUpdate(
        { phone },
        {
          $set: fields,
          $setOnInsert: {
            phone,
            cartId: randomUUID(),
            smsCount: 0,
          },
        },
        { upsert: true, new: true },
      ).lean();
      return saved!;
    } catch (error) {
      if ((error as { code?: number }).code !== 11000 || attempt > 1) throw error;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The staff's list

async function toAnswer(saved: SavedCheckout, keepDays: number): Promise<IncompleteCheckoutAnswer> {
  const cart = await getPricedCart({ guestId: saved.cartId });
  return {
    _id: saved._id.toString(),
    phone: saved.phone,
    firstName: saved.firstName,
    lastName: saved.lastName,
    email: saved.email,
    streetAddress: saved.streetAddress,
    districtId: saved.districtId,
    thanaId: saved.thanaId,
    area: saved.area,
    note: saved.note,
    locale: saved.locale,
    lines: cart.cartItems,
    total: cart.totalDiscountedPrice,
    // An upsert's empty list may not be stored (the embedded database drops it): none is [].
    calls: (saved.calls ?? []).map((call) => ({
      outcome: call.outcome,
      note: call.note,
      at: call.at.toISOString(),
      by: call.by ? { id: call.by.id!, email: call.by.email!, name: call.by.name! } : null,
    })),
    smsSentAt: saved.smsSentAt?.toISOString() ?? null,
    smsCount: saved.smsCount ?? 0,
    createdAt: saved.createdAt.toISOString(),
    updatedAt: saved.updatedAt.toISOString(),
    expiresAt: new Date(saved.updatedAt.getTime() + keepDays * DAY_MS).toISOString(),
  };
}

/** The call list, newest first, each priced now; expired ones the purge has not reached are left out. */
export async function listIncompleteCheckouts(page: PageRequest): Promise<IncompleteCheckoutPage> {
  const { callList } = await getShopSettings();
  const filter = { updatedAt: { $gt: await expiryCutoff() } };
  const { skip, limit } = pageWindow(page);
  const [rows, total] = await Promise.all([
    IncompleteCheckout.find(filter).sort({ updatedAt: -1, _id: -1 }).skip(skip).limit(limit).lean(),
    IncompleteCheckout.countDocuments(filter),
  ]);
  const checkouts = await Promise.all(
    (rows as SavedCheckout[]).map((row) => toAnswer(row, callList.keepDays)),
  );
  return { checkouts, ...pageSummary(total, page) };
}

/** The orders desk's `incomplete` queue: saved checkouts not expired. */
export async function countOpenIncompleteCheckouts(): Promise<number> {
  return IncompleteCheckout.countDocuments({ updatedAt: { $gt: await expiryCutoff() } });
}

async function findOpen(id: string): Promise<SavedCheckout> {
  const saved = mongoose.isValidObjectId(id)
    ? ((await IncompleteCheckout.findById(id).lean()) as SavedCheckout | null)
    : null;
  if (!saved || saved.updatedAt <= (await expiryCutoff()))
    throw notFound("This saved checkout is gone: it was ordered, or it expired");
  return saved;
}

/** Records a call's outcome and note. `timestamps: false`: a call does not make it newer. */
export async function recordCall(
  id: string,
  call: CallBody,
  admin: ActingAdmin,
): Promise<IncompleteCheckoutAnswer> {
  await findOpen(id);
  const updated = (await IncompleteCheckout.findOneAndUpdate(
    { _id: id },
    { $push: { calls: { ...call, at: new Date(), by: admin } } },
    { new: true, timestamps: false },
  ).lean()) as SavedCheckout | null;
  if (!updated) throw notFound("This saved checkout is gone: it was ordered, or it expired");
  return toAnswer(updated, (await getShopSettings()).callList.keepDays);
}

/**
 * One step from saved checkout to cash-on-delivery order, placed as staff orders are: the saved
 * cart's lines at today's prices (with the shopper's own promo code while it holds), source
 * `phone`, entered by the staff member on the call, whose call confirms the number it reached
 * (`phoneConfirmedByCall`; a number corrected on the call is not the one they spoke on). The
 * checkout's rules otherwise (caps, block list, advance, stock reserved now, the SMS). The
 * placement drops the saved checkout and records it as converted; converting it twice at once
 * makes one order, its key being the checkout (staff-placement.ts).
 */
export async function convertToOrder(id: string, body: ConvertCheckoutBody, createdBy: string) {
  const saved = await findOpen(id);
  // Priced now: a product gone since is left out, as the call list shows it. (Empty: the placement
  // refuses it, or answers the order a twin request made from it a moment ago.)
  const cart = await getPricedCart({ guestId: saved.cartId });
  const { order } = await placeOnce({
    owner: undefined,
    staff: {
      lines: cart.cartItems.map(({ productId, color, size, quantity }) => ({
        productId,
        color,
        size,
        quantity,
      })),
      source: "phone",
      createdBy,
      phoneConfirmedByCall: normalizeBdMobile(body.shippingAddress.mobile) === saved.phone,
      submissionKey: `saved-checkout:${String(saved._id)}`,
      convertedCheckout: String(saved._id),
      promoCode: cart.promoDetails?.code ?? null,
    },
    shippingAddress: body.shippingAddress,
    paymentMethod: "COD",
    note: body.note ?? saved.note,
    locale: toLocale(saved.locale),
  });
  return {
    orderId: String(order._id),
    orderNumber: order.orderNumber,
    total: order.totalDiscountedPrice,
  };
}

// ---------------------------------------------------------------------------------------------
// The recovery SMS and its link

/** How long a recovery link works, and how often one checkout may be sent one. */
export const RESTORE_LINK_LIFETIME_MS = 3 * DAY_MS;
export const RECOVERY_SMS_INTERVAL_MS = 60 * 60 * 1000;
export const RECOVERY_SMS_MAX = 3;

const LINK_PURPOSE = "tweest cart-restore link v1";
/** `t` of a restore link: checkout id, expiry and nonce, signed (server/lib/signed-link.ts). */
export function signRestoreToken(checkoutId: string, nonce: string, expiresAt: Date): string {
  return signLinkToken(LINK_PURPOSE, checkoutId, nonce, expiresAt);
}

export type RestoreTokenCheck =
  { ok: true; checkoutId: string; nonce: string } | { ok: false; reason: "invalid" | "expired" };

export function readRestoreToken(token: string, now = new Date()): RestoreTokenCheck {
  const check = readLinkToken(LINK_PURPOSE, token, now);
  return check.ok ? { ok: true, checkoutId: check.documentId, nonce: check.nonce } : check;
}

export function restoreLink(token: string): string {
  const url = new URL("/cart/restore", getEnv().PUBLIC_URL);
  url.searchParams.set("t", token);
  return url.toString();
}

const RECOVERY_TEXTS: Record<Locale, (link: string) => string> = {
  en: (link) => `Tweest: your cart is waiting for you. Finish your order here: ${link}`,
  bn: (link) => `Tweest: আপনার কার্ট অপেক্ষা করছে। এখানে অর্ডার সম্পূর্ণ করুন: ${link}`,
};

export function recoveryMessage(locale: Locale, link: string): string {
  return RECOVERY_TEXTS[locale](link);
}

export const RECOVERY_SMS_TOO_SOON = "A recovery SMS went to this number less than an hour ago";
export const RECOVERY_SMS_USED_UP = `This checkout has had its ${RECOVERY_SMS_MAX} recovery SMS`;

/**
 * Sends the recovery SMS in the shopper's language. Each SMS carries a new nonce, so only the
 * latest link works; at most RECOVERY_SMS_MAX per checkout, an hour apart (one guarded write).
 */
export async function sendRecoverySms(id: string): Promise<RecoverySmsAnswer> {
  const saved = await findOpen(id);
  if (saved.smsCount >= RECOVERY_SMS_MAX) throw conflict(RECOVERY_SMS_USED_UP, "SMS_USED_UP");
  const now = new Date();
  const nonce = randomBytes(LINK_NONCE_HEX_LENGTH / 2).toString("hex");
  const claimed = await IncompleteCheckout.findOneAndUpdate(
    {
      _id: saved._id,
      smsCount: { $lt: RECOVERY_SMS_MAX },
      $or: [
        { smsSentAt: null },
        { smsSentAt: { $lte: new Date(now.getTime() - RECOVERY_SMS_INTERVAL_MS) } },
      ],
    },
    { $set: { restoreNonce: nonce, smsSentAt: now }, $inc: { smsCount: 1 } },
    { new: true, timestamps: false },
  ).lean();
  if (!claimed) throw new HttpError(429, RECOVERY_SMS_TOO_SOON, "SMS_TOO_SOON");
  const expiresAt = new Date(now.getTime() + RESTORE_LINK_LIFETIME_MS);
  const link = restoreLink(signRestoreToken(saved._id.toString(), nonce, expiresAt));
  await sendSms(saved.phone, recoveryMessage(toLocale(saved.locale), link));
  return { smsSentAt: now.toISOString(), smsCount: claimed.smsCount };
}

/**
 * Puts the saved lines into the visitor's own cart (never the address: a link can be forwarded).
 * Reuse policy: the latest link works until it expires or the checkout is gone, and using it
 * again adds nothing (a line already in the cart is left as it is). Answers whether it restored.
 */
export async function restoreCart(token: string, owner: CartOwner): Promise<Locale | undefined> {
  const check = readRestoreToken(token);
  if (!check.ok) return undefined;
  const saved = (await IncompleteCheckout.findOne({
    _id: check.checkoutId,
    restoreNonce: check.nonce,
  }).lean()) as SavedCheckout | null;
  if (!saved) return undefined;
  const source = await Cart.findOne({ guestId: saved.cartId }).lean();
  const mine = await Cart.findOne(cartOwnerFilter(owner)).lean();
  const has = (line: { product: unknown; color: string; size: string }) =>
    mine?.cartItems.some(
      (item) =>
        String(item.product) === String(line.product) &&
        item.color === line.color &&
        item.size === line.size,
    ) ?? false;
  for (const line of source?.cartItems ?? []) {
    if (has(line)) continue;
    // A line sold out or gone since is left out; the rest still come back.
    await addToCart(owner, {
      productId: String(line.product),
      color: line.color,
      size: line.size,
      quantity: line.quantity,
    }).catch((error: unknown) => {
      if (!(error instanceof HttpError)) throw error;
    });
  }
  if (source?.promoCode && !mine?.promoCode)
    await applyPromo(owner, source.promoCode).catch((error: unknown) => {
      if (!(error instanceof HttpError)) throw error;
    });
  return toLocale(saved.locale);
}

// ---------------------------------------------------------------------------------------------
// Expiry and the dashboard

/** The purge job: saved checkouts past `callList.keepDays`, with their carts, a batch at a time. */
export async function purgeExpiredIncompleteCheckouts(now = new Date()): Promise<number> {
  const expired = await IncompleteCheckout.find({ updatedAt: { $lte: await expiryCutoff(now) } })
    .select("cartId")
    .limit(500)
    .lean();
  await deleteSaved(expired);
  if (expired.length > 0) logger.info({ purged: expired.length }, "expired saved checkouts purged");
  return expired.length;
}

/** Orders from the call list in the last `days` days; cancelled ones count neither way. */
export async function recoveredSummary(days: number): Promise<RecoveredSummaryAnswer> {
  const since = new Date(Date.now() - days * DAY_MS);
  const recovered = await RecoveredCheckout.find({ at: { $gte: since } }).lean();
  const orders = await Promise.all(
    recovered.map((entry) =>
      Order.findById(entry.order).select("orderStatus totalDiscountedPrice").lean(),
    ),
  );
  let count = 0;
  let revenue = 0;
  let converted = 0;
  recovered.forEach((entry, index) => {
    const order = orders[index];
    if (!order || order.orderStatus === "CANCELLED") return;
    count += 1;
    revenue += order.totalDiscountedPrice;
    if (entry.via === "converted") converted += 1;
  });
  return { days, open: await countOpenIncompleteCheckouts(), orders: count, revenue, converted };
}
