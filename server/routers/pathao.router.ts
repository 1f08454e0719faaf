import { Router } from "express";
import { z } from "zod";
import {
  AreasAnswer,
  CitiesAnswer,
  DeliveryChargeAnswer,
  ZonesAnswer,
} from "#contract/answers/delivery";
import { endpoint } from "../middleware/validate.js";
import { unauthorized } from "../lib/http-error.js";
import { PathaoIdParams, PathaoWebhookBody, PricePlanBody } from "#contract/schemas/orders";
import {
  deliveryAreas,
  deliveryCities,
  deliveryZones,
  quoteDelivery,
} from "../services/delivery.service.js";
import { pathaoCourier, PATHAO_WEBHOOK_REPLY_SECRET } from "../couriers/pathao.js";
import { applyCourierStatus } from "../services/shipments.service.js";

/**
 * The checkout's address pickers. With Pathao credentials the lists are Pathao's (cached an hour);
 * without, `source: "builtin"`: our city list, and empty zones and areas (type the area instead).
 */
export const pathaoRouter = Router();
const PREFIX = "/api/pathao";
const tags = ["delivery"];

endpoint(pathaoRouter, PREFIX, {
  method: "get",
  path: "/cities",
  summary: "Cities for the address picker",
  tags,
  auth: "none",
  responses: {
    200: {
      description: "Cities",
      schema: CitiesAnswer,
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
      schema: ZonesAnswer,
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
      schema: AreasAnswer,
    },
  },
  handler: ({ params }) => deliveryAreas(params.id),
});

endpoint(pathaoRouter, PREFIX, {
  method: "post",
  path: "/price-plan",
  summary:
    "Delivery charge for a city (a district's name in any spelling), zone (a thana's name or Pathao's zone id) and goods subtotal",
  tags,
  auth: "none",
  body: PricePlanBody,
  responses: {
    200: { description: "The charge", schema: DeliveryChargeAnswer },
  },
  handler: async ({ body }) => {
    const { deliveryCharge, source } = await quoteDelivery(
      { city: body.city, zone: body.zone },
      body.subtotal ?? 0,
    );
    return { deliveryCharge, source };
  },
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
    const webhook = pathaoCourier.webhook!;
    if (!webhook.verify({ header: (name) => req.get(name), query: req.query }))
      throw unauthorized("Invalid signature");
    if (body.event === "webhook_integration") return { received: true };
    // Events without a consignment, and unknown consignments, are acknowledged and ignored.
    const event = webhook.read(body);
    if (event) await applyCourierStatus("pathao", event.consignmentId, event.status, event);
    return { received: true };
  },
});
