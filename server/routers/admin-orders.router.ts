import { Router } from "express";
import { endpoint } from "../middleware/validate.js";
import { assertPermission } from "../middleware/auth.js";
import { ORDER_MOVE_PERMISSIONS, ORDER_MOVES } from "#contract/staff-roles";
import {
  AdminMoveBody,
  AdminOrdersQuery,
  AdminStatusParams,
  IdParams,
  ONLY_CANCELLATION_SAYS_WHO,
} from "#contract/schemas/orders";
import { badRequest } from "../lib/http-error.js";
import { AdminOrderAnswer, AdminOrderPageAnswer } from "#contract/answers/orders";
import { bookShipment, cancelShipment, refreshShipment } from "../services/shipments.service.js";
import { BookShipmentBody } from "#contract/couriers";
import { OrderDetailsBody } from "#contract/schemas/order-edits";
import { editOrderDetails } from "../services/order-edits.service.js";
import {
  deleteOrder,
  getOrderFor,
  listAdminOrders,
  moveOrder,
  toAdminOrderAnswer,
} from "../services/orders.service.js";

export const adminOrdersRouter = Router();
const PREFIX = "/api/admin/orders";
const common = { tags: ["admin", "orders"] };

endpoint(adminOrdersRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/",
  permission: "orders.read",
  summary:
    "Orders, newest first; filters queue (docs/order-desk.md), status, search, from/to dates; paged; each with its phone's risk level",
  query: AdminOrdersQuery,
  responses: {
    200: {
      description: "A page of orders",
      schema: AdminOrderPageAnswer,
    },
  },
  handler: ({ query }) => listAdminOrders(query),
});

endpoint(adminOrdersRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/:id",
  permission: "orders.read",
  summary: "One order in full (by id or order number), with its customer; 404 Order not found",
  params: IdParams,
  responses: { 200: { description: "The order", schema: AdminOrderAnswer } },
  handler: async ({ params }) => {
    const order = await getOrderFor(params.id, { isAdmin: true });
    await order.populate("user", "firstName lastName email mobile");
    return toAdminOrderAnswer(order);
  },
});

endpoint(adminOrdersRouter, PREFIX, {
  ...common,
  method: "patch",
  path: "/:id",
  // The order desk corrects the address on the confirmation call.
  permission: "orders.confirm",
  summary:
    "Changes an order's delivery details (name, street address, area, postcode, note) before it ships; only the fields sent; recorded in the audit trail",
  params: IdParams,
  body: OrderDetailsBody,
  responses: {
    200: { description: "The order", schema: AdminOrderAnswer },
    404: { description: "Order not found" },
    409: {
      description:
        "Shipped or closed (DETAILS_LOCKED), or edited by others without pause (ORDER_BUSY)",
    },
  },
  handler: ({ params, body }, req) => editOrderDetails(params.id, body, `admin:${req.user!.email}`),
});

endpoint(adminOrdersRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/:id/courier",
  permission: "orders.ship",
  summary: "Books the parcel with Pathao and stores the consignment id",
  params: IdParams,
  responses: {
    200: { description: "The order with its courier", schema: AdminOrderAnswer },
    400: { description: "Pathao is not configured" },
    409: { description: "Not bookable in its status, or already booked" },
    502: { description: "Pathao refused the booking" },
  },
  handler: async ({ params }, req) =>
    toAdminOrderAnswer(
      await bookShipment(params.id, "pathao", {
        by: `admin:${req.user!.email}`,
        refusedStatus: 502,
      }),
    ),
});

endpoint(adminOrdersRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/:id/shipment",
  permission: "orders.ship",
  summary:
    "Books the parcel with a courier: pathao (and other API couriers) through its API, manual with the courier's name and tracking number (moves the order to SHIPPED); once per order",
  params: IdParams,
  body: BookShipmentBody,
  responses: {
    200: { description: "The order with its shipment", schema: AdminOrderAnswer },
    400: { description: "A field missing, or the courier is not configured (errors name it)" },
    409: { description: "Not bookable in its status, or already booked (ALREADY_BOOKED)" },
    422: { description: "The courier refused the parcel (COURIER_REFUSED, its fields in errors)" },
    502: { description: "The courier could not be reached or failed (COURIER_ERROR)" },
  },
  handler: async ({ params, body }, req) =>
    toAdminOrderAnswer(
      await bookShipment(params.id, body.courier, {
        manual: body,
        by: `admin:${req.user!.email}`,
        refusedStatus: 422,
      }),
    ),
});

endpoint(adminOrdersRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/:id/shipment/refresh",
  permission: "orders.ship",
  summary:
    "Reads the parcel's status from its courier and applies it (the order moves as the courier's status maps)",
  params: IdParams,
  responses: {
    200: { description: "The order", schema: AdminOrderAnswer },
    409: { description: "No parcel booked with a courier (NOT_BOOKED)" },
    422: { description: "The courier refused the status read" },
    502: { description: "The courier could not be reached" },
  },
  handler: async ({ params }) => toAdminOrderAnswer(await refreshShipment(params.id)),
});

endpoint(adminOrdersRouter, PREFIX, {
  ...common,
  method: "delete",
  path: "/:id/shipment",
  permission: "orders.ship",
  summary:
    "Cancels the parcel and releases the booking (manual: always; RedX: its cancellation; Pathao, Steadfast: only before pickup, per their status); in the order's history",
  params: IdParams,
  responses: {
    200: { description: "The order, without its shipment", schema: AdminOrderAnswer },
    409: {
      description:
        "No parcel (NOT_BOOKED), or it can no longer be cancelled (CANCEL_REFUSED, the reason in message)",
    },
    502: { description: "The courier could not be reached" },
  },
  handler: async ({ params }, req) =>
    toAdminOrderAnswer(await cancelShipment(params.id, `admin:${req.user!.email}`)),
});

endpoint(adminOrdersRouter, PREFIX, {
  ...common,
  method: "put",
  path: "/:id/:status",
  permission: ORDER_MOVES,
  summary:
    "Moves an order: placed, confirmed, shipped, delivered, cancelled, returning, returned (cancelling or a return gives the stock back once); a cancellation may say who caused it (body cancelledBy customer or shop, default shop); 409 on an invalid move",
  params: AdminStatusParams,
  body: AdminMoveBody,
  responses: {
    200: { description: "The order", schema: AdminOrderAnswer },
    400: { description: "cancelledBy not customer or shop, or given on another move" },
    409: { description: "Not a valid move from the order's status" },
    503: { description: "The shop is busy (stock locks contended); try again" },
  },
  handler: ({ params, body }, req) => {
    if (body.cancelledBy && params.status !== "CANCELLED")
      throw badRequest(ONLY_CANCELLATION_SAYS_WHO, [
        { path: "cancelledBy", message: ONLY_CANCELLATION_SAYS_WHO },
      ]);
    assertPermission(req, ORDER_MOVE_PERMISSIONS[params.status]);
    return moveOrder(params.id, params.status, `admin:${req.user!.email}`, {
      cancelledBy: body.cancelledBy,
    });
  },
});

endpoint(adminOrdersRouter, PREFIX, {
  ...common,
  method: "delete",
  path: "/:id",
  permission: "orders.delete",
  summary: "Deletes an order (returning its stock unless it was shipped)",
  params: IdParams,
  handler: ({ params }, req) => deleteOrder(params.id, `admin:${req.user!.email}`),
});
