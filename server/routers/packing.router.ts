import { Router } from "express";
import { endpoint } from "../middleware/validate.js";
import {
  CodeLookupQuery,
  MAX_SCANS,
  PackAnswer,
  PackBody,
  PackParams,
  VariantLookupAnswer,
} from "#contract/schemas/packing";
import { lookupVariant } from "../services/variant-codes.service.js";
import { packOrder } from "../services/packing.service.js";

/**
 * The packing table (docs/packing.md): a variant by the code on its label, and an order's scans.
 * The look-up is mounted at /api/admin/products ahead of the one-product routes, so `lookup` is
 * never read as a product's id.
 */
export const adminProductCodesRouter = Router();
export const adminPackingRouter = Router();
const common = { tags: ["admin"], permission: "orders.pack" as const };

endpoint(adminProductCodesRouter, "/api/admin/products", {
  ...common,
  method: "get",
  path: "/lookup",
  summary: "The variant a SKU or barcode names (any case): product, colour, size, stock and codes",
  query: CodeLookupQuery,
  responses: {
    200: { description: "The variant", schema: VariantLookupAnswer },
    404: { description: "No variant has this SKU or barcode (code CODE_NOT_FOUND)" },
  },
  handler: ({ query }) => lookupVariant(query.code),
});

endpoint(adminPackingRouter, "/api/admin/orders", {
  ...common,
  tags: ["admin", "orders"],
  method: "post",
  path: "/:id/pack",
  summary: `Checks an order's scans (by id or order number; at most ${MAX_SCANS} codes, a unit each) and answers each line's progress; the scans that complete a confirmed order mark it packed (packedAt, packedBy), once`,
  params: PackParams,
  body: PackBody,
  responses: {
    200: { description: "Each line's ordered and scanned units", schema: PackAnswer },
    409: {
      description:
        "A code not in the order (CODE_NOT_IN_ORDER), a unit more than ordered (EXTRA_UNIT), an order not confirmed (NOT_PACKABLE) or packed already (ALREADY_PACKED)",
    },
  },
  handler: ({ params, body }, req) => packOrder(params.id, body.scans, `admin:${req.user!.email}`),
});
