/**
 * What the printed documents of many orders say (docs/printing.md): each order's facts ready to
 * lay out, read in two queries (the orders, then their products' variants for the SKUs). Every
 * figure comes from the rule that owns it: the amount to collect is the one the courier booking
 * sends (`paymentSplit`), the parcel is the order answers' `shipmentOf`, place names come from
 * the location lists in the shopper's language.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { Order, type OrderFields } from "../../models/order.model.js";
import { getEnv } from "../env.js";
import { badRequest } from "../lib/http-error.js";
import { code128, qrCodeSvg } from "../lib/barcodes.js";
import { adminOrderFilter } from "./orders.service.js";
import { shipmentOf } from "./shipment-answer.js";
import { lineCodeKey, lineCodes } from "./variant-codes.service.js";
import { getShopSettings } from "./shop-settings.service.js";
import { paymentSplit } from "#contract/advance-delivery-charge";
import { addressLines } from "#contract/address-lines";
import { localized, toLocale, type Locale } from "#contract/i18n";
import { localizePath } from "#contract/i18n/locale-path";
import type { OrderFilter } from "#contract/schemas/order-desk";
import {
  MAX_PRINTED_ORDERS,
  tooManyInFilterToPrint,
  type OrderDocument,
  type OrderDocumentLine,
  type OrderDocumentsAnswer,
  type OrderDocumentsQuery,
} from "#contract/schemas/order-documents";

/** The brand every page of the shop shows (the settings have no name or logo of their own). */
const SHOP_NAME = "Tweest";

type StoredOrder = OrderFields & { _id: unknown; createdAt: Date };

/** The public tracking page of the order in the shopper's language (it asks for the mobile). */
function trackingUrl(orderNumber: string, locale: Locale): string {
  const path = localizePath(`/order/guest/track/${orderNumber}`, locale);
  return new URL(path, getEnv().PUBLIC_URL).toString();
}

async function documentOf(
  order: StoredOrder,
  codes: Awaited<ReturnType<typeof lineCodes>>,
): Promise<OrderDocument> {
  const locale = toLocale(order.locale);
  const address = order.shippingAddress;
  const shipment = shipmentOf(order);
  const advance = order.advanceDeliveryCharge;
  const url = trackingUrl(order.orderNumber, locale);
  const lines = order.orderItems.map((item): OrderDocumentLine => {
    const unitPrice = item.discountedPrice ?? item.price;
    return {
      title: localized({ title: item.title, titleBn: item.product?.titleBn }, "title", locale),
      color: item.color,
      size: item.size,
      sku: codes.get(lineCodeKey(item))?.sku || null,
      quantity: item.quantity,
      unitPrice,
      amount: unitPrice * item.quantity,
    };
  });
  return {
    orderId: String(order._id),
    orderNumber: order.orderNumber,
    placedAt: order.createdAt.toISOString(),
    status: order.orderStatus,
    locale,
    barcode: code128(order.orderNumber),
    tracking: { url, qrSvg: await qrCodeSvg(url) },
    deliverTo: {
      name: [address.firstName, address.lastName].filter(Boolean).join(" "),
      phone: address.mobile,
      lines: addressLines(address, locale),
    },
    shipment: shipment && {
      courierName: shipment.courierName,
      trackingNumber: shipment.trackingNumber,
    },
    payment: {
      method: order.paymentMethod,
      advance: advance
        ? { amount: advance.amount, method: advance.method, status: advance.status }
        : null,
      collect: paymentSplit(order).collectOnDelivery,
    },
    note: order.note?.trim() ?? "",
    lines,
    totals: {
      subtotal: order.totalPrice,
      discount: order.discount ?? 0,
      promoCode: order.promoCode ?? null,
      promoDiscount: order.promoCodeDiscount ?? 0,
      delivery: order.deliveryCharge ?? 0,
      tax: order.tax ?? 0,
      total: order.totalDiscountedPrice,
    },
  };
}

/** The orders of a filter, newest first as the list shows them; more than the bound is refused. */
async function ordersInFilter(filter: OrderFilter): Promise<StoredOrder[]> {
  const query = adminOrderFilter(filter);
  const found = await Order.find(query)
    .sort({ createdAt: -1, _id: -1 })
    .limit(MAX_PRINTED_ORDERS + 1)
    .lean<StoredOrder[]>();
  if (found.length > MAX_PRINTED_ORDERS) {
    const message = tooManyInFilterToPrint(await Order.countDocuments(query));
    throw badRequest(message, [{ path: "filter", message }]);
  }
  return found;
}

/** The documents of the orders asked for: by id in the order given, or a filter's. */
export async function readOrderDocuments({
  orders: orderIds,
  ...filter
}: OrderDocumentsQuery): Promise<OrderDocumentsAnswer> {
  let orders: StoredOrder[];
  let missing: string[] = [];
  if (orderIds) {
    const found = await Order.find({ _id: { $in: orderIds } }).lean<StoredOrder[]>();
    const byId = new Map(found.map((order) => [String(order._id), order]));
    orders = orderIds.flatMap((id) => byId.get(id) ?? []);
    missing = orderIds.filter((id) => !byId.has(id));
  } else orders = await ordersInFilter(filter);
  const [settings, codes] = await Promise.all([
    getShopSettings(),
    lineCodes(orders.flatMap((order) => order.orderItems)),
  ]);
  // One order at a time, letting other requests in between: 200 orders' codes take about a second.
  const documents: OrderDocument[] = [];
  for (const order of orders) {
    documents.push(await documentOf(order, codes));
    await nextTurn();
  }
  return {
    shop: { name: SHOP_NAME, address: settings.contact.address, phone: settings.contact.phone },
    documents,
    missing,
  };
}
