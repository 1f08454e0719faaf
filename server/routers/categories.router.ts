import { Router } from "express";
import { z } from "zod";
import { endpoint } from "../middleware/validate.js";
import { listCategories } from "../services/catalog.service.js";

export const categoriesRouter = Router();

const CategoryAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  parentCategory: z.string().nullable(),
  level: z.number(),
});

endpoint(categoriesRouter, "/api/categories", {
  method: "get",
  path: "/",
  summary: "The category tree, parents first",
  tags: ["catalogue"],
  responses: { 200: { description: "Categories", schema: z.array(CategoryAnswer) } },
  handler: () => listCategories(),
});
