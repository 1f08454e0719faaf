import { Router } from "express";
import { requireUser } from "../middleware/auth.js";
import { endpoint } from "../middleware/validate.js";
import { permissionsOf } from "#contract/staff-roles";
import { staffRoleOf } from "../lib/staff-access.js";
import { guardCustomerChange } from "../services/staff.service.js";
import {
  ChangePasswordBody,
  CustomerListQuery,
  CustomerUpdateBody,
  ObjectIdParam,
  ProfileUpdateBody,
  ResetPasswordBody,
} from "#contract/schemas/auth";
import { MessageAnswer } from "#contract/answers/common";
import { toLocale } from "#contract/i18n";
import { AdminLocaleAnswer, AdminLocaleBody } from "#contract/schemas/back-office-language";
import {
  AdminCheckAnswer,
  CustomerListAnswer,
  PasswordChangedAnswer,
  UserAnswer,
} from "#contract/answers/users";
import {
  changePassword,
  deleteCustomer,
  listCustomers,
  resetCustomerPassword,
  serializeUser,
  setAdminLocale,
  updateCustomer,
  updateProfile,
} from "../services/users.service.js";

export const usersRouter = Router();
const PREFIX = "/api/users";

/** An error answer: its body is the one error shape, which the OpenAPI document fills in. */
const errorDoc = (description: string) => ({ description });

endpoint(usersRouter, PREFIX, {
  method: "get",
  path: "/profile",
  summary: "The signed-in user",
  tags: ["users"],
  auth: "user",
  before: [requireUser],
  responses: { 200: { description: "The user", schema: UserAnswer } },
  handler: (_input, req) => serializeUser(req.user!),
});

endpoint(usersRouter, PREFIX, {
  method: "put",
  path: "/profile",
  summary: "Update name, email, mobile and addresses",
  tags: ["users"],
  auth: "user",
  body: ProfileUpdateBody,
  before: [requireUser],
  responses: {
    200: { description: "The user", schema: UserAnswer },
    409: errorDoc("Email taken"),
  },
  handler: ({ body }, req) => updateProfile(req.user!, body),
});

endpoint(usersRouter, PREFIX, {
  method: "post",
  path: "/change-password",
  summary:
    "Change the password (current password required when one is set); every older token stops working, the answer carries this session's new one",
  tags: ["users"],
  auth: "user",
  body: ChangePasswordBody,
  before: [requireUser],
  responses: {
    200: {
      description: "Changed",
      schema: PasswordChangedAnswer,
    },
    400: errorDoc("Current password is incorrect"),
  },
  handler: ({ body }, req) => changePassword(req.user!._id, body.currentPassword, body.newPassword),
});

endpoint(usersRouter, PREFIX, {
  method: "get",
  path: "/verify-admin",
  summary:
    "Whether the token belongs to a staff member (any role), with the role and its permissions",
  tags: ["users"],
  permission: "backOffice.enter",
  responses: {
    200: { description: "Admin", schema: AdminCheckAnswer },
    401: errorDoc("Invalid or expired token"),
    403: errorDoc("Access denied - admin privileges required"),
  },
  handler: (_input, req) => {
    const role = staffRoleOf(req.user!)!;
    return {
      isAdmin: true as const,
      role,
      permissions: permissionsOf(role),
      adminLocale: toLocale(req.user!.adminLocale),
    };
  },
});

endpoint(usersRouter, PREFIX, {
  method: "put",
  path: "/admin-locale",
  summary:
    "The signed-in staff member's own back-office language (en or bn); the next verify-admin answer carries it",
  tags: ["users", "admin"],
  permission: "backOffice.enter",
  body: AdminLocaleBody,
  responses: { 200: { description: "Saved", schema: AdminLocaleAnswer } },
  handler: ({ body }, req) => setAdminLocale(req.user!._id, body.adminLocale),
});

endpoint(usersRouter, PREFIX, {
  method: "get",
  path: "/admin/customers",
  summary: "Customers, newest first; search by name, email or phone; page starts at 1",
  tags: ["users", "admin"],
  permission: "customers.manage",
  query: CustomerListQuery,
  responses: { 200: { description: "A page of customers", schema: CustomerListAnswer } },
  handler: ({ query }) => listCustomers(query),
});

endpoint(usersRouter, PREFIX, {
  method: "put",
  path: "/admin/customers/:id",
  summary: "Update a customer",
  tags: ["users", "admin"],
  permission: "customers.manage",
  params: ObjectIdParam,
  body: CustomerUpdateBody,
  responses: {
    200: { description: "The customer", schema: UserAnswer },
    404: errorDoc("Customer not found"),
    409: errorDoc("Email taken"),
  },
  handler: async ({ params, body }, req) => {
    await guardCustomerChange(req.user!, params.id, { role: body.role });
    return updateCustomer(String(req.user!._id), params.id, body);
  },
});

endpoint(usersRouter, PREFIX, {
  method: "delete",
  path: "/admin/customers/:id",
  summary: "Delete a customer (not oneself)",
  tags: ["users", "admin"],
  permission: "customers.manage",
  params: ObjectIdParam,
  responses: {
    200: { description: "Deleted", schema: MessageAnswer },
    400: errorDoc("You cannot delete your own account"),
    404: errorDoc("Customer not found"),
  },
  handler: async ({ params }, req) => {
    await guardCustomerChange(req.user!, params.id, { removes: true });
    return deleteCustomer(String(req.user!._id), params.id);
  },
});

endpoint(usersRouter, PREFIX, {
  method: "post",
  path: "/admin/customers/:id/reset-password",
  summary: "Set a customer's password",
  tags: ["users", "admin"],
  permission: "customers.manage",
  params: ObjectIdParam,
  body: ResetPasswordBody,
  responses: {
    200: { description: "Reset", schema: MessageAnswer },
    404: errorDoc("Customer not found"),
  },
  handler: async ({ params, body }, req) => {
    await guardCustomerChange(req.user!, params.id, {});
    return resetCustomerPassword(params.id, body.newPassword);
  },
});
