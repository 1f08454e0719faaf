import { Router } from "express";
import { PathaoPlacesAnswer } from "#contract/pathao-places";
import { endpoint } from "../middleware/validate.js";
import { HttpError } from "../lib/http-error.js";
import { notConfiguredRefusal } from "../couriers/courier.js";
import { PATHAO_NOT_CONFIGURED, pathaoCredentials } from "../couriers/pathao.js";
import { pathaoPlacesReport } from "../services/delivery-pathao-places.js";

/**
 * Which of the shop's districts and thanas Pathao's lists have (docs/couriers.md): what is not
 * matched is charged at its zone's price and booked without Pathao's ids. Read with the store's
 * credentials whether or not Pathao is switched on, so the owner can check before switching.
 */
export const adminPathaoPlacesRouter = Router();

export const PATHAO_LISTS_UNREADABLE = "Pathao's city and zone lists could not be read";

endpoint(adminPathaoPlacesRouter, "/api/admin/couriers/pathao", {
  method: "get",
  path: "/places",
  tags: ["admin", "couriers"],
  permission: "couriers.configure",
  summary:
    "The shop's districts and thanas against the Pathao store's cities and zones: counts matched, those unmatched, and Pathao's cities no district took",
  responses: {
    200: { description: "The match", schema: PathaoPlacesAnswer },
    400: { description: "Pathao is not configured (errors name it)" },
    502: { description: "Pathao's lists could not be read" },
  },
  handler: async () => {
    const credentials = await pathaoCredentials();
    if (!credentials) throw notConfiguredRefusal("pathao", PATHAO_NOT_CONFIGURED);
    try {
      return await pathaoPlacesReport(credentials);
    } catch {
      throw new HttpError(502, PATHAO_LISTS_UNREADABLE, "COURIER_UNAVAILABLE");
    }
  },
});
