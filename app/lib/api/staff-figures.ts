/** The owner's figures per staff member (docs/staff-roles.md, "Figures per staff member"). */
import type { StaffFiguresAnswer } from "#contract/schemas/staff-figures";
import { request } from "./transport";

export const staffFigures = {
  /** `month`: `yyyy-MM` in Dhaka; none: the current month. */
  month: (month?: string) =>
    request<StaffFiguresAnswer>("/api/admin/staff/figures", { query: { month } }),
};
