/** The back office's calls for the shop settings screen (GET/PUT /api/admin/settings, the log). */
import type {
  SettingsChange,
  ShopSettingsAnswer,
  ShopSettingsUpdate,
} from "#contract/schemas/shop-settings";
import { request } from "./api-client";

export interface SettingsChangesPage {
  changes: SettingsChange[];
  total: number;
  page: number;
  pages: number;
}

export const shopSettingsApi = {
  read: () => request<ShopSettingsAnswer>("/api/admin/settings"),
  save: (update: ShopSettingsUpdate) =>
    request<ShopSettingsAnswer>("/api/admin/settings", { method: "PUT", body: update }),
  changes: (page: number, limit = 10) =>
    request<SettingsChangesPage>("/api/admin/settings/changes", { query: { page, limit } }),
};
