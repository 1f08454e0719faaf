import { Router } from "express";
import { actingAdmin } from "../lib/acting-admin.js";
import { requireAdmin } from "../middleware/auth.js";
import { endpoint } from "../middleware/validate.js";
import {
  CollectedCashBody,
  CourierCashAnswer,
  IdParams,
  OwedParcelAnswer,
  SettlementAnswer,
  SettlementBody,
  SettlementPageAnswer,
  SettlementsQuery,
} from "#contract/schemas/courier-cash";
import {
  courierCash,
  listSettlements,
  readSettlement,
  recordCollectedByAdmin,
  recordSettlement,
} from "../services/courier-cash.service.js";

/** The back office's courier cash screen (docs/cod.md, "Courier cash" and "Settlements"). */
export const adminCourierCashRouter = Router();
const PREFIX = "/api/admin/courier-cash";
const common = { tags: ["admin", "orders"], auth: "admin" as const, before: [requireAdmin] };

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/",
  summary:
    "Delivered COD parcels not yet settled, with what the courier collected, and the cash it owes in total",
  responses: { 200: { description: "Parcels and totals", schema: CourierCashAnswer } },
  handler: () => courierCash(),
});

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "put",
  path: "/parcels/:id",
  summary: "Records what the courier collected on a delivered COD parcel (whole taka)",
  params: IdParams,
  body: CollectedCashBody,
  responses: {
    200: { description: "The parcel", schema: OwedParcelAnswer },
    400: { description: "Not whole taka, negative, or more than the order's total" },
    404: { description: "Order not found" },
    409: { description: "Not a delivered COD parcel, or already settled" },
  },
  handler: ({ params, body }, req) =>
    recordCollectedByAdmin(params.id, body.collected, actingAdmin(req)),
});

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/settlements",
  summary: "Recorded settlements, newest first; paged",
  query: SettlementsQuery,
  responses: { 200: { description: "A page of settlements", schema: SettlementPageAnswer } },
  handler: ({ query }) => listSettlements(query),
});

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/settlements",
  summary:
    "Records a courier payout covering chosen parcels: amount + deductions must equal their collected total",
  body: SettlementBody,
  status: 201,
  responses: {
    201: { description: "The settlement", schema: SettlementAnswer },
    400: { description: "Totals do not reconcile, or a parcel has no collected amount" },
    404: { description: "Order not found" },
    409: { description: "A parcel is not a delivered COD parcel or is already settled" },
  },
  handler: ({ body }, req) => recordSettlement(body, actingAdmin(req)),
});

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/settlements/:id",
  summary: "One settlement with its parcels; 404 Settlement not found",
  params: IdParams,
  responses: { 200: { description: "The settlement", schema: SettlementAnswer } },
  handler: ({ params }) => readSettlement(params.id),
});
