import { randomUUID } from "node:crypto";
import { Types } from "mongoose";
import { Order, type OrderStatus, type PaymentMethod } from "../../models/order.model";
import { Payment } from "../../models/payment.model";

export interface OrderLine {
  /** Category name in the item's product snapshot; null for an item without a category. */
  category: string | null;
  /** Unit price paid (discountedPrice). */
  unitPrice: number;
  quantity: number;
}

export interface OrderOverrides {
  orderStatus?: OrderStatus;
  createdAt?: Date;
  lines?: OrderLine[];
  /** What the customer pays; defaults to the lines' total plus the delivery charge. */
  totalDiscountedPrice?: number;
  deliveryCharge?: number;
  paymentMethod?: PaymentMethod;
  firstName?: string;
  lastName?: string;
  orderNumber?: string;
}

let orderCounter = 0;

/**
 * An order written through models/order.model.ts with the given creation time (timestamps off so
 * createdAt stays as given).
 */
export async function createOrder(overrides: OrderOverrides = {}) {
  const lines = overrides.lines ?? [{ category: "Shirts", unitPrice: 500, quantity: 1 }];
  const deliveryCharge = overrides.deliveryCharge ?? 60;
  const itemsTotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const createdAt = overrides.createdAt ?? new Date();
  orderCounter += 1;
  const order = new Order({
    orderNumber: overrides.orderNumber ?? `TW-TEST-${orderCounter}-${randomUUID().slice(0, 6)}`,
    orderItems: lines.map((line, index) => {
      const productId = new Types.ObjectId();
      return {
        product: {
          _id: productId,
          title: `${line.category ?? "Plain"} item ${index + 1}`,
          category: line.category ? { _id: new Types.ObjectId(), name: line.category } : undefined,
          discountedPrice: line.unitPrice,
        },
        productId,
        title: `${line.category ?? "Plain"} item ${index + 1}`,
        price: line.unitPrice,
        discountedPrice: line.unitPrice,
        quantity: line.quantity,
        color: "Black",
        size: "M",
      };
    }),
    shippingAddress: {
      firstName: overrides.firstName ?? "Rahim",
      lastName: overrides.lastName ?? "Uddin",
      mobile: "01712345678",
      streetAddress: "House 1, Road 2",
      city: "Dhaka",
    },
    totalPrice: itemsTotal,
    deliveryCharge,
    totalDiscountedPrice: overrides.totalDiscountedPrice ?? itemsTotal + deliveryCharge,
    totalItem: lines.length,
    paymentMethod: overrides.paymentMethod ?? "COD",
    orderStatus: overrides.orderStatus ?? "PLACED",
    createdAt,
    updatedAt: createdAt,
  });
  await order.save({ timestamps: false });
  return order;
}

export interface PaymentOverrides {
  order?: Types.ObjectId;
  amount?: number;
  /**
   * Any text: gateways and older records write statuses in mixed case ('Completed', 'completed').
   * Values outside the model's enum are saved with validation off, as such records would exist.
   */
  status?: string;
  method?: PaymentMethod;
  createdAt?: Date;
}

export async function createPayment(overrides: PaymentOverrides = {}) {
  const createdAt = overrides.createdAt ?? new Date();
  const payment = new Payment({
    order: overrides.order ?? new Types.ObjectId(),
    method: overrides.method ?? "SSLCOMMERZ",
    amount: overrides.amount ?? 1000,
    transactionId: `TXN-${randomUUID()}`,
    createdAt,
    updatedAt: createdAt,
  });
  payment.set("status", overrides.status ?? "COMPLETED");
  await payment.save({ timestamps: false, validateBeforeSave: false });
  return payment;
}
