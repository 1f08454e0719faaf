import { Router } from "express";
import { endpoint } from "../middleware/validate.js";
import {
  ParseContactBody,
  ParsedContactAnswer,
  StaffOrderAnswer,
  StaffOrderBody,
} from "#contract/schemas/staff-orders";
import { createStaffOrder } from "../services/staff-orders.service.js";
import { parseContact } from "../services/contact-parser.js";

/**
 * Orders staff enter for customers of other channels, and the paste box that reads a customer's
 * message (docs/order-desk.md, "Orders from every channel"). Mounted at the admin orders' prefix.
 */
export const adminStaffOrdersRouter = Router();
const PREFIX = "/api/admin/orders";
const common = { tags: ["admin", "orders"], permission: "orders.create" as const };

endpoint(adminStaffOrdersRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/",
  summary:
    "Creates an order for a customer who ordered by phone, Facebook, Instagram, WhatsApp or in person (source), through the checkout's rules: stock, caps, block list, phone confirmation (the code, or staff's phoneConfirmedByCall), risk and advance; an order awaiting an online payment texts the customer the payment page. Idempotent: the same `idempotencyKey` and body again answers the order it made",
  body: StaffOrderBody,
  status: 201,
  responses: {
    201: {
      description:
        "The order, and whether a payment request SMS went out (a repeated key: the same order and answer)",
      schema: StaffOrderAnswer,
    },
    400: {
      description:
        "Invalid input, an unknown district or thana (UNKNOWN_PLACE), the advance's gateway missing (ADVANCE_REQUIRED), a payment method not offered, or a wrong phone code",
    },
    403: { description: "The number is blocked for cash on delivery (PHONE_BLOCKED)" },
    404: { description: "A line's product does not exist or is not for sale (errors name it)" },
    409: { description: "A line is out of stock (OUT_OF_STOCK)" },
    422: {
      description:
        "Past the shop's order caps; or the idempotency key already made an order from another body (IDEMPOTENCY_KEY_REUSED)",
    },
    428: { description: "The rules ask for a confirmed phone (PHONE_CONFIRMATION_REQUIRED)" },
  },
  handler: ({ body }, req) => createStaffOrder(body, `admin:${req.user!.email}`),
});

endpoint(adminStaffOrdersRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/parse-contact",
  summary:
    "Reads a pasted customer message (English or Bangla, at most 2,000 characters) for name, mobile, email, district and thana ids and the rest of the address; fields not found are absent",
  body: ParseContactBody,
  responses: { 200: { description: "The fields found", schema: ParsedContactAnswer } },
  handler: ({ body }) => parseContact(body.text),
});
