import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import mongoose from "mongoose";
import {
  ORDER_TRANSITIONS,
  Order,
  type OrderFields,
  type OrderStatus,
  type PaymentMethod,
} from "../../models/order.model.js";
import { PromoCode } from "../../models/promo-code.model.js";
import { getEnv } from "../env.js";
import { registerJob } from "../jobs.js";
import { badRequest, conflict, notFound } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { orderLogFields } from "../lib/log-fields.js";
import { recordOrderCancelled, recordOrderPlaced } from "../lib/metrics.js";
import { normalizeBdMobile } from "#contract/phone";
import { isBkashConfigured } from "../integrations/bkash.js";
import { isSslCommerzConfigured } from "../integrations/sslcommerz.js";
import {
  clearCart,
  evaluatePromo,
  getPricedCart,
  getPricedCartVersion,
  type CartOwner,
} from "./cart.service.js";
import { computeTax, quoteDelivery } from "./delivery.service.js";
import { notifyOrder } from "./notifications.service.js";
import {
  abandonReservation,
  assertCommitWindow,
  forgetReservation,
  reserveForCheckout,
  type Reservation,
} from "./reservations.service.js";
import { releaseOrderStock, updateOrderWhere, type StockLine } from "./stock.service.js";
import type { QuoteAnswer } from "#contract/answers/cart";
import type { OrderAnswer, OrderTrackingAnswer } from "#contract/answers/orders";
import type { PlaceOrderBody, ShippingAddressBody } from "#contract/schemas/orders";
import type { z } from "zod";

export type { OrderAnswer };
export type Quote = QuoteAnswer;

export const SHOP_TIME_ZONE = "Asia/Dhaka";
export const EMPTY_CART_MESSAGE = "Your cart is empty";
export const ORDER_NOT_FOUND = "Order not found";

// ---------------------------------------------------------------------------------------------
// Quote

/**
 * Money rules: subtotal = sum of list price x quantity; discount = product discounts;
 * goods = subtotal - discount - promoCodeDiscount; delivery and tax are computed on goods;
 * total = goods + delivery + tax (whole taka).
 */
async function priceQuote(
  cart: Awaited<ReturnType<typeof getPricedCart>>,
  address: { city: string; zone?: string },
  promoCodeDiscount: number,
  promoCode: string | null,
): Promise<Quote> {
  const goods = cart.totalPrice - cart.discount - promoCodeDiscount;
  const delivery = await quoteDelivery(address, goods);
  const tax = computeTax(goods);
  return {
    subtotal: cart.totalPrice,
    discount: cart.discount,
    promoCodeDiscount,
    deliveryCharge: delivery.deliveryCharge,
    tax,
    total: goods + delivery.deliveryCharge + tax,
    promoCode,
    deliverySource: delivery.source,
  };
}

export async function quoteCheckout(
  owner: CartOwner | undefined,
  address: { city: string; zone?: string },
): Promise<Quote> {
  const cart = owner ? await getPricedCart(owner) : undefined;
  if (!cart || cart.cartItems.length === 0)
    return {
      subtotal: 0,
      discount: 0,
      promoCodeDiscount: 0,
      deliveryCharge: 0,
      tax: 0,
      total: 0,
      promoCode: null,
      deliverySource: "builtin",
    };
  return priceQuote(cart, address, cart.promoCodeDiscount, cart.promoDetails?.code ?? null);
}

// ---------------------------------------------------------------------------------------------
// Placing an order

export type ShippingAddressInput = z.input<typeof ShippingAddressBody>;

/** The checkout's body as the contract validates it, and whose cart it is. */
export type PlaceOrderInput = z.input<typeof PlaceOrderBody> & { owner: CartOwner | undefined };

export function hashTrackingToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const ORDER_NUMBER_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** TW-YYMMDD-XXXX: the Dhaka date plus 4 unambiguous characters (unique index retries on clash). */
export function newOrderNumber(now = new Date()): string {
  const day = format(new TZDate(now, SHOP_TIME_ZONE), "yyMMdd");
  let suffix = "";
  for (let index = 0; index < 4; index += 1)
    suffix += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `TW-${day}-${suffix}`;
}

/**
 * Whether an insert failed on the unique index of `field`. MongoDB names the index; FerretDB does
 * not, so there the value is looked up.
 */
async function isDuplicateKey(
  error: unknown,
  field: "orderNumber" | "checkoutOf",
  value: unknown,
): Promise<boolean> {
  const failure = error as { code?: number; keyPattern?: Record<string, unknown> };
  if (failure?.code !== 11000 || value === undefined) return false;
  if (failure.keyPattern) return field in failure.keyPattern;
  return (await Order.exists({ [field]: value })) !== null;
}

function assertMethodAvailable(method: PaymentMethod): void {
  if (method === "SSLCOMMERZ" && !isSslCommerzConfigured())
    throw badRequest("SSLCommerz payments are not available; choose cash on delivery");
  if (method === "BKASH" && !isBkashConfigured())
    throw badRequest("bKash payments are not available; choose cash on delivery");
}

/**
 * Builds the order from the server-side cart. Steps, each undone if a later one fails:
 * 1. price the cart and re-check its promo code; 2. open a reservation journal entry, count the
 * promo use and reserve stock per line (conditional atomic updates that record the reservation,
 * see reservations.service); 3. create the order carrying the reservation id, within the
 * reservation's commit window (the order is the commit; the reservation job tidies up). Then,
 * best effort: clear the cart, send the SMS. A process killed between 2 and 3 leaks nothing: the
 * reservation job gives back what an order-less reservation still holds.
 */
export async function placeOrder(input: PlaceOrderInput): Promise<OrderAnswer> {
  assertMethodAvailable(input.paymentMethod);
  if (!input.owner) throw badRequest(EMPTY_CART_MESSAGE);
  const owner = input.owner;
  const userId = "userId" in owner ? owner.userId : undefined;
  // The order records the cart's version (unique), so a cart submitted twice at once (a
  // double-click, two tabs) gives one order; the other answers as if the cart were already empty,
  // which it is a moment later.
  const { cart, version: cartVersion } = await getPricedCartVersion(owner);
  if (cart.cartItems.length === 0) throw badRequest(EMPTY_CART_MESSAGE);
  if (cart.promoError) throw badRequest(cart.promoError);

  const goodsBeforePromo = cart.totalPrice - cart.discount;
  let promoCode: string | null = null;
  let promoCodeDiscount = 0;
  if (cart.promoDetails) {
    const promo = await evaluatePromo(cart.promoDetails.code, goodsBeforePromo, userId);
    if (!userId) await assertGuestPromoLimit(promo.code, input.shippingAddress.mobile);
    promoCode = promo.code;
    promoCodeDiscount = promo.discount;
  }
  const quote = await priceQuote(cart, input.shippingAddress, promoCodeDiscount, promoCode);

  const lines: StockLine[] = cart.cartItems.map((item) => ({
    productId: item.productId,
    color: item.color,
    size: item.size,
    quantity: item.quantity,
    title: item.title,
  }));

  const online = input.paymentMethod !== "COD";
  const status: OrderStatus = online ? "PENDING" : "PLACED";
  const trackingToken = userId ? undefined : randomBytes(24).toString("base64url");
  const address = input.shippingAddress;
  const document: Record<string, unknown> = {
    user: userId ? new mongoose.Types.ObjectId(userId) : null,
    guest: userId
      ? null
      : {
          email: address.email ?? "",
          mobile: address.mobile,
          guestId: "guestId" in owner ? owner.guestId : undefined,
        },
    trackingTokenHash: trackingToken ? hashTrackingToken(trackingToken) : null,
    orderItems: cart.cartItems.map((item) => ({
      product: {
        _id: item.productId,
        title: item.title,
        category: item.product.category
          ? { _id: item.product.category._id, name: item.product.category.name }
          : undefined,
        discountedPrice: item.discountedPrice,
        imageUrl: item.imageUrl,
      },
      productId: item.productId,
      title: item.title,
      price: item.price,
      discountedPrice: item.discountedPrice,
      quantity: item.quantity,
      color: item.color,
      size: item.size,
    })),
    shippingAddress: {
      firstName: address.firstName,
      lastName: address.lastName ?? "",
      mobile: address.mobile,
      email: address.email ?? "",
      streetAddress: address.streetAddress,
      city: address.city,
      zone: address.zone ?? "",
      area: address.area ?? "",
      zipCode: address.zipCode ?? "",
      country: "Bangladesh",
    },
    totalPrice: quote.subtotal,
    discount: quote.discount,
    promoCode,
    promoCodeDiscount,
    deliveryCharge: quote.deliveryCharge,
    tax: quote.tax,
    totalDiscountedPrice: quote.total,
    totalItem: cart.totalItem,
    paymentMethod: input.paymentMethod,
    paymentDetails: { status: "PENDING", paymentId: null, transactionId: null },
    orderStatus: status,
    statusHistory: [{ status, at: new Date(), by: userId ? "customer" : "guest" }],
    note: input.note ?? "",
    checkoutOf: cartVersion ?? undefined,
  };

  const reservation: Reservation = await reserveForCheckout(lines, promoCode);
  document.reservationId = new mongoose.Types.ObjectId(reservation.id);
  let order: Awaited<ReturnType<typeof createWithUniqueNumber>>;
  try {
    order = await createWithUniqueNumber(document, () => assertCommitWindow(reservation));
  } catch (error) {
    // Give back what the reservation holds, unless the insert did land (e.g. a lost reply): then
    // the order owns the units and the reservation job commits it.
    const landed = await Order.exists({ reservationId: document.reservationId }).catch(() => true);
    if (!landed) await abandonReservation(reservation);
    if (await isDuplicateKey(error, "checkoutOf", document.checkoutOf))
      throw badRequest(EMPTY_CART_MESSAGE);
    throw error;
  }
  await clearCart(owner).catch((error: unknown) => {
    logger.warn({ err: error, ...orderLogFields(order) }, "cart not cleared after order");
  });
  recordOrderPlaced(input.paymentMethod);
  logger.info(
    { ...orderLogFields(order), paymentMethod: input.paymentMethod, orderStatus: status },
    "order placed",
  );
  if (status === "PLACED") void notifyOrder("PLACED", order);
  const answer = toOrderAnswer(order);
  if (trackingToken) answer.trackingToken = trackingToken;
  return answer;
}

async function assertGuestPromoLimit(code: string, mobile: string): Promise<void> {
  const promo = await PromoCode.findOne({ code }, { perUserLimit: 1 }).lean();
  if (promo?.perUserLimit == null) return;
  const used = await Order.countDocuments({
    user: null,
    "guest.mobile": mobile,
    promoCode: code,
    orderStatus: { $ne: "CANCELLED" },
  });
  if (used >= promo.perUserLimit) throw badRequest("Invalid or expired promo code");
}

async function createWithUniqueNumber(document: Record<string, unknown>, beforeEach: () => void) {
  for (let attempt = 0; ; attempt += 1) {
    beforeEach();
    const orderNumber = newOrderNumber();
    try {
      return await Order.create({ ...document, orderNumber });
    } catch (error) {
      if (attempt >= 5 || !(await isDuplicateKey(error, "orderNumber", orderNumber))) throw error;
    }
  }
}

type OrderDoc = mongoose.HydratedDocument<OrderFields>;

export function toOrderAnswer(order: OrderDoc | (OrderFields & { _id: unknown })): OrderAnswer {
  const plain = (
    "toObject" in order && typeof order.toObject === "function"
      ? order.toObject({ versionKey: false })
      : { ...order }
  ) as Record<string, unknown>;
  delete plain.trackingTokenHash;
  // Internal bookkeeping of the checkout's stock reservation (reservations.service.ts).
  delete plain.reservationId;
  delete plain.checkoutOf;
  delete plain.__v;
  if (plain.guest && typeof plain.guest === "object") {
    const guest = { ...(plain.guest as Record<string, unknown>) };
    delete guest.guestId;
    plain.guest = guest;
  }
  return JSON.parse(JSON.stringify(plain)) as OrderAnswer;
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function listUserOrders(userId: string): Promise<OrderAnswer[]> {
  const orders = await Order.find({ user: userId }).sort({ createdAt: -1 }).limit(200);
  return orders.map(toOrderAnswer);
}

function findByIdOrNumber(id: string) {
  const filter = mongoose.isValidObjectId(id) ? { _id: id } : { orderNumber: id.toUpperCase() };
  return Order.findOne(filter).select("+trackingTokenHash");
}

export function tokenMatches(hash: string | null | undefined, token: string | undefined): boolean {
  if (!hash || !token) return false;
  const given = Buffer.from(hashTrackingToken(token), "hex");
  const stored = Buffer.from(hash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export interface OrderReader {
  userId?: string;
  isAdmin?: boolean;
  guestId?: string;
  trackingToken?: string;
}

/** Whether a reader may see an order: its owner, an admin, or the guest who placed it. */
export function canRead(order: OrderDoc, reader: OrderReader): boolean {
  if (reader.isAdmin) return true;
  if (order.user) return reader.userId !== undefined && order.user.toString() === reader.userId;
  if (reader.guestId && order.guest?.guestId && order.guest.guestId === reader.guestId) return true;
  return tokenMatches(order.trackingTokenHash, reader.trackingToken);
}

/** The order for a reader who may see it; 404 for anyone else (never reveals that it exists). */
export async function getOrderFor(id: string, reader: OrderReader): Promise<OrderDoc> {
  const order = await findByIdOrNumber(id);
  if (!order || !canRead(order, reader)) throw notFound(ORDER_NOT_FOUND);
  return order;
}

export async function readOrder(id: string, reader: OrderReader): Promise<OrderAnswer> {
  return toOrderAnswer(await getOrderFor(id, reader));
}

/** Guest tracking by phone or token: status, history, items and totals; no street address. */
export async function trackOrder(
  id: string,
  credentials: { phone?: string; token?: string },
): Promise<OrderTrackingAnswer> {
  const order = await findByIdOrNumber(id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const phone = credentials.phone ? normalizeBdMobile(credentials.phone) : undefined;
  const phoneOk =
    phone !== undefined &&
    (order.shippingAddress.mobile === phone || order.guest?.mobile === phone);
  if (!phoneOk && !tokenMatches(order.trackingTokenHash, credentials.token))
    throw notFound(ORDER_NOT_FOUND);
  const full = toOrderAnswer(order);
  return {
    _id: full._id,
    orderNumber: full.orderNumber,
    orderStatus: full.orderStatus,
    statusHistory: full.statusHistory,
    orderItems: full.orderItems,
    totalPrice: full.totalPrice,
    discount: full.discount,
    promoCode: full.promoCode,
    promoCodeDiscount: full.promoCodeDiscount,
    deliveryCharge: full.deliveryCharge,
    tax: full.tax,
    totalDiscountedPrice: full.totalDiscountedPrice,
    totalItem: full.totalItem,
    paymentMethod: full.paymentMethod,
    paymentDetails: { status: order.paymentDetails?.status ?? "PENDING" },
    courier: full.courier ?? null,
    shippingAddress: {
      firstName: order.shippingAddress.firstName,
      city: order.shippingAddress.city,
    },
    createdAt: full.createdAt,
  };
}

// ---------------------------------------------------------------------------------------------
// Admin

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export interface AdminOrderQuery {
  status?: OrderStatus;
  search?: string;
  from?: Date;
  to?: Date;
  page: number;
  limit: number;
}

export async function listAdminOrders(query: AdminOrderQuery) {
  const filter: Record<string, unknown> = {};
  if (query.status) filter.orderStatus = query.status;
  if (query.from || query.to)
    filter.createdAt = {
      ...(query.from ? { $gte: query.from } : {}),
      ...(query.to ? { $lte: query.to } : {}),
    };
  const search = query.search?.trim();
  if (search) {
    const pattern = new RegExp(escapeRegex(search), "i");
    const or: Record<string, unknown>[] = [
      { orderNumber: pattern },
      { "shippingAddress.firstName": pattern },
      { "shippingAddress.lastName": pattern },
      { "shippingAddress.mobile": pattern },
      { "shippingAddress.email": pattern },
      { "guest.email": pattern },
      { "paymentDetails.transactionId": pattern },
    ];
    if (mongoose.isValidObjectId(search)) or.push({ _id: search });
    filter.$or = or;
  }
  const [orders, total] = await Promise.all([
    Order.find(filter)
      .sort({ createdAt: -1 })
      .skip((query.page - 1) * query.limit)
      .limit(query.limit)
      .populate("user", "firstName lastName email mobile"),
    Order.countDocuments(filter),
  ]);
  return {
    orders: orders.map(toOrderAnswer),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/**
 * Moves an order along the state machine with one conditional update (the current status must be
 * one the target may follow), so two admins or an admin and the expiry job cannot both move it.
 */
export async function moveOrder(id: string, to: OrderStatus, by: string): Promise<OrderAnswer> {
  if (!mongoose.isValidObjectId(id)) throw notFound(ORDER_NOT_FOUND);
  const allowedFrom = (Object.keys(ORDER_TRANSITIONS) as OrderStatus[]).filter((from) =>
    ORDER_TRANSITIONS[from].includes(to),
  );
  const set: Record<string, unknown> = { orderStatus: to };
  const moved = await updateOrderWhere(
    { _id: id, orderStatus: { $in: allowedFrom } },
    { $set: set, $push: { statusHistory: { status: to, at: new Date(), by } } },
  );
  if (!moved) {
    const current = await Order.findById(id, { orderStatus: 1 });
    if (!current) throw notFound(ORDER_NOT_FOUND);
    throw conflict(
      `Cannot change order status from ${current.orderStatus} to ${to}`,
      "INVALID_STATUS",
    );
  }
  if (to === "CANCELLED") await releaseOrderStock(moved._id);
  if (to === "CANCELLED") recordOrderCancelled(moved.paymentMethod, by);
  logger.info({ ...orderLogFields(moved), orderStatus: to, by }, "order status changed");
  if (to === "DELIVERED" && moved.paymentMethod === "COD")
    await Order.updateOne({ _id: moved._id }, { $set: { "paymentDetails.status": "COMPLETED" } });
  if (to === "SHIPPED" || to === "DELIVERED" || to === "CANCELLED") void notifyOrder(to, moved);
  return toOrderAnswer((await Order.findById(moved._id)) ?? moved);
}

/** Deletes an order; an order whose goods never left returns its stock first. */
export async function deleteOrder(id: string): Promise<{ message: string; _id: string }> {
  if (!mongoose.isValidObjectId(id)) throw notFound(ORDER_NOT_FOUND);
  const order = await Order.findById(id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (!["SHIPPED", "DELIVERED"].includes(order.orderStatus)) await releaseOrderStock(order._id);
  // Its checkout's journal entry is settled now: once the order is gone, the reconciliation job
  // would otherwise take it for an abandoned checkout.
  if (order.reservationId) await forgetReservation(order.reservationId);
  await Order.deleteOne({ _id: order._id });
  return { message: "Order deleted", _id: order._id.toString() };
}

// ---------------------------------------------------------------------------------------------
// Expiry of unpaid online orders

/**
 * Cancels PENDING orders older than PENDING_ORDER_TTL_MINUTES and releases their stock. Each order
 * is claimed by a conditional update on `orderStatus: PENDING`, so several instances
 * running this at once never cancel or release one order twice. Returns how many were cancelled.
 */
export async function expirePendingOrders(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - getEnv().PENDING_ORDER_TTL_MINUTES * 60_000);
  let cancelled = 0;
  const candidates = await Order.find(
    { orderStatus: "PENDING", createdAt: { $lt: cutoff } },
    { _id: 1 },
  )
    .sort({ createdAt: 1 })
    .limit(500)
    .lean();
  for (const candidate of candidates) {
    // Claimed with a conditional update: another instance, a payment callback or an admin that
    // got there first makes this a no-op.
    const order = await updateOrderWhere(
      { _id: candidate._id, orderStatus: "PENDING", createdAt: { $lt: cutoff } },
      {
        $set: { orderStatus: "CANCELLED", "paymentDetails.status": "EXPIRED" },
        $push: {
          statusHistory: {
            status: "CANCELLED",
            at: now,
            by: "system",
            note: "payment not received in time",
          },
        },
      },
    );
    if (!order) continue;
    cancelled += 1;
    recordOrderCancelled(order.paymentMethod, "system");
    logger.info({ ...orderLogFields(order), orderStatus: "CANCELLED" }, "unpaid order expired");
    try {
      await releaseOrderStock(order._id);
    } catch (error) {
      logger.error({ err: error, ...orderLogFields(order) }, "expired order: stock not released");
    }
  }
  if (cancelled > 0) logger.info({ cancelled }, "expired unpaid orders cancelled");
  return cancelled;
}

registerJob({
  name: "expire-pending-orders",
  everyMs: 60_000,
  run: () => expirePendingOrders().then(() => undefined),
});
