import { Router } from "express";
import { z } from "zod";
import { MessageAnswer } from "#contract/answers/common";
import { AdminPageAnswer, PageAnswer, PageLink } from "#contract/answers/pages";
import { PageCreateBody, PageSlugParams, PageUpdateBody } from "#contract/schemas/pages";
import { actingAdmin } from "../lib/acting-admin.js";
import { endpoint } from "../middleware/validate.js";
import {
  createPage,
  deletePage,
  listAdminPages,
  listPublishedPages,
  readAdminPage,
  readPublishedPage,
  updatePage,
} from "../services/pages.service.js";

export const pagesRouter = Router();
const PUBLIC = "/api/pages";

endpoint(pagesRouter, PUBLIC, {
  method: "get",
  path: "/",
  summary: "The shop's published pages (terms, returns, delivery...): address and titles",
  tags: ["pages"],
  responses: { 200: { description: "Published pages", schema: z.array(PageLink) } },
  handler: () => listPublishedPages(),
});

endpoint(pagesRouter, PUBLIC, {
  method: "get",
  path: "/:slug",
  summary: "One published page, its text as sanitised HTML in English and Bangla",
  tags: ["pages"],
  params: PageSlugParams,
  responses: {
    200: { description: "The page", schema: PageAnswer },
    404: { description: "No published page at this address" },
  },
  handler: ({ params }) => readPublishedPage(params.slug),
});

export const adminPagesRouter = Router();
const ADMIN = "/api/admin/pages";
const admin = { tags: ["admin"], permission: "pages.manage" as const };

endpoint(adminPagesRouter, ADMIN, {
  method: "get",
  path: "/",
  summary: "Every page, published or not, with its Markdown",
  ...admin,
  responses: { 200: { description: "Pages", schema: z.array(AdminPageAnswer) } },
  handler: () => listAdminPages(),
});

endpoint(adminPagesRouter, ADMIN, {
  method: "get",
  path: "/:slug",
  summary: "One page with its Markdown",
  ...admin,
  params: PageSlugParams,
  responses: { 200: { description: "The page", schema: AdminPageAnswer } },
  handler: ({ params }) => readAdminPage(params.slug),
});

endpoint(adminPagesRouter, ADMIN, {
  method: "post",
  path: "/",
  summary: "Adds a page of the shop's own",
  ...admin,
  body: PageCreateBody,
  status: 201,
  responses: {
    201: { description: "The page", schema: AdminPageAnswer },
    409: { description: "The address is taken (DUPLICATE) or the shop has its most pages" },
  },
  handler: ({ body }, req) => createPage(body, actingAdmin(req)),
});

endpoint(adminPagesRouter, ADMIN, {
  method: "put",
  path: "/:slug",
  summary: "Edits a page; its version goes up when a title, description or text changes",
  ...admin,
  params: PageSlugParams,
  body: PageUpdateBody,
  responses: {
    200: { description: "The page", schema: AdminPageAnswer },
    400: { description: "The terms page cannot be unpublished (TERMS_STAY_PUBLISHED)" },
    409: { description: "Saved by someone else meanwhile (STALE_VERSION)" },
  },
  handler: ({ params, body }, req) => updatePage(params.slug, body, actingAdmin(req)),
});

endpoint(adminPagesRouter, ADMIN, {
  method: "delete",
  path: "/:slug",
  summary: "Deletes a page of the shop's own (the standard pages can only be unpublished)",
  ...admin,
  params: PageSlugParams,
  responses: {
    200: { description: "Deleted", schema: MessageAnswer },
    409: { description: "A standard page (STANDARD_PAGE)" },
  },
  handler: ({ params }, req) => deletePage(params.slug, actingAdmin(req)),
});
