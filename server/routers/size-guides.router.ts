import { Router } from "express";
import { z } from "zod";
import { SizeGuideAnswer } from "#contract/answers/catalog";
import { MessageAnswer } from "#contract/answers/common";
import { endpoint } from "../middleware/validate.js";
import {
  IdParams,
  SizeGuideBody,
  SizeGuideQuery,
  SizeGuideUpdateBody,
} from "#contract/schemas/catalog";
import {
  createSizeGuide,
  deleteSizeGuide,
  listSizeGuides,
  updateSizeGuide,
} from "../services/size-guides.service.js";

export const sizeGuidesRouter = Router();

endpoint(sizeGuidesRouter, "/api/size-guides", {
  method: "get",
  path: "/",
  summary: "Size guides; ?category (id or slug) falls back to the nearest ancestor's guides",
  tags: ["catalogue"],
  query: SizeGuideQuery,
  responses: { 200: { description: "Size guides", schema: z.array(SizeGuideAnswer) } },
  handler: ({ query }) => listSizeGuides(query.category),
});

export const adminSizeGuidesRouter = Router();
const ADMIN = "/api/admin/size-guides";

endpoint(adminSizeGuidesRouter, ADMIN, {
  method: "post",
  path: "/",
  summary: "Creates a size guide",
  tags: ["admin"],
  permission: "sizeGuides.manage",
  body: SizeGuideBody,
  status: 201,
  responses: { 201: { description: "The size guide", schema: SizeGuideAnswer } },
  handler: ({ body }) => createSizeGuide(body),
});

endpoint(adminSizeGuidesRouter, ADMIN, {
  method: "put",
  path: "/:id",
  summary: "Edits a size guide",
  tags: ["admin"],
  permission: "sizeGuides.manage",
  params: IdParams,
  body: SizeGuideUpdateBody,
  responses: { 200: { description: "The size guide", schema: SizeGuideAnswer } },
  handler: ({ params, body }) => updateSizeGuide(params.id, body),
});

endpoint(adminSizeGuidesRouter, ADMIN, {
  method: "delete",
  path: "/:id",
  summary: "Deletes a size guide",
  tags: ["admin"],
  permission: "sizeGuides.manage",
  params: IdParams,
  responses: { 200: { description: "Deleted", schema: MessageAnswer } },
  handler: ({ params }) => deleteSizeGuide(params.id),
});
