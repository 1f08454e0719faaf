import { z } from "zod";
import { numeric } from "../numeric.js";
import {
  MIN_BULK_QUANTITY,
  PRINT_TYPES,
  TSHIRT_ORDER_STATUSES,
  TSHIRT_SIZES,
} from "../tshirt-order-status.js";
import { BdMobile } from "../phone.js";
import { PageQuery } from "./common.js";
import { FormDateOrNull, IdParams } from "./popup-images.js";

export { IdParams };

export const QUANTITY_MINIMUM_MESSAGE = `Minimum order quantity is ${MIN_BULK_QUANTITY}`;
export const QUANTITY_SUM_MESSAGE = "Quantity must equal the sum of the size counts";
export const SIZES_FORMAT_MESSAGE =
  "sizes must be an object of counts {S, M, L, XL, XXL}, as JSON or as sizes[S]... fields";

const SizeCount = numeric(z.number().int().min(0).max(100_000).default(0));

/**
 * Sizes come as a JSON string (`sizes={"S":10,"M":5}`) or as bracket fields (`sizes[S]=10`, which
 * multer turns into an object), or as an object in a JSON body. Missing sizes count 0.
 */
export const Sizes = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  },
  z.object(
    { S: SizeCount, M: SizeCount, L: SizeCount, XL: SizeCount, XXL: SizeCount },
    { error: SIZES_FORMAT_MESSAGE },
  ),
);

export const CreateTshirtOrderBody = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(120),
    mobile: BdMobile,
    email: z.string().trim().pipe(z.email("Enter a valid email address")),
    organization: z.string().trim().max(200).default(""),
    color: z.string().trim().min(1, "Color is required").max(50),
    printType: z.enum(PRINT_TYPES),
    sizes: Sizes,
    quantity: numeric(
      z.number().int().min(MIN_BULK_QUANTITY, QUANTITY_MINIMUM_MESSAGE).max(1_000_000),
    ),
    deadline: FormDateOrNull.default(null),
    notes: z.string().trim().max(2000).default(""),
  })
  .superRefine((order, ctx) => {
    const sum = TSHIRT_SIZES.reduce((total, size) => total + order.sizes[size], 0);
    if (sum !== order.quantity)
      ctx.addIssue({ code: "custom", path: ["quantity"], message: QUANTITY_SUM_MESSAGE });
  });
export type CreateTshirtOrderInput = z.output<typeof CreateTshirtOrderBody>;

export const QUOTE_PRICE_REQUIRED_MESSAGE = "A quoted price is required to mark the order QUOTED";

const Status = z.enum(TSHIRT_ORDER_STATUSES);
const QuotedPrice = z.number().int().min(0).max(100_000_000).nullable();
const AdminNote = z.string().trim().max(2000);

export const UpdateTshirtOrderBody = z.object({
  status: Status.optional(),
  quotedPrice: numeric(QuotedPrice.optional()),
  adminNote: AdminNote.optional(),
});
export type UpdateTshirtOrderInput = z.output<typeof UpdateTshirtOrderBody>;

/**
 * The back office's edit form: every field is sent, and QUOTED needs a price there (the service
 * checks the same rule against the stored price when a PATCH leaves the price out).
 */
export const TshirtOrderUpdateForm = z
  .object({ status: Status, quotedPrice: numeric(QuotedPrice), adminNote: AdminNote })
  .refine((body) => body.status !== "QUOTED" || body.quotedPrice !== null, {
    message: QUOTE_PRICE_REQUIRED_MESSAGE,
    path: ["quotedPrice"],
  });

export const ListTshirtOrdersQuery = z.object({
  status: Status.optional(),
  search: z.string().trim().max(100).optional(),
  ...PageQuery,
});
export type ListTshirtOrdersInput = z.output<typeof ListTshirtOrdersQuery>;
