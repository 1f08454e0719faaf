import { z } from "zod";
import { numeric } from "../numeric.js";
import { ObjectIdString } from "./catalog.js";

export const AddToCartBody = z.object({
  productId: ObjectIdString,
  size: z.string().trim().min(1).max(40),
  color: z.string().trim().min(1).max(40),
  quantity: numeric(z.number().int().min(1).max(10).default(1)),
});

export const UpdateCartItemBody = z.object({
  quantity: numeric(z.number().int().min(0).max(10)),
});

export const CartItemParams = z.object({ cartItemId: z.string().min(1).max(64) });

export const ApplyPromoBody = z.object({ code: z.string().trim().min(1).max(40) });

const CartLine = z.object({
  _id: z.string(),
  product: z.object({ _id: z.string(), title: z.string() }).loose(),
  productId: z.string(),
  title: z.string(),
  price: z.number(),
  discountedPrice: z.number(),
  quantity: z.number(),
  color: z.string(),
  size: z.string(),
  imageUrl: z.string(),
  stock: z.number(),
});

export const CartAnswerSchema = z.object({
  _id: z.string().nullable(),
  cartItems: z.array(CartLine),
  totalPrice: z.number(),
  totalItem: z.number(),
  totalDiscountedPrice: z.number(),
  discounte: z.number(),
  discount: z.number(),
  promoCodeDiscount: z.number(),
  promoDetails: z
    .object({
      code: z.string(),
      type: z.enum(["PERCENTAGE", "FIXED"]),
      value: z.number(),
      discount: z.number(),
    })
    .nullable(),
  promoError: z.string().nullable(),
});
