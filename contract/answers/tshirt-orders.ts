/** Answers of /api/tshirt-orders/*: bulk t-shirt orders. */
import { z } from "zod";
import { PRINT_TYPES, TSHIRT_ORDER_STATUSES } from "../tshirt-order-status.js";
import { pageOf } from "./common.js";

export const TshirtOrderAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  organization: z.string(),
  color: z.string(),
  printType: z.enum(PRINT_TYPES),
  sizes: z.object({ S: z.number(), M: z.number(), L: z.number(), XL: z.number(), XXL: z.number() }),
  quantity: z.number(),
  deadline: z.date().nullable(),
  notes: z.string(),
  designImagePath: z.string().nullable(),
  status: z.enum(TSHIRT_ORDER_STATUSES),
  quotedPrice: z.number().nullable(),
  adminNote: z.string(),
  quoteSms: z
    .object({
      sentAt: z.date().optional(),
      price: z.number().optional(),
      error: z.string().optional(),
    })
    .nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TshirtOrderView = z.infer<typeof TshirtOrderAnswer>;

export const TshirtOrderListAnswer = pageOf("orders", TshirtOrderAnswer);
export type TshirtOrderListAnswer = z.infer<typeof TshirtOrderListAnswer>;
