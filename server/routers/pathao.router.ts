import { Router } from "express";
import { z } from "zod";
import { endpoint } from "../middleware/validate.js";
import { unauthorized } from "../lib/http-error.js";
import { PathaoIdParams, PathaoWebhookBody, PricePlanBody } from "#contract/schemas/orders";
import {
  applyPathaoEvent,
  deliveryAreas,
  deliveryCities,
  deliveryZones,
  PATHAO_WEBHOOK_REPLY_SECRET,
  pathaoWebhookAuthorised,
  quoteDelivery,
} from "../services/delivery.service.js";
import { moveOrder } from "../services/orders.service.js";

/**
 * The checkout's address pickers. With Pathao credentials the lists are Pathao's (cached an hour);
 * without, `source: "builtin"`: our city list, and empty zones and areas (type the area instead).
 */
export const pathaoRouter = Router();
const PREFIX = "/api/pathao";
const tags = ["delivery"];
const source = z.enum(["pathao", "builtin"]);

endpoint(pathaoRouter, PREFIX, {
  method: "get",
  path: "/cities",
  summary: "Cities for the address picker",
  tags,
  auth: "none",
  responses: {
    200: {
      description: "Cities",
      schema: z.object({
        source,
        cities: z.array(z.object({ city_id: z.number(), city_name: z.string() })),
      }),
    },
  },
  handler: () => deliveryCities(),
});

endpoint(pathaoRouter, PREFIX, {
  method: "get",
  path: "/cities/:id/zones",
  summary: "Zones of a city (empty without Pathao)",
  tags,
  auth: "none",
  params: PathaoIdParams,
  responses: {
    200: {
      description: "Zones",
      schema: z.object({
        source,
        zones: z.array(z.object({ zone_id: z.number(), zone_name: z.string() })),
      }),
    },
  },
  handler: ({ params }) => deliveryZones(params.id),
});

endpoint(pathaoRouter, PREFIX, {
  method: "get",
  path: "/zones/:id/areas",
  summary: "Areas of a zone (empty without Pathao)",
  tags,
  auth: "none",
  params: PathaoIdParams,
  responses: {
    200: {
      description: "Areas",
      schema: z.object({
        source,
        areas: z.array(z.looseObject({ area_id: z.number(), area_name: z.string() })),
      }),
    },
  },
  handler: ({ params }) => deliveryAreas(params.id),
});

endpoint(pathaoRouter, PREFIX, {
  method: "post",
  path: "/price-plan",
  summary: "Delivery charge for a city (name or Pathao id), zone and goods subtotal",
  tags,
  auth: "none",
  body: PricePlanBody,
  responses: {
    200: { description: "The charge", schema: z.object({ deliveryCharge: z.number(), source }) },
  },
  handler: ({ body }) => quoteDelivery({ city: body.city, zone: body.zone }, body.subtotal ?? 0),
});

endpoint(pathaoRouter, PREFIX, {
  method: "post",
  path: "/webhook",
  summary:
    "Pathao status webhook (X-PATHAO-Signature = our webhook secret); 202, handshake included",
  tags,
  auth: "none",
  body: PathaoWebhookBody,
  status: 202,
  responses: {
    202: { description: "Accepted", schema: z.object({ received: z.boolean() }) },
    401: { description: "Invalid signature" },
  },
  handler: async ({ body }, req, res) => {
    res.setHeader("X-Pathao-Merchant-Webhook-Integration-Secret", PATHAO_WEBHOOK_REPLY_SECRET);
    if (!pathaoWebhookAuthorised(req.get("x-pathao-signature")))
      throw unauthorized("Invalid signature");
    if (body.event === "webhook_integration") return { received: true };
    await applyPathaoEvent(
      { event: body.event, consignment_id: body.consignment_id },
      (orderId, to) => moveOrder(orderId, to, "courier:Pathao"),
    );
    return { received: true };
  },
});
