import { Router } from "express";
import { actingAdmin } from "../lib/acting-admin.js";
import { endpoint } from "../middleware/validate.js";
import {
  SettingsChangesAnswer,
  ShopSettingsAnswer,
  StorefrontSettings,
} from "#contract/answers/shop-settings";
import { SettingsChangesQuery, ShopSettingsUpdate } from "#contract/schemas/shop-settings";
import {
  listSettingsChanges,
  readShopSettings,
  storefrontSettings,
  updateShopSettings,
} from "../services/shop-settings.service.js";

/** The admin's settings screen (/api/admin/settings) and the storefront's read (/api/settings). */
export const adminShopSettingsRouter = Router();
export const shopSettingsRouter = Router();
const ADMIN_PREFIX = "/api/admin/settings";
const PUBLIC_PREFIX = "/api/settings";

const admin = { tags: ["admin"] };

endpoint(adminShopSettingsRouter, ADMIN_PREFIX, {
  ...admin,
  method: "get",
  path: "/",
  permission: "settings.manage",
  summary: "The shop settings in force, with their version (send it back with a change)",
  responses: { 200: { description: "The settings", schema: ShopSettingsAnswer } },
  handler: () => readShopSettings(),
});

endpoint(adminShopSettingsRouter, ADMIN_PREFIX, {
  ...admin,
  method: "put",
  path: "/",
  permission: "settings.manage",
  summary: "Replaces the shop settings; 409 when someone saved since `version` (nothing changes)",
  body: ShopSettingsUpdate,
  responses: {
    200: { description: "The saved settings (new version)", schema: ShopSettingsAnswer },
    409: { description: "Stale version: reload and save again" },
  },
  handler: ({ body }, req) => updateShopSettings(body, actingAdmin(req)),
});

endpoint(adminShopSettingsRouter, ADMIN_PREFIX, {
  ...admin,
  method: "get",
  path: "/changes",
  permission: "settings.manage",
  summary: "The settings change log, newest first: who, when, each field's old and new value",
  query: SettingsChangesQuery,
  responses: { 200: { description: "One page of changes", schema: SettingsChangesAnswer } },
  handler: ({ query }) => listSettingsChanges(query.page, query.limit),
});

endpoint(shopSettingsRouter, PUBLIC_PREFIX, {
  method: "get",
  path: "/storefront",
  summary: "Delivery charges and contact details the storefront shows",
  tags: ["settings"],
  auth: "none",
  responses: { 200: { description: "The storefront's settings", schema: StorefrontSettings } },
  handler: () => storefrontSettings(),
});
