import { randomUUID } from "node:crypto";
import type { Express } from "express";
import request from "supertest";
import { Category } from "../../models/category.model";
import { Order } from "../../models/order.model";
import type { OrderStatus } from "../../models/order-status";
import { Product } from "../../models/product.model";
import { PromoCode } from "../../models/promo-code.model";

/** Catalogue, promo codes and cart filling for the checkout tests (written through the models). */
export async function createCategory(name = "T-Shirts") {
  return Category.create({
    name,
    slug: `${name.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 6)}`,
  });
}

export interface ProductOverrides {
  title?: string;
  price?: number;
  discountedPrice?: number;
  variants?: { color: string; size: string; stock: number }[];
  isActive?: boolean;
}

export async function createProduct(overrides: ProductOverrides = {}) {
  const category = await createCategory();
  const title = overrides.title ?? "Classic Tee";
  return Product.create({
    title,
    slug: `${title.toLowerCase().replace(/\W+/g, "-")}-${randomUUID().slice(0, 8)}`,
    price: overrides.price ?? 1000,
    discountedPrice: overrides.discountedPrice ?? 800,
    category: category._id,
    categoryName: category.name,
    variants: overrides.variants ?? [
      { color: "Black", size: "M", stock: 10 },
      { color: "Black", size: "L", stock: 10 },
      { color: "White", size: "M", stock: 10 },
    ],
    images: ["/uploads/products/tee.webp"],
    isActive: overrides.isActive ?? true,
  });
}

export async function createPromo(overrides: Record<string, unknown> = {}) {
  return PromoCode.create({
    code: `SAVE${randomUUID().slice(0, 4).toUpperCase()}`,
    type: "PERCENTAGE",
    value: 10,
    ...overrides,
  });
}

export async function variantStock(productId: unknown, color: string, size: string) {
  const product = await Product.findById(productId).lean();
  return product?.variants.find((variant) => variant.color === color && variant.size === size)
    ?.stock;
}

export function shippingAddress(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Nusrat",
    lastName: "Jahan",
    mobile: "01712345678",
    email: "nusrat@example.com",
    streetAddress: "House 12, Road 5, Dhanmondi",
    city: "Dhaka",
    zipCode: "1209",
    ...overrides,
  };
}

/** A cart client: a supertest agent (keeps the guest cookie) with an optional bearer token. */
export function shopper(app: Express, token?: string) {
  const agent = request.agent(app);
  const auth = (test: request.Test) =>
    token ? test.set("Authorization", `Bearer ${token}`) : test;
  return {
    agent,
    add: (productId: unknown, color: string, size: string, quantity = 1) =>
      auth(agent.put("/api/cart/add")).send({
        productId: String(productId),
        color,
        size,
        quantity,
      }),
    applyPromo: (code: string) => auth(agent.post("/api/cart/apply-promo")).send({ code }),
    quote: (address: Record<string, unknown> = { city: "Dhaka" }) =>
      auth(agent.post("/api/checkout/quote")).send({ shippingAddress: address }),
    order: (body: Record<string, unknown> = {}) =>
      auth(agent.post("/api/orders")).send({
        shippingAddress: shippingAddress(),
        paymentMethod: "COD",
        ...body,
      }),
    get: (path: string) => auth(agent.get(path)),
    post: (path: string) => auth(agent.post(path)),
  };
}

let orderSequence = 0;

/** An order written straight through the model (for status and expiry tests), for a real product. */
export async function insertOrder(options: {
  product: { _id: unknown; title: string; price: number; discountedPrice: number };
  status?: OrderStatus;
  quantity?: number;
  color?: string;
  size?: string;
  createdAt?: Date;
  paymentMethod?: "COD" | "SSLCOMMERZ" | "BKASH";
  mobile?: string;
  firstName?: string;
  stockReleased?: boolean;
}) {
  const quantity = options.quantity ?? 1;
  const status = options.status ?? "PLACED";
  const createdAt = options.createdAt ?? new Date();
  orderSequence += 1;
  const order = new Order({
    orderNumber: `TW-TEST-${orderSequence}-${randomUUID().slice(0, 4).toUpperCase()}`,
    guest: { mobile: options.mobile ?? "01712345678", email: "" },
    orderItems: [
      {
        product: { _id: options.product._id, title: options.product.title },
        productId: options.product._id,
        title: options.product.title,
        price: options.product.price,
        discountedPrice: options.product.discountedPrice,
        quantity,
        color: options.color ?? "Black",
        size: options.size ?? "M",
      },
    ],
    shippingAddress: {
      firstName: options.firstName ?? "Rahim",
      lastName: "Uddin",
      mobile: options.mobile ?? "01712345678",
      streetAddress: "House 1, Road 2, Banani",
      city: "Dhaka",
    },
    totalPrice: options.product.price * quantity,
    discount: (options.product.price - options.product.discountedPrice) * quantity,
    deliveryCharge: 60,
    totalDiscountedPrice: options.product.discountedPrice * quantity + 60,
    totalItem: 1,
    paymentMethod: options.paymentMethod ?? "COD",
    orderStatus: status,
    statusHistory: [{ status, at: createdAt, by: "test" }],
    stockReleased: options.stockReleased ?? false,
    createdAt,
    updatedAt: createdAt,
  });
  await order.save({ timestamps: false });
  return order;
}
