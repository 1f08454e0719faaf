import { Router } from "express";
import { z } from "zod";
import { PromoCodeAnswer, PromoCodePageAnswer } from "#contract/answers/catalog";
import { MessageAnswer } from "#contract/answers/common";
import { actingAdmin } from "../lib/acting-admin.js";
import { endpoint } from "../middleware/validate.js";
import {
  IdParams,
  PromoCodeBody,
  PromoCodeListQuery,
  PromoCodeUpdateBody,
} from "#contract/schemas/catalog";
import {
  createPromoCode,
  deletePromoCode,
  getPromoCode,
  listPromoCodes,
  pagePromoCodes,
  updatePromoCode,
} from "../services/promo-codes.service.js";

export const adminPromoCodesRouter = Router();
const PREFIX = "/api/admin/promo-codes";
const admin = { tags: ["admin"], permission: "promoCodes.manage" as const };

endpoint(adminPromoCodesRouter, PREFIX, {
  ...admin,
  method: "get",
  path: "/",
  summary:
    "Promo codes, newest first. With page or limit (1-100, default 20): one page {promoCodes, total, page, totalPages}, filters search (code, description) and isActive; without them the whole list as an array",
  query: PromoCodeListQuery,
  responses: {
    200: {
      description: "Promo codes (a page when page or limit is given)",
      schema: z.union([z.array(PromoCodeAnswer), PromoCodePageAnswer]),
    },
  },
  handler: ({ query }) =>
    query.page === undefined && query.limit === undefined
      ? listPromoCodes()
      : pagePromoCodes({ ...query, page: query.page ?? 1, limit: query.limit ?? 20 }),
});

endpoint(adminPromoCodesRouter, PREFIX, {
  ...admin,
  method: "get",
  path: "/:id",
  summary: "One promo code",
  params: IdParams,
  responses: { 200: { description: "The promo code", schema: PromoCodeAnswer } },
  handler: ({ params }) => getPromoCode(params.id),
});

endpoint(adminPromoCodesRouter, PREFIX, {
  ...admin,
  method: "post",
  path: "/",
  summary: "Creates a promo code (code upper-cased; 409 when it exists)",
  body: PromoCodeBody,
  status: 201,
  responses: {
    201: { description: "The promo code", schema: PromoCodeAnswer },
    409: { description: "The code exists" },
  },
  handler: ({ body }, req) => createPromoCode(body, actingAdmin(req)),
});

endpoint(adminPromoCodesRouter, PREFIX, {
  ...admin,
  method: "put",
  path: "/:id",
  summary: "Edits a promo code",
  params: IdParams,
  body: PromoCodeUpdateBody,
  responses: {
    200: { description: "The promo code", schema: PromoCodeAnswer },
    409: { description: "The code exists" },
  },
  handler: ({ params, body }, req) => updatePromoCode(params.id, body, actingAdmin(req)),
});

endpoint(adminPromoCodesRouter, PREFIX, {
  ...admin,
  method: "delete",
  path: "/:id",
  summary: "Deletes a promo code",
  params: IdParams,
  responses: { 200: { description: "Deleted", schema: MessageAnswer } },
  handler: ({ params }, req) => deletePromoCode(params.id, actingAdmin(req)),
});
