/** The owner's Staff screen (docs/staff-roles.md): list, invite, change role or access, revoke. */
import type { z } from "zod";
import type {
  StaffInviteAnswer,
  StaffInviteBody,
  StaffListAnswer,
  StaffMemberAnswer,
  StaffUpdateBody,
} from "#contract/schemas/staff";
import { request } from "./transport";

type Json<S extends z.ZodType> = z.input<S>;

export const staff = {
  list: () => request<Json<typeof StaffListAnswer>>("/api/admin/staff"),
  invite: (body: z.input<typeof StaffInviteBody>) =>
    request<Json<typeof StaffInviteAnswer>>("/api/admin/staff", { method: "POST", body }),
  update: (id: string, body: z.input<typeof StaffUpdateBody>) =>
    request<Json<typeof StaffMemberAnswer>>(`/api/admin/staff/${id}`, { method: "PUT", body }),
  revoke: (id: string) =>
    request<{ message: string }>(`/api/admin/staff/${id}`, { method: "DELETE" }),
};
