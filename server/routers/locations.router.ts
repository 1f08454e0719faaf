import { Router, type Response } from "express";
import { DistrictsAnswer, ThanasAnswer } from "#contract/answers/locations";
import { DistrictIdParams } from "#contract/schemas/locations";
import { endpoint } from "../middleware/validate.js";
import { listDistricts, listThanas } from "../services/locations.service.js";

/**
 * Districts and thanas for the address pickers. The lists change only with a release, and are the
 * same for everyone: browsers and shared caches keep them a day (then use them while they ask
 * again), and Express's ETag of the body turns the asking into a 304 until the data changes.
 */
export const locationsRouter = Router();
const PREFIX = "/api/locations";
const tags = ["delivery"];

export const LOCATIONS_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

function shareable<T>(res: Response, answer: T): T {
  res.setHeader("Cache-Control", LOCATIONS_CACHE_CONTROL);
  return answer;
}

const notModified = { 304: { description: "Not modified (the If-None-Match ETag is current)" } };

endpoint(locationsRouter, PREFIX, {
  method: "get",
  path: "/districts",
  summary: "The 64 districts, sorted by English name, with their division (English and Bangla)",
  tags,
  auth: "none",
  responses: {
    200: { description: "Every district", schema: DistrictsAnswer },
    ...notModified,
  },
  handler: (_input, _req, res) => shareable(res, listDistricts()),
});

endpoint(locationsRouter, PREFIX, {
  method: "get",
  path: "/districts/:id/thanas",
  summary: "A district's thanas (upazilas and metropolitan thanas), sorted by English name",
  tags,
  auth: "none",
  params: DistrictIdParams,
  responses: {
    200: { description: "The district's thanas", schema: ThanasAnswer },
    ...notModified,
    404: { description: "No district has this id" },
  },
  handler: ({ params }, _req, res) => shareable(res, listThanas(params.id)),
});
