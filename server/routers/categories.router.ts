import { Router } from "express";
import { z } from "zod";
import { endpoint } from "../middleware/validate.js";
import { CategoryAnswer } from "#contract/answers/catalog";
import { listCategories } from "../services/catalog.service.js";

export const categoriesRouter = Router();

endpoint(categoriesRouter, "/api/categories", {
  method: "get",
  path: "/",
  summary: "The category tree, parents first",
  tags: ["catalogue"],
  responses: { 200: { description: "Categories", schema: z.array(CategoryAnswer) } },
  handler: () => listCategories(),
});
