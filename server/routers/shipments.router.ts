import { Router } from "express";
import { endpoint } from "../middleware/validate.js";
import { z } from "zod";
import {
  BookShipmentsAnswer,
  BookShipmentsBody,
  CourierAnswer,
  CourierIdParams,
  CourierParams,
  CouriersAnswer,
  CourierSettingsUpdate,
} from "#contract/couriers";
import { getCourier, listCouriers, updateCourierSettings } from "../couriers/index.js";
import { actingAdmin } from "../lib/acting-admin.js";
import { canStoreSecrets } from "../services/courier-settings.service.js";
import { notFound, unauthorized } from "../lib/http-error.js";
import { applyCourierStatus, bookShipments } from "../services/shipments.service.js";
import { shipmentOf } from "../services/shipment-answer.js";

/** The couriers the back office books with, and booking many orders at once (docs/couriers.md). */
export const adminCouriersRouter = Router();
export const adminShipmentsRouter = Router();
const common = { tags: ["admin", "couriers"] };

endpoint(adminCouriersRouter, "/api/admin/couriers", {
  ...common,
  method: "get",
  path: "/",
  permission: ["couriers.configure", "orders.ship"],
  summary:
    "Every courier: whether it is configured and switched on, and each setting (secrets only as set / not set)",
  responses: { 200: { description: "The couriers", schema: CouriersAnswer } },
  handler: async () => ({ couriers: await listCouriers(), canStoreSecrets: canStoreSecrets() }),
});

endpoint(adminCouriersRouter, "/api/admin/couriers", {
  ...common,
  method: "put",
  path: "/:id",
  permission: "couriers.configure",
  summary:
    "Saves a courier's credentials, defaults and switch (a secret left out or empty keeps its value, null clears it); logged in the settings log without values of secrets",
  params: CourierIdParams,
  body: CourierSettingsUpdate,
  responses: {
    200: { description: "The courier's new state", schema: CourierAnswer },
    400: { description: "A field it does not have or a value refused (errors name them)" },
    404: { description: "No such courier" },
    409: { description: "Saved by someone else at the same moment" },
  },
  handler: ({ params, body }, req) => updateCourierSettings(params.id, body, actingAdmin(req)),
});

endpoint(adminShipmentsRouter, "/api/admin/shipments", {
  ...common,
  method: "post",
  path: "/",
  permission: "orders.ship",
  summary:
    "Books many orders' parcels with one courier (Steadfast's bulk call; others one by one), each order answered on its own (ok with its shipment, or the status and message it would have had alone)",
  body: BookShipmentsBody,
  responses: {
    200: { description: "One result per order, in the order asked", schema: BookShipmentsAnswer },
    400: { description: "The courier is not configured (errors name it)" },
  },
  handler: async ({ body }, req) => ({
    results: (await bookShipments(body.orderIds, body.courier, `admin:${req.user!.email}`)).map(
      (result) =>
        result.ok
          ? {
              orderId: result.orderId,
              ok: true as const,
              orderNumber: result.order.orderNumber,
              shipment: shipmentOf(result.order),
            }
          : result,
    ),
  }),
});

/**
 * Status webhooks of the couriers that send them, at `/api/couriers/<id>/webhook` (Pathao keeps
 * its own `/api/pathao/webhook`, which answers its handshake). Each courier checks its own secret
 * (RedX: `?token=`); a courier without webhooks is a 404. Unknown parcels are acknowledged.
 */
export const courierWebhooksRouter = Router();

endpoint(courierWebhooksRouter, "/api/couriers", {
  method: "post",
  path: "/:courier/webhook",
  summary: "A courier's status webhook (RedX: ?token= our webhook secret); 202",
  tags: ["delivery"],
  auth: "none",
  params: CourierParams,
  body: z.looseObject({}),
  status: 202,
  responses: {
    202: { description: "Accepted", schema: z.object({ received: z.boolean() }) },
    401: { description: "Invalid signature" },
    404: { description: "The courier sends no webhooks" },
  },
  handler: async ({ params, body }, req) => {
    const courier = getCourier(params.courier);
    if (!courier.webhook) throw notFound("This courier sends no webhooks");
    if (!courier.webhook.verify({ header: (name) => req.get(name), query: req.query }))
      throw unauthorized("Invalid signature");
    const event = courier.webhook.read(body);
    if (event) await applyCourierStatus(courier.id, event.consignmentId, event.status, event);
    return { received: true };
  },
});
