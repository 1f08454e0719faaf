import { Router } from "express";
import { endpoint } from "../middleware/validate.js";
import { CourierSuggestionsAnswer, CourierSuggestionsQuery } from "#contract/courier-insights";
import { suggestCouriers } from "../services/courier-suggestion.service.js";

/** The courier to book each order with, and the figures behind it (docs/couriers.md). */
export const adminCourierSuggestionsRouter = Router();

endpoint(adminCourierSuggestionsRouter, "/api/admin/courier-suggestions", {
  tags: ["admin", "couriers"],
  permission: "orders.ship",
  method: "get",
  path: "/",
  summary:
    "For each order (`orderIds`, comma-separated, 1 to 100), the courier with the best delivered share in its district among those with enough parcels, and every bookable courier's figures",
  query: CourierSuggestionsQuery,
  responses: {
    200: {
      description: "One suggestion per order found, in the order asked",
      schema: CourierSuggestionsAnswer,
    },
  },
  handler: async ({ query }) => ({ suggestions: await suggestCouriers(query.orderIds) }),
});
