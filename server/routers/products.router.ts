import { Router } from "express";
import { z } from "zod";
import { endpoint } from "../middleware/validate.js";
import {
  IdParams,
  ProductListQuery,
  ProductSuggestQuery,
  SlugParams,
} from "../schemas/catalog.schemas.js";
import {
  getProductById,
  getProductBySlug,
  listProducts,
  suggestProducts,
} from "../services/products.service.js";

export const productsRouter = Router();
const PREFIX = "/api/products";

export const ProductAnswerSchema = z
  .object({ _id: z.string(), title: z.string(), slug: z.string(), price: z.number() })
  .loose();

endpoint(productsRouter, PREFIX, {
  method: "get",
  path: "/",
  summary: "Products with filters, sort and 0-based pages; availableFilters for category+search",
  tags: ["catalogue"],
  query: ProductListQuery,
  responses: {
    200: {
      description: "A page of products",
      schema: z.object({
        content: z.array(ProductAnswerSchema),
        totalPages: z.number(),
        currentPage: z.number(),
        totalProducts: z.number(),
        availableFilters: z.object({ colors: z.array(z.string()), sizes: z.array(z.string()) }),
      }),
    },
  },
  handler: ({ query }) => listProducts(query),
});

endpoint(productsRouter, PREFIX, {
  method: "get",
  path: "/suggest",
  summary:
    "Products suggested while typing: typos forgiven, word starts matched, title matches first",
  tags: ["catalogue"],
  query: ProductSuggestQuery,
  responses: {
    200: {
      description: "At most `limit` products, best first",
      schema: z.object({
        products: z.array(
          z.object({
            _id: z.string(),
            title: z.string(),
            titleBn: z.string().optional(),
            slug: z.string(),
            categoryName: z.string(),
            categoryNameBn: z.string().optional(),
            imageUrl: z.string(),
            price: z.number(),
            discountedPrice: z.number(),
          }),
        ),
      }),
    },
  },
  handler: async ({ query }) => ({ products: await suggestProducts(query.q, query.limit) }),
});

endpoint(productsRouter, PREFIX, {
  method: "get",
  path: "/id/:id",
  summary: "One active product by id",
  tags: ["catalogue"],
  params: IdParams,
  responses: { 200: { description: "The product", schema: ProductAnswerSchema } },
  handler: ({ params }) => getProductById(params.id),
});

endpoint(productsRouter, PREFIX, {
  method: "get",
  path: "/slug/:slug",
  summary: "One active product by slug",
  tags: ["catalogue"],
  params: SlugParams,
  responses: { 200: { description: "The product", schema: ProductAnswerSchema } },
  handler: ({ params }) => getProductBySlug(params.slug),
});
