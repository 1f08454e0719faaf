import { z } from "zod";
import { numeric, typedCode } from "../numeric.js";
import { MAX_LINE_QUANTITY } from "../order-caps.js";
import { ObjectIdString } from "./catalog.js";

export const AddToCartBody = z.object({
  productId: ObjectIdString,
  size: z.string().trim().min(1).max(40),
  color: z.string().trim().min(1).max(40),
  quantity: numeric(z.number().int().min(1).max(MAX_LINE_QUANTITY).default(1)),
});

export const UpdateCartItemBody = z.object({
  quantity: numeric(z.number().int().min(0).max(MAX_LINE_QUANTITY)),
});

export const CartItemParams = z.object({ cartItemId: z.string().min(1).max(64) });

export const ApplyPromoBody = z.object({ code: typedCode(40) });
