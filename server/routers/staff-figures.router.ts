import { Router } from "express";
import { endpoint } from "../middleware/validate.js";
import { StaffFiguresAnswer, StaffFiguresQuery } from "#contract/schemas/staff-figures";
import { staffFigures } from "../services/staff-figures.service.js";

/** The owner's figures per staff member (docs/staff-roles.md, "Figures per staff member"). */
export const adminStaffFiguresRouter = Router();
const PREFIX = "/api/admin/staff/figures";

endpoint(adminStaffFiguresRouter, PREFIX, {
  tags: ["admin", "staff"],
  permission: "staff.manage",
  method: "get",
  path: "/",
  summary:
    "Per staff member for one month (Asia/Dhaka; default the current one): orders confirmed and where they stand now (delivered, returned, cancelled, still open, deleted), and orders entered by channel",
  query: StaffFiguresQuery,
  responses: { 200: { description: "The month's figures", schema: StaffFiguresAnswer } },
  handler: ({ query }) => staffFigures(query.month),
});
