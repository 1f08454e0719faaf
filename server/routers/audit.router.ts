import { Router } from "express";
import { endpoint } from "../middleware/validate.js";
import { AuditPageAnswer, AuditQuery } from "#contract/schemas/audit";
import { listAudit } from "../services/audit.service.js";

/** The audit trail (/api/admin/audit; docs/audit.md): who changed what, when, before and after. */
export const adminAuditRouter = Router();
const PREFIX = "/api/admin/audit";

endpoint(adminAuditRouter, PREFIX, {
  tags: ["admin"],
  permission: "audit.read",
  method: "get",
  path: "/",
  summary:
    "The audit trail, newest first: every change to orders, products, promo codes, pages, shop and courier settings, staff and refunds, with who made it and each changed field before and after; filters entity and id (one document's history), actor (a staff member's id), from and to; paged (at most 100 a page)",
  query: AuditQuery,
  responses: { 200: { description: "A page of entries", schema: AuditPageAnswer } },
  handler: ({ query }) => listAudit(query),
});
