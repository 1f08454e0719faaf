/** The back office's orders from other channels: create one, read a pasted customer message. */
import type {
  ParsedContactAnswer,
  StaffOrderAnswer,
  StaffOrderBody,
} from "#contract/schemas/staff-orders";
import { request } from "./transport";

export const staffOrders = {
  /** POST /api/admin/orders: an order entered for a customer of another channel. */
  create: (body: StaffOrderBody) =>
    request<StaffOrderAnswer>("/api/admin/orders", { method: "POST", body }),
  /** POST /api/admin/orders/parse-contact: the fields a pasted message names. */
  parseContact: (text: string) =>
    request<ParsedContactAnswer>("/api/admin/orders/parse-contact", {
      method: "POST",
      body: { text },
    }),
};
