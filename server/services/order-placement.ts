import type { z } from "zod";
import type { PlaceOrderBody, ShippingAddressBody } from "#contract/schemas/orders";
import type { StaffOrderLineBody } from "#contract/schemas/staff-orders";
import type { StaffOrderSource } from "#contract/order-sources";
import { randomBytes, randomInt } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import mongoose from "mongoose";
import { Order, type OrderFields, type OrderStatus } from "../../models/order.model.js";
import { badRequest, HttpError } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import { orderLogFields } from "../lib/log-fields.js";
import { recordOrderPlaced } from "../lib/metrics.js";
import { runSteps, undoSteps, type Step, type StepOptions } from "../lib/steps.js";
import { assertGatewayConfigured } from "../payments/index.js";
import {
  assertWithinCaps,
  clearCart,
  getPricedCart,
  getPricedCartVersion,
  priceLines,
  type CartAnswer,
  type CartOwner,
} from "./cart.service.js";
import { computeTax, deliveryZoneOf, quoteDelivery } from "./delivery.service.js";
import { resolvePlace, type AddressPlace, type ResolvedPlace } from "./delivery-place.js";
import { zoneSummary, type ZoneSummary } from "#contract/delivery-zones";
import {
  ADVANCE_METHOD_REQUIRED,
  ADVANCE_METHOD_UNAVAILABLE,
  advanceFor,
} from "./advance-delivery-charge.service.js";
import {
  ADVANCE_REQUIRED_CODE,
  type AdvanceMethod,
  type AdvanceQuoteAnswer,
  type AdvanceRule,
} from "#contract/advance-delivery-charge";
import { notifyOrder } from "./notifications.service.js";
import { getShopSettings } from "./shop-settings.service.js";
import type { PhoneRisk } from "#contract/schemas/phone-history";
import {
  checkCodPhone,
  checkPhoneCode,
  consumePhoneCode,
  type CodPhoneContext,
} from "./cod-phone-checks.js";
import { hashTrackingToken, toOrderAnswer, type OrderAnswer } from "./orders.service.js";
import { termsVersion } from "./pages.service.js";
import {
  claimPromoUse,
  evaluatePromo,
  INVALID_PROMO_MESSAGE,
  releaseReservedPromoUse,
  type PromoEvaluation,
} from "./promo-codes.service.js";
import {
  assertCommitWindow,
  closeReservation,
  giveBackReservedLines,
  newReservation,
  openReservation,
  type Reservation,
} from "./reservations.service.js";
import { assertMayHave, checkoutUndone, reserveStock, type StockLine } from "./stock.service.js";
import type { StockChange } from "./stock-ledger.js";
import { dropIncompleteCheckout } from "./saved-checkout-drop.js";
import { DEFAULT_LOCALE } from "#contract/i18n/locale";
import { ORDER_NUMBER_ALPHABET } from "#contract/order-number";
import { isOnlinePaymentMethod } from "#contract/payment-methods";

/**
 * Placing an order: the checkout's steps in the order they run, each with its undo. When a step
 * fails, the undo of the steps before it runs newest first (server/lib/steps.ts). No
 * transactions: every write is one guarded write of one document, and the reservation journal
 * lets the background job finish an undo that a killed process never ran. docs/architecture.md
 * ("Placing an order") describes the flow.
 */

export const SHOP_TIME_ZONE = "Asia/Dhaka";
export const EMPTY_CART_MESSAGE = "Your cart is empty";

// ---------------------------------------------------------------------------------------------
// Quote

export interface Quote {
  subtotal: number;
  discount: number;
  promoCodeDiscount: number;
  deliveryCharge: number;
  tax: number;
  total: number;
  promoCode: string | null;
  deliverySource: "pathao" | "builtin";
  /** The delivery zone the address falls in (named for an empty cart too). */
  zone: ZoneSummary;
  /** Paid cash on delivery, the delivery charge is paid online first (absent: not). */
  advanceDeliveryCharge?: AdvanceQuoteAnswer;
}

/**
 * Money rules: subtotal = sum of list price x quantity; discount = product discounts;
 * goods = subtotal - discount - promoCodeDiscount; delivery and tax are computed on goods;
 * total = goods + delivery + tax (whole taka).
 */
async function priceQuote(
  cart: CartAnswer,
  address: QuoteAddress,
  promo: PromoEvaluation | null,
  order?: {
    paymentMethod: string;
    riskLevel?: PhoneRisk["level"];
    /** The couriers' record of the number asks for the advance (`cod.courierRecord`). */
    poorCourierRecord?: boolean;
  },
): Promise<Quote & { place: ResolvedPlace }> {
  const promoCodeDiscount = promo?.discount ?? 0;
  const goods = cart.totalPrice - cart.discount - promoCodeDiscount;
  const delivery = await quoteDelivery(address, goods);
  const tax = computeTax(goods);
  const total = goods + delivery.deliveryCharge + tax;
  // A quote asked before the method is chosen tells what cash on delivery would need; an order
  // paid online has no advance.
  const advance =
    order && order.paymentMethod !== "COD"
      ? null
      : await advanceFor({
          outsideDhaka: delivery.outsideDhaka,
          goods,
          deliveryCharge: delivery.deliveryCharge,
          total,
          // Only a placement reads the number's history; the quote is anonymous (docs/cod.md).
          ...(order && address.mobile
            ? {
                placement: {
                  mobile: address.mobile,
                  riskLevel: order.riskLevel,
                  poorCourierRecord: order.poorCourierRecord,
                },
              }
            : {}),
        });
  return {
    subtotal: cart.totalPrice,
    discount: cart.discount,
    promoCodeDiscount,
    deliveryCharge: delivery.deliveryCharge,
    tax,
    total,
    promoCode: promo?.code ?? null,
    deliverySource: delivery.source,
    zone: delivery.zone,
    ...(advance ? { advanceDeliveryCharge: advance } : {}),
    place: delivery.place,
  };
}

/** Where the order goes; a placement's mobile decides the risky-number rule. */
type QuoteAddress = AddressPlace & { mobile?: string };

/**
 * The totals the current cart would have at this address (all zero without a cart). Anonymous:
 * where the order goes, never whose number it is.
 */
export async function quoteCheckout(
  owner: CartOwner | undefined,
  address: Omit<QuoteAddress, "mobile">,
): Promise<Quote> {
  const cart = owner ? await getPricedCart(owner) : undefined;
  if (!cart || cart.cartItems.length === 0) {
    // Nothing to price, but the address is checked and its zone named all the same.
    const { zone } = await deliveryZoneOf(resolvePlace(address));
    return {
      subtotal: 0,
      discount: 0,
      promoCodeDiscount: 0,
      deliveryCharge: 0,
      tax: 0,
      total: 0,
      promoCode: null,
      deliverySource: "builtin",
      zone: zoneSummary(zone),
    };
  }
  const { place: _place, ...quote } = await priceQuote(cart, address, cart.promoDetails);
  return quote;
}

// ---------------------------------------------------------------------------------------------
// What a placement carries from step to step

/** An address as the checkout's schema takes it. */
export type ShippingAddressInput = z.input<typeof ShippingAddressBody>;

/**
 * An order staff entered for a customer (docs/order-desk.md, "Orders from every channel"): the
 * lines instead of a cart, the channel, who entered it, and whether they confirmed the phone by
 * speaking with the customer on it.
 */
export interface StaffEntry {
  lines: StaffOrderLineBody[];
  source: StaffOrderSource;
  /** `admin:<email>`. */
  createdBy: string;
  phoneConfirmedByCall: boolean;
  /**
   * The submission this order answers (`staff:<form key>`, `saved-checkout:<id>`): stored as the
   * order's `checkoutOf`, unique, so one submission makes one order (staff-placement.ts).
   */
  submissionKey: string;
  /** The hash of the new-order form's body, which a retry with the same key must repeat. */
  bodyHash?: string;
  /** The saved checkout this order converts (the call list): recorded as recovered by it. */
  convertedCheckout?: string;
  /** A converted saved checkout's own promo code, which the shopper applied; staff give none. */
  promoCode?: string | null;
}

/**
 * The checkout's body as the contract validates it, and whose cart it is; or a staff order (no
 * cart, no terms box: the customer never saw the shop's checkout).
 */
export type PlaceOrderInput = Omit<z.input<typeof PlaceOrderBody>, "termsAccepted"> & {
  owner: CartOwner | undefined;
  staff?: StaffEntry;
};

/** What the reservation steps need and leave: also what reserveForCheckout runs alone. */
interface ReservationWork {
  lines: StockLine[];
  promoCode: string | null;
  reservation?: Reservation;
  /** Who buys, as the stock ledger names them (`admin:<email>` for a staff order). */
  buyer?: string;
}

/** The stock ledger's sale entries of a reservation's lines. */
const saleOf = ({ reservation, buyer }: ReservationWork): StockChange => ({
  reason: "sale",
  by: buyer ?? "customer",
  reservationId: reservation!.id,
});

interface Placement extends ReservationWork, CodPhoneContext {
  input: PlaceOrderInput;
  owner?: CartOwner;
  userId?: string;
  cart?: CartAnswer;
  /** `<cart id>:<version>` of the cart as priced: one cart as it stood gives one order. */
  cartVersion?: string | null;
  quote?: Quote;
  /** Where the address goes (ids, and the names to store), as resolved when it was priced. */
  place?: ResolvedPlace;
  order?: mongoose.HydratedDocument<OrderFields>;
  trackingToken?: string;
  /** Cash on delivery whose delivery charge is paid online first: how and why. */
  advance?: { amount: number; method: AdvanceMethod; reasons: AdvanceRule[] };
  /** The version of the terms page in force, which the shopper accepted (docs/pages.md). */
  termsVersion?: number;
}

// ---------------------------------------------------------------------------------------------
// The steps

const checkPaymentMethod: Step<Placement> = {
  name: "check the payment method",
  async run({ input }) {
    if (isOnlinePaymentMethod(input.paymentMethod))
      await assertGatewayConfigured(input.paymentMethod);
  },
};

const validateCart: Step<Placement> = {
  name: "validate the cart",
  async run(placement) {
    const { owner, staff } = placement.input;
    if (staff) {
      const cart = await priceLines(staff.lines, staff.promoCode);
      if (cart.cartItems.length === 0) throw badRequest(EMPTY_CART_MESSAGE);
      if (cart.promoError) throw badRequest(cart.promoError);
      placement.cart = cart;
      return;
    }
    if (!owner) throw badRequest(EMPTY_CART_MESSAGE);
    const { cart, version } = await getPricedCartVersion(owner);
    if (cart.cartItems.length === 0) throw badRequest(EMPTY_CART_MESSAGE);
    if (cart.promoError) throw badRequest(cart.promoError);
    placement.owner = owner;
    placement.userId = "userId" in owner ? owner.userId : undefined;
    placement.cart = cart;
    placement.cartVersion = version;
  },
};

/** The shopper accepted the terms (the router refused the order otherwise): which version. */
const noteTermsVersion: Step<Placement> = {
  name: "note the terms' version",
  async run(placement) {
    if (!placement.input.staff) placement.termsVersion = await termsVersion();
  },
};

/**
 * The shop's caps on what one order holds (docs/cod.md, "Order caps"), for every payment method:
 * a cart filled before the caps were lowered is refused here, before anything is reserved.
 */
const checkCaps: Step<Placement> = {
  name: "check the order caps",
  async run({ cart }) {
    assertWithinCaps(cart!.cartItems, (await getShopSettings()).orderCaps);
  },
};

/** The promo code checked again for this buyer (a guest by the order's mobile), then the totals. */
const priceOrder: Step<Placement> = {
  name: "price the order",
  async run(placement) {
    const { input, userId } = placement;
    const cart = placement.cart!;
    const promo = cart.promoDetails
      ? await evaluatePromo(
          cart.promoDetails.code,
          cart.totalPrice - cart.discount,
          userId ? { userId } : { guestMobile: input.shippingAddress.mobile },
        )
      : null;
    const { place, ...quote } = await priceQuote(cart, input.shippingAddress, promo, {
      paymentMethod: input.paymentMethod,
      riskLevel: placement.phoneRisk?.level,
      poorCourierRecord: placement.courierRecordAction === "advance",
    });
    placement.quote = quote;
    placement.place = place;
    placement.promoCode = placement.quote.promoCode;
    placement.buyer = input.staff?.createdBy ?? (userId ? "customer" : "guest");
    placement.lines = cart.cartItems.map((item) => ({
      productId: item.productId,
      color: item.color,
      size: item.size,
      quantity: item.quantity,
      title: item.title,
    }));
  },
};

/**
 * Cash on delivery matching an advance rule: the shopper must have chosen a gateway the shop offers
 * for the delivery charge (400 before anything is taken). Other methods pay everything online.
 */
const checkAdvance: Step<Placement> = {
  name: "check the advance delivery charge",
  async run(placement) {
    const advance = placement.quote!.advanceDeliveryCharge;
    if (placement.input.paymentMethod !== "COD" || !advance) return;
    const method = placement.input.advancePaymentMethod;
    if (!method || !advance.methods.includes(method)) {
      const message = !method ? ADVANCE_METHOD_REQUIRED : ADVANCE_METHOD_UNAVAILABLE;
      throw new HttpError(400, message, ADVANCE_REQUIRED_CODE, [
        { path: "advancePaymentMethod", message },
      ]);
    }
    placement.advance = { amount: advance.amount, method, reasons: advance.reasons };
  },
};

/** A sold-out variant answers before anything is written (the flash-sale case). */
const checkStock: Step<ReservationWork> = {
  name: "check stock",
  run: ({ lines }) => assertMayHave(lines),
};

/** The journal entry comes first, so a process killed later leaks nothing: the job settles it. */
const openJournal: Step<ReservationWork> = {
  name: "open the reservation",
  async run(work) {
    work.reservation = newReservation(work.lines, work.promoCode);
    await openReservation(work.reservation);
  },
  undo: ({ reservation }) => (reservation ? closeReservation(reservation) : Promise.resolve()),
};

const claimPromo: Step<ReservationWork> = {
  name: "claim the promo use",
  async run({ promoCode, reservation }) {
    if (promoCode && !(await claimPromoUse(promoCode, reservation!.id)))
      throw badRequest(INVALID_PROMO_MESSAGE);
  },
  async undo({ promoCode, reservation }) {
    if (promoCode) await releaseReservedPromoUse(promoCode, reservation!.id);
  },
};

const takeStock: Step<ReservationWork> = {
  name: "reserve stock",
  // All or none: a line that cannot be had gives back the lines already taken, then 409.
  run: (work) => reserveStock(work.reservation!.lines, saleOf(work)),
  async undo(work) {
    await giveBackReservedLines(
      work.reservation!.id,
      work.reservation!.lines,
      checkoutUndone(saleOf(work)),
    );
  },
  // After a 409 nothing is held (no per-line look-ups for the many buyers of a sold-out variant).
  failedWith: (_work, error) =>
    (error as { code?: string }).code === "OUT_OF_STOCK" ? "nothing" : "partial",
};

/** The order carries the reservation id: saving it is the commit. */
const createOrder: Step<Placement> = {
  name: "create the order",
  async run(placement) {
    const reservation = placement.reservation!;
    // A guest reads the order with this token (answered once; only its hash is stored).
    if (!placement.userId) placement.trackingToken = randomBytes(24).toString("base64url");
    const document = orderDocument(placement);
    try {
      placement.order = await createWithUniqueNumber(document, () =>
        assertCommitWindow(reservation),
      );
    } catch (error) {
      // The same cart submitted twice at once (a double-click, two tabs): the other request made
      // the order; this one answers as if the cart were already empty, which it is a moment later.
      // (A staff submission's twin answers the other's order instead: staff-placement.ts.)
      if (await isDuplicateKey(error, "checkoutOf", document.checkoutOf))
        throw badRequest(EMPTY_CART_MESSAGE);
      throw error;
    }
  },
  // A failed insert that landed after all (a lost reply): the order owns the units now and the
  // reservation job commits it, so nothing is undone.
  failedWith: async ({ reservation }) =>
    (await Order.exists({ reservationId: reservation!.id }).catch(() => true))
      ? "committed"
      : "nothing",
};

/** Best effort from here on: the order stands whatever happens. */
const emptyCart: Step<Placement> = {
  name: "clear the cart",
  async run({ owner, order }) {
    if (!owner) return;
    await clearCart(owner).catch((error: unknown) => {
      logger.warn({ err: error, ...orderLogFields(order!) }, "cart not cleared after order");
    });
  },
};

const announce: Step<Placement> = {
  name: "announce the order",
  async run({ input, order }) {
    recordOrderPlaced(input.paymentMethod);
    logger.info(
      {
        ...orderLogFields(order!),
        paymentMethod: input.paymentMethod,
        orderStatus: order!.orderStatus,
      },
      "order placed",
    );
    // An online order is announced once paid (server/payments/).
    if (order!.orderStatus === "PLACED") void notifyOrder("PLACED", order!);
  },
};

/** Taking the stock and the promo use, each recorded on the reservation (all or nothing). */
const RESERVATION_STEPS: readonly Step<ReservationWork>[] = [
  checkStock,
  openJournal,
  claimPromo,
  takeStock,
];

/**
 * Every refusal that needs no stock comes before the reservation (payment method, cart, caps,
 * block list, the phone code present and right, price and advance), so a refused attempt holds
 * nothing; the code is spent only at the commit.
 */
export const PLACEMENT_STEPS: readonly Step<Placement>[] = [
  checkPaymentMethod,
  validateCart,
  noteTermsVersion,
  checkCaps,
  checkCodPhone,
  checkPhoneCode,
  priceOrder,
  checkAdvance,
  ...RESERVATION_STEPS,
  consumePhoneCode,
  createOrder,
  emptyCart,
  dropIncompleteCheckout,
  announce,
];

/** An undo that fails names the reservation the background job will settle. */
const LOG_RESERVATION: StepOptions<ReservationWork> = {
  logFields: ({ reservation }) => ({ reservation: reservation?.id }),
};

/** Builds the order from the server-side cart and answers it (+ trackingToken for a guest). */
export async function placeOrder(input: PlaceOrderInput): Promise<OrderAnswer> {
  const placement: Placement = { input, lines: [], promoCode: null };
  await runSteps(PLACEMENT_STEPS, placement, LOG_RESERVATION);
  const answer = toOrderAnswer(placement.order!);
  if (placement.trackingToken) answer.trackingToken = placement.trackingToken;
  return answer;
}

/**
 * The reservation steps alone (what placeOrder runs before creating the order): takes the promo
 * use and every line, recorded on a new journal entry. On failure everything taken is given back
 * and the entry removed; the error (409 out of stock, 400 promo used up, 503 busy) is rethrown.
 */
export async function reserveForCheckout(
  lines: StockLine[],
  promoCode: string | null,
): Promise<Reservation> {
  const work: ReservationWork = { lines, promoCode };
  await runSteps(RESERVATION_STEPS, work, LOG_RESERVATION);
  return work.reservation!;
}

/**
 * No order will be made: the reservation steps' undo, newest first (lines, promo use, journal
 * entry). Never throws; an undo that fails leaves the entry OPEN for the reconciliation job.
 */
export async function abandonReservation(reservation: Reservation): Promise<void> {
  await undoSteps(
    RESERVATION_STEPS,
    { lines: reservation.lines, promoCode: reservation.promoCode, reservation },
    LOG_RESERVATION,
  );
}

// ---------------------------------------------------------------------------------------------
// The order document

function orderDocument(placement: Placement): Record<string, unknown> {
  const { input, userId, trackingToken } = placement;
  const [cart, quote, owner] = [placement.cart!, placement.quote!, placement.owner];
  // Awaiting a payment (the whole total, or a COD order's delivery charge) until the gateway confirms.
  const awaitsPayment = input.paymentMethod !== "COD" || placement.advance !== undefined;
  const status: OrderStatus = awaitsPayment ? "PENDING" : "PLACED";
  const address = input.shippingAddress;
  return {
    user: userId ? new mongoose.Types.ObjectId(userId) : null,
    guest: userId
      ? null
      : {
          email: address.email ?? "",
          mobile: address.mobile,
          guestId: owner && "guestId" in owner ? owner.guestId : undefined,
        },
    trackingTokenHash: trackingToken ? hashTrackingToken(trackingToken) : null,
    orderItems: cart.cartItems.map((item) => ({
      product: {
        _id: item.productId,
        title: item.title,
        ...(item.product.titleBn ? { titleBn: item.product.titleBn } : {}),
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
      city: placement.place!.city,
      zone: placement.place!.zone,
      area: address.area ?? "",
      zipCode: address.zipCode ?? "",
      country: "Bangladesh",
      districtId: placement.place!.districtId,
      thanaId: placement.place!.thanaId,
    },
    totalPrice: quote.subtotal,
    discount: quote.discount,
    promoCode: quote.promoCode,
    promoCodeDiscount: quote.promoCodeDiscount,
    deliveryCharge: quote.deliveryCharge,
    tax: quote.tax,
    totalDiscountedPrice: quote.total,
    totalItem: cart.totalItem,
    paymentMethod: input.paymentMethod,
    advanceDeliveryCharge: placement.advance ? { ...placement.advance, status: "PENDING" } : null,
    paymentDetails: { status: "PENDING", paymentId: null, transactionId: null },
    orderStatus: status,
    statusHistory: [
      {
        status,
        at: new Date(),
        by: input.staff?.createdBy ?? (userId ? "customer" : "guest"),
        ...(placement.phoneConfirmedBy ? { note: "phone confirmed by call" } : {}),
      },
    ],
    note: input.note ?? "",
    termsAcceptedVersion: placement.termsVersion ?? null,
    locale: input.locale ?? DEFAULT_LOCALE,
    phoneConfirmed: Boolean(placement.phoneConfirmedAt),
    phoneConfirmedAt: placement.phoneConfirmedAt ?? null,
    checkoutOf: placement.cartVersion ?? input.staff?.submissionKey,
    submission: input.staff?.bodyHash
      ? { bodyHash: input.staff.bodyHash, paymentRequested: false }
      : undefined,
    source: input.staff?.source ?? "web",
    createdBy: input.staff?.createdBy ?? null,
    reservationId: new mongoose.Types.ObjectId(placement.reservation!.id),
  };
}

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
