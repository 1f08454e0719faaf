/**
 * Printed documents of many orders at once (docs/printing.md): A4 and A5 invoices, packing slips
 * and 4x6 inch courier labels, from the orders selected on the desk or from a queue. The server
 * answers each order's facts ready to print (the address in the shopper's language, the amount to
 * collect, the order number's Code 128 and the tracking link's QR code drawn as SVG); the print
 * page only lays them out. Only zod, so the back office shares the query and the answer.
 */
import { z } from "zod";
import { LOCALES } from "../i18n/locale.js";
import { ORDER_STATUSES, PAYMENT_METHODS } from "../order-status.js";
import { ADVANCE_METHODS, ADVANCE_STATUSES } from "../advance-delivery-charge.js";
import { Timestamp } from "../answers/common.js";
import { ObjectIdString } from "./common.js";
import { OrderFilterFields } from "./order-desk.js";

/** Orders one print request may take: a packing day's queue, not the whole history. */
export const MAX_PRINTED_ORDERS = 200;
export const TOO_MANY_TO_PRINT = `At most ${MAX_PRINTED_ORDERS} orders are printed at once`;
export const PRINT_TARGET_MISSING =
  "Send the orders' ids (orders) or a filter such as a queue, one of the two";
export const tooManyInFilterToPrint = (count: number) =>
  `The filter matches ${count} orders; at most ${MAX_PRINTED_ORDERS} are printed at once: narrow the filter or select the orders`;

/** What is printed: the page takes one kind and one paper for all its orders. */
export const DOCUMENT_KINDS = ["invoice", "packing-slip", "label"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
/** Invoices and packing slips print on A4 or A5; a label is always 4x6 inches. */
export const PAPER_SIZES = ["a4", "a5"] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];

/** `?orders=<id>,<id>` as the print page's URL and the API's query carry it (order kept). */
const OrderIdList = z
  .string()
  .transform((text) => [...new Set(text.split(",").filter(Boolean))])
  .pipe(
    z
      .array(ObjectIdString)
      .min(1, "Choose at least one order")
      .max(MAX_PRINTED_ORDERS, TOO_MANY_TO_PRINT),
  );

const FILTER_KEYS = Object.keys(OrderFilterFields) as (keyof typeof OrderFilterFields)[];

/**
 * `GET /api/admin/orders/documents`: the orders by id (`orders`, comma-separated, in the order
 * given) or everything the orders list's filter shows (a queue, a status...), newest first.
 */
export const OrderDocumentsQuery = z
  .object({ orders: OrderIdList.optional(), ...OrderFilterFields })
  .superRefine((query, context) => {
    const filtered = FILTER_KEYS.some((key) => query[key] !== undefined);
    if ((query.orders === undefined) === !filtered)
      context.addIssue({ code: "custom", path: ["orders"], message: PRINT_TARGET_MISSING });
  });
export type OrderDocumentsQuery = z.infer<typeof OrderDocumentsQuery>;

/** A Code 128 as the server drew it: SVG markup, and its width in modules (narrowest bars). */
export const DrawnBarcode = z.object({
  svg: z.string(),
  /** The page makes each module a whole number of a label printer's dots wide from it. */
  modules: z.number().int().min(1),
});
export type DrawnBarcode = z.infer<typeof DrawnBarcode>;

export const OrderDocumentLine = z.object({
  title: z.string(),
  color: z.string(),
  size: z.string(),
  /** The variant's SKU as the catalogue has it now; null when the variant has none. */
  sku: z.string().nullable(),
  quantity: z.number().int(),
  /** What one unit was sold at, and the line's amount (taka). */
  unitPrice: z.number(),
  amount: z.number(),
});
export type OrderDocumentLine = z.infer<typeof OrderDocumentLine>;

export const OrderDocument = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  placedAt: Timestamp,
  status: z.enum(ORDER_STATUSES),
  /** The language the shopper ordered in: the address is written in it. */
  locale: z.enum(LOCALES),
  /** The order number as Code 128 (what the packing table's scanner reads). */
  barcode: DrawnBarcode,
  /** The order's public tracking page (it asks for the mobile) and its QR code as SVG markup. */
  tracking: z.object({ url: z.string(), qrSvg: z.string() }),
  deliverTo: z.object({
    name: z.string(),
    phone: z.string(),
    /** Street, area, then thana and district (the lists' names in the order's language). */
    lines: z.array(z.string()),
  }),
  /** The courier and its tracking number once a parcel is booked. */
  shipment: z.object({ courierName: z.string(), trackingNumber: z.string() }).nullable(),
  payment: z.object({
    method: z.enum(PAYMENT_METHODS),
    /** The advance delivery charge of a cash-on-delivery order (no reasons: the shopper reads this). */
    advance: z
      .object({
        amount: z.number(),
        method: z.enum(ADVANCE_METHODS),
        status: z.enum(ADVANCE_STATUSES),
      })
      .nullable(),
    /** What the rider collects: 0 for a prepaid order, the rest after a paid advance. */
    collect: z.number(),
  }),
  note: z.string(),
  lines: z.array(OrderDocumentLine),
  totals: z.object({
    /** The goods at their list prices, then what came off them. */
    subtotal: z.number(),
    discount: z.number(),
    promoCode: z.string().nullable(),
    promoDiscount: z.number(),
    delivery: z.number(),
    tax: z.number(),
    total: z.number(),
  }),
});
export type OrderDocument = z.infer<typeof OrderDocument>;

export const OrderDocumentsAnswer = z.object({
  /** The shop as every document heads it: its name, and the contact lines of the shop settings. */
  shop: z.object({ name: z.string(), address: z.string(), phone: z.string() }),
  documents: z.array(OrderDocument),
  /** Ids asked for that match no order (deleted since they were selected). */
  missing: z.array(z.string()),
});
export type OrderDocumentsAnswer = z.infer<typeof OrderDocumentsAnswer>;
