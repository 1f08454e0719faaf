/** The audit trail (docs/audit.md): who changed what, when, before and after. */
import type { AuditPageAnswer } from "#contract/schemas/audit";
import { request, type Query } from "./transport";

export const audit = {
  list: (query: Query = {}) => request<AuditPageAnswer>("/api/admin/audit", { query }),
};
