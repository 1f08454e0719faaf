/** The packing table (docs/packing.md): a variant by its code, an order's scans. */
import type { PackAnswer, VariantLookupAnswer } from "#contract/schemas/packing";
import { request, segment } from "./transport";

export const packing = {
  /** GET /api/admin/products/lookup?code=: the variant a SKU or barcode names. */
  lookup: (code: string) =>
    request<VariantLookupAnswer>("/api/admin/products/lookup", { query: { code } }),
  /** POST /api/admin/orders/{id or number}/pack: each line's progress; packs the order when complete. */
  pack: (order: string, scans: string[]) =>
    request<PackAnswer>(`/api/admin/orders/${segment(order)}/pack`, {
      method: "POST",
      body: { scans },
    }),
};
