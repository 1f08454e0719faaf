import mongoose, { Schema, type InferSchemaType } from "mongoose";
import { DEFAULT_LOCALE, LOCALES } from "#contract/i18n/locale";

import { CANCELLED_BY, ORDER_STATUSES, PAYMENT_METHODS } from "#contract/order-status";
import { normalizeBdMobile } from "#contract/phone";
import { COURIER_IDS } from "#contract/couriers";
import { trackBuyerChanges } from "./buyer.model.js";
import { ORDER_SOURCES } from "#contract/order-sources";
import { REFUND_METHODS, REFUND_STATUSES } from "#contract/refunds";
import {
  ADVANCE_METHODS,
  ADVANCE_RULES,
  ADVANCE_STATUSES,
} from "#contract/advance-delivery-charge";

export * from "#contract/order-status";

const OrderItemSchema = new Schema(
  {
    // A snapshot of the product at order time; the order never changes when the catalogue does.
    product: {
      _id: { type: Schema.Types.ObjectId, ref: "Product" },
      title: String,
      // The Bangla title then, when the product had one (the order screens in Bangla show it).
      titleBn: String,
      category: { _id: Schema.Types.ObjectId, name: String },
      discountedPrice: Number,
      imageUrl: String,
    },
    productId: { type: Schema.Types.ObjectId, ref: "Product", required: true },
    title: { type: String, required: true },
    price: { type: Number, required: true, min: 0 },
    discountedPrice: { type: Number, required: true, min: 0 },
    quantity: { type: Number, required: true, min: 1 },
    color: { type: String, required: true },
    size: { type: String, required: true },
  },
  { _id: true },
);

const AddressSchema = new Schema(
  {
    firstName: { type: String, required: true },
    lastName: { type: String, default: "" },
    mobile: { type: String, required: true },
    email: { type: String, default: "" },
    streetAddress: { type: String, required: true },
    city: { type: String, required: true },
    zone: { type: String, default: "" },
    area: { type: String, default: "" },
    zipCode: { type: String, default: "" },
    // Ids of the district and thana lists (docs/locations.md); null on orders placed before them.
    districtId: { type: String, default: null },
    thanaId: { type: String, default: null },
    country: { type: String, default: "Bangladesh" },
  },
  { _id: false },
);

const RefundSchema = new Schema(
  {
    id: { type: String, required: true },
    amount: { type: Number, required: true, min: 0 },
    status: { type: String, enum: REFUND_STATUSES, required: true },
    method: { type: String, enum: REFUND_METHODS, required: true },
    gateway: { type: String, default: null },
    // The completed payment it refunds (a gateway refund).
    payment: { type: Schema.Types.ObjectId, default: null },
    gatewayRef: { type: String, default: null },
    reference: { type: String, default: null },
    reason: { type: String, required: true },
    by: { type: String, required: true },
    at: { type: Date, required: true },
    completedAt: { type: Date, default: null },
    failure: { type: String, default: null },
    // The refund form's idempotency key and the hash of the body it came with.
    key: { type: String, required: true },
    bodyHash: { type: String, required: true },
    // When the poller last asked the gateway about it.
    checkedAt: { type: Date, default: null },
  },
  { _id: false },
);

const OrderSchema = new Schema(
  {
    orderNumber: { type: String, required: true, unique: true },
    user: { type: Schema.Types.ObjectId, ref: "User", default: null, index: true },
    guest: {
      type: new Schema({ email: String, mobile: String, guestId: String }, { _id: false }),
      default: null,
    },
    // Hash of the guest's tracking token; the token itself is shown once, when the order is placed.
    trackingTokenHash: { type: String, default: null, select: false },
    orderItems: { type: [OrderItemSchema], required: true },
    shippingAddress: { type: AddressSchema, required: true },
    // The delivery mobile in the 01XXXXXXXXX form, whatever form the address holds: the key of
    // the customer's history by phone (docs/cod.md). Set on every save; older orders are filled in
    // by a migration (backfillDeliveryPhones, server/db/migrations.ts).
    deliveryPhone: { type: String },
    totalPrice: { type: Number, required: true, min: 0 },
    discount: { type: Number, default: 0, min: 0 },
    promoCode: { type: String, default: null },
    promoCodeDiscount: { type: Number, default: 0, min: 0 },
    deliveryCharge: { type: Number, default: 0, min: 0 },
    tax: { type: Number, default: 0, min: 0 },
    totalDiscountedPrice: { type: Number, required: true, min: 0 },
    totalItem: { type: Number, required: true, min: 0 },
    paymentMethod: { type: String, enum: PAYMENT_METHODS, required: true },
    paymentDetails: {
      status: { type: String, default: "PENDING" },
      paymentId: { type: String, default: null },
      transactionId: { type: String, default: null },
    },
    // Cash on delivery whose delivery charge is paid online first (docs/cod.md): PENDING until paid.
    advanceDeliveryCharge: {
      type: new Schema(
        {
          amount: { type: Number, required: true, min: 0 },
          method: { type: String, enum: ADVANCE_METHODS, required: true },
          reasons: { type: [{ type: String, enum: ADVANCE_RULES }], default: [] },
          status: { type: String, enum: ADVANCE_STATUSES, default: "PENDING" },
          transactionId: { type: String, default: null },
          paidAt: { type: Date, default: null },
        },
        { _id: false },
      ),
      default: null,
    },
    // One payment attempt at a time (docs/cod.md, "Never paid twice"): the attempt (our transaction
    // id) holding the order, until when. SSLCommerz holds it while its page is open, bKash while it
    // executes; taken and released by guarded updates in server/payments/ledger.ts.
    paymentLock: {
      type: new Schema({ transactionId: String, until: Date }, { _id: false }),
      default: null,
      select: false,
    },
    orderStatus: { type: String, enum: ORDER_STATUSES, default: "PENDING", index: true },
    statusHistory: {
      type: [{ status: String, at: Date, by: String, note: String, _id: false }],
      default: [],
    },
    // A cancelled order: who caused it. Only the customer's cancellations count against the
    // delivery phone (phone-history.service). Set by every path that cancels; older orders get it
    // from their history (deriveCancelledBy, server/db/migrations.ts).
    cancelledBy: { type: String, enum: CANCELLED_BY },
    courier: {
      type: new Schema(
        { name: String, consignmentId: String, trackingCode: String, status: String },
        { _id: false },
      ),
      default: null,
    },
    // Who is bringing the parcel and how to follow it (docs/couriers.md), whichever courier: set
    // when the parcel is booked (status BOOKING while the courier answers). Pathao bookings also
    // keep `courier` above, as before; orders booked before `shipment` existed read it from there.
    shipment: {
      type: new Schema(
        {
          courier: { type: String, enum: COURIER_IDS, required: true },
          courierName: String,
          consignmentId: String,
          trackingNumber: String,
          trackingUrl: { type: String, default: null },
          status: String,
          bookedAt: Date,
          bookedBy: String,
          // When its status was last read from the courier (the polling job reads the oldest first).
          checkedAt: { type: Date, default: null },
        },
        { _id: false },
      ),
      default: null,
    },
    note: { type: String, default: "" },
    // The version of the terms page the shopper accepted at checkout (null: placed before the box).
    termsAcceptedVersion: { type: Number, default: null },
    // The language the order was placed in: its SMS and emails go out in it.
    locale: { type: String, enum: LOCALES, default: DEFAULT_LOCALE },
    // Set once stock has been returned, so a cancel racing the expiry job never returns it twice.
    stockReleased: { type: Boolean, default: false },
    /** A returned parcel: the delivery charge the shop paid for and did not collect (taka). */
    deliveryCostLost: { type: Number, default: 0, min: 0 },
    /**
     * A delivered COD parcel: the cash the courier collected (taka), from its delivered event or
     * typed by an admin (docs/cod.md, "Courier cash"). Null until recorded.
     */
    cashCollected: {
      type: new Schema({ amount: Number, at: Date, source: String, by: String }, { _id: false }),
      default: null,
    },
    // The courier settlement (models/courier-settlement.model.ts) that paid this parcel's cash to
    // the shop; claimed by one guarded update, so a parcel is never in two settlements.
    cashSettlement: { type: Schema.Types.ObjectId, default: null },
    // The checkout's stock reservation (models/stock-reservation.model.ts); absent on older orders.
    reservationId: { type: Schema.Types.ObjectId },
    // "<cart id>:<cart version>" of the cart this order was placed from: unique, so one cart
    // as it stood gives one order however often it is submitted at once (absent on older orders).
    // A staff order holds its submission's key instead (`staff:<key>`, `saved-checkout:<id>`).
    checkoutOf: { type: String },
    // A staff order's form (docs/order-desk.md, "One order per submission"): the hash of its body,
    // which a retry with the same key must repeat, and whether the payment SMS went out (the
    // retry's answer says it again).
    submission: {
      type: new Schema({ bodyHash: String, paymentRequested: Boolean }, { _id: false }),
      default: undefined,
    },
    // A cash-on-delivery order whose phone was confirmed with a one-time code at the checkout.
    phoneConfirmed: { type: Boolean, default: false },
    phoneConfirmedAt: { type: Date, default: null },
    // Scan-to-pack (docs/packing.md): when every unit was scanned, and by whom (`admin:<email>`);
    // set once, by a conditional update, however many packers submit at once.
    packedAt: { type: Date, default: null },
    packedBy: { type: String, default: null },
    // Money given back (docs/payments.md, "Refunds"): each refund as asked for and as it stands,
    // appended only (the poller addresses an entry by its index: FerretDB has no positional `$`).
    refunds: { type: [RefundSchema], default: [] },
    // What pending and completed refunds hold (taka), all of them and those through the gateway:
    // a refund is reserved by one write whose filter says these stay within what was paid.
    refundTotals: {
      type: new Schema({ reserved: Number, online: Number }, { _id: false }),
      default: () => ({ reserved: 0, online: 0 }),
    },
    // Where the order came from: the storefront, or a channel staff took it on (docs/order-desk.md).
    source: { type: String, enum: ORDER_SOURCES, default: "web" },
    // The staff member who entered it (`admin:<email>`); null for the storefront's orders.
    createdBy: { type: String, default: null },
  },
  { timestamps: true },
);

OrderSchema.pre("validate", function setDeliveryPhone() {
  const mobile = this.shippingAddress?.mobile;
  if (mobile) this.deliveryPhone = normalizeBdMobile(mobile) ?? mobile;
});

// Recent orders sort on createdAt then _id: the index must carry both or the sort scans everything.
OrderSchema.index({ createdAt: -1, _id: -1 });
OrderSchema.index({ orderStatus: 1, createdAt: 1 });
OrderSchema.index({ reservationId: 1 }, { sparse: true });
OrderSchema.index({ checkoutOf: 1 }, { unique: true, sparse: true });
// The courier cash screen: delivered COD parcels not yet settled.
OrderSchema.index({ orderStatus: 1, paymentMethod: 1, cashSettlement: 1 });
// A courier's status or webhook finds its parcel's order.
OrderSchema.index({ "shipment.courier": 1, "shipment.consignmentId": 1 }, { sparse: true });
// A payout statement's row names its parcel by tracking code, or (Pathao's older parcels) by the
// `courier` record's consignment id (courier-statements.service).
OrderSchema.index({ "shipment.courier": 1, "shipment.trackingNumber": 1 }, { sparse: true });
OrderSchema.index({ "courier.consignmentId": 1 }, { sparse: true });
// Customer history by phone: one indexed match, grouped by status (phone-history.service).
OrderSchema.index({ deliveryPhone: 1, orderStatus: 1 });
// The refund poller finds orders with a pending refund.
OrderSchema.index({ "refunds.status": 1 });
// Each buyer's figures follow its orders (models/buyer.model.ts, docs/buyers.md).
OrderSchema.plugin(trackBuyerChanges);

export type OrderFields = InferSchemaType<typeof OrderSchema>;
/**
 * How long a payment attempt holds its order's lock: time enough for a shopper on an SSLCommerz
 * page, far more than a bKash execute needs (its calls time out after 30 s). An abandoned attempt
 * (a closed page, a process killed while executing) stops holding the order when its time is up.
 */
export const PAYMENT_LOCK_MS = 10 * 60_000;

export const Order =
  (mongoose.models.Order as mongoose.Model<OrderFields>) ?? mongoose.model("Order", OrderSchema);
