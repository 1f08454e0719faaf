import { Router } from "express";
import {
  ProductAnswer,
  ProductListAnswer,
  ProductSuggestionsAnswer,
} from "#contract/answers/catalog";
import { endpoint } from "../middleware/validate.js";
import {
  IdParams,
  ProductListQuery,
  ProductSuggestQuery,
  SlugParams,
} from "#contract/schemas/catalog";
import { listProducts, suggestProducts } from "../services/catalog-listing.js";
import { getProductById, getProductBySlug } from "../services/products.service.js";

export const productsRouter = Router();
const PREFIX = "/api/products";

endpoint(productsRouter, PREFIX, {
  method: "get",
  path: "/",
  summary: "Products with filters, sort and 0-based pages; availableFilters for category+search",
  tags: ["catalogue"],
  query: ProductListQuery,
  responses: {
    200: {
      description: "A page of products",
      schema: ProductListAnswer,
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
      schema: ProductSuggestionsAnswer,
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
  responses: { 200: { description: "The product", schema: ProductAnswer } },
  handler: ({ params }) => getProductById(params.id),
});

endpoint(productsRouter, PREFIX, {
  method: "get",
  path: "/slug/:slug",
  summary: "One active product by slug",
  tags: ["catalogue"],
  params: SlugParams,
  responses: { 200: { description: "The product", schema: ProductAnswer } },
  handler: ({ params }) => getProductBySlug(params.slug),
});
