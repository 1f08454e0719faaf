import { randomUUID } from "node:crypto";
import { Types } from "mongoose";
import {
  Order,
  type CancelledBy,
  type OrderStatus,
  type PaymentMethod,
} from "../../models/order.model";

export interface OrderLine {
  /** A real product: its id, title and prices are copied into the line. */
  product?: { _id: unknown; title: string; price: number; discountedPrice: number };
  /** Without a product: a made-up one of this category (null: none) priced `unitPrice`. */
  category?: string | null;
  unitPrice?: number;
  quantity?: number;
  color?: string;
  size?: string;
}

export interface OrderOverrides {
  /** Default: one made-up "Shirts" item at 500 taka. */
  lines?: OrderLine[];
  orderStatus?: OrderStatus;
  /** Kept as given (timestamps off); also the time of the status history's entry. */
  createdAt?: Date;
  /** A customer's order; without one the order is a guest's with `mobile`. */
  user?: unknown;
  mobile?: string;
  firstName?: string;
  lastName?: string;
  orderNumber?: string;
  paymentMethod?: PaymentMethod;
  deliveryCharge?: number;
  /** What the customer pays; default: the lines' discounted total plus the delivery charge. */
  totalDiscountedPrice?: number;
  promoCode?: string;
  promoCodeDiscount?: number;
  stockReleased?: boolean;
  /** A cancelled order: who caused it (only the customer's count against the number). */
  cancelledBy?: CancelledBy;
}

let orderCounter = 0;

function orderItem(line: OrderLine, index: number) {
  const quantity = line.quantity ?? 1;
  const common = { quantity, color: line.color ?? "Black", size: line.size ?? "M" };
  if (line.product) {
    const { _id, title, price, discountedPrice } = line.product;
    return { product: { _id, title }, productId: _id, title, price, discountedPrice, ...common };
  }
  const productId = new Types.ObjectId();
  const category = line.category === undefined ? "Shirts" : line.category;
  const title = `${category ?? "Plain"} item ${index + 1}`;
  const unitPrice = line.unitPrice ?? 500;
  return {
    product: {
      _id: productId,
      title,
      category: category ? { _id: new Types.ObjectId(), name: category } : undefined,
      discountedPrice: unitPrice,
    },
    productId,
    title,
    price: unitPrice,
    discountedPrice: unitPrice,
    ...common,
  };
}

/**
 * An order written straight through the model (for status, expiry and report tests), as placed
 * `createdAt` with one status-history entry. Stock is not touched.
 */
export async function createOrder(overrides: OrderOverrides = {}) {
  const items = (overrides.lines ?? [{}]).map(orderItem);
  const sum = (price: (item: (typeof items)[number]) => number) =>
    items.reduce((total, item) => total + price(item) * item.quantity, 0);
  const totalPrice = sum((item) => item.price);
  const discountedTotal = sum((item) => item.discountedPrice);
  const deliveryCharge = overrides.deliveryCharge ?? 60;
  const orderStatus = overrides.orderStatus ?? "PLACED";
  const createdAt = overrides.createdAt ?? new Date();
  const mobile = overrides.mobile ?? "01712345678";
  orderCounter += 1;
  const order = new Order({
    orderNumber:
      overrides.orderNumber ?? `TW-TEST-${orderCounter}-${randomUUID().slice(0, 6).toUpperCase()}`,
    user: overrides.user ?? null,
    guest: overrides.user ? undefined : { mobile, email: "" },
    orderItems: items,
    shippingAddress: {
      firstName: overrides.firstName ?? "Rahim",
      lastName: overrides.lastName ?? "Uddin",
      mobile,
      streetAddress: "House 1, Road 2, Banani",
      city: "Dhaka",
    },
    totalPrice,
    discount: totalPrice - discountedTotal,
    deliveryCharge,
    promoCode: overrides.promoCode,
    promoCodeDiscount: overrides.promoCodeDiscount,
    totalDiscountedPrice:
      overrides.totalDiscountedPrice ??
      discountedTotal - (overrides.promoCodeDiscount ?? 0) + deliveryCharge,
    totalItem: items.length,
    paymentMethod: overrides.paymentMethod ?? "COD",
    orderStatus,
    statusHistory: [{ status: orderStatus, at: createdAt, by: "test" }],
    stockReleased: overrides.stockReleased ?? false,
    ...(overrides.cancelledBy ? { cancelledBy: overrides.cancelledBy } : {}),
    createdAt,
    updatedAt: createdAt,
  });
  await order.save({ timestamps: false });
  return order;
}

/** Where a parcel went: the city as typed and, on orders placed since addresses carry it, the district id. */
export interface ParcelPlace {
  city: string;
  districtId?: string | null;
}

/**
 * `count` orders shipped with `courier` to `place`, in `status` (a courier's finished parcels, for
 * the suggested courier), written in one insert.
 */
export async function createShippedOrders(
  courier: string,
  status: OrderStatus,
  place: ParcelPlace,
  count: number,
) {
  if (count === 0) return;
  const template = (await createOrder()).toObject();
  await Order.deleteOne({ _id: template._id });
  await Order.collection.insertMany(
    Array.from({ length: count }, () => ({
      ...template,
      _id: new Types.ObjectId(),
      orderNumber: `TW-SHIPPED-${randomUUID().slice(0, 8).toUpperCase()}`,
      orderStatus: status,
      shippingAddress: { ...template.shippingAddress, districtId: null, ...place },
      shipment: { courier, courierName: courier, consignmentId: randomUUID(), status: "test" },
    })),
  );
}

/** A courier's record in a place: `delivered` parcels and `returned` ones (RETURNED and RETURNING). */
export async function createCourierRecord(
  courier: string,
  place: ParcelPlace,
  delivered: number,
  returned: number,
) {
  await createShippedOrders(courier, "DELIVERED", place, delivered);
  await createShippedOrders(courier, "RETURNED", place, Math.ceil(returned / 2));
  await createShippedOrders(courier, "RETURNING", place, Math.floor(returned / 2));
}

/** Moves an order's address to `place` (as a checkout that sent the district id would have). */
export async function moveOrderTo(orderId: unknown, place: ParcelPlace) {
  await Order.updateOne(
    { _id: orderId },
    {
      $set: {
        "shippingAddress.city": place.city,
        "shippingAddress.districtId": place.districtId ?? null,
      },
    },
  );
}
