/** Staff's edit of an order's delivery details (PATCH /api/admin/orders/{id}; docs/audit.md). */
import type { z } from "zod";
import type { OrderDetailsBody } from "#contract/schemas/order-edits";
import type { AdminOrder } from "./types";
import { request, segment } from "./transport";

export const orderEdits = {
  /** Only the fields sent change; answers the order as it now stands. */
  details: (orderId: string, body: z.input<typeof OrderDetailsBody>) =>
    request<AdminOrder>(`/api/admin/orders/${segment(orderId)}`, { method: "PATCH", body }),
};
