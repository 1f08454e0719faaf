import type { ActingAdmin } from "../../server/lib/acting-admin";
import { readShopSettings, updateShopSettings } from "../../server/services/shop-settings.service";
import type { ShopSettings } from "#contract/schemas/shop-settings";

export const TEST_SETTINGS_ADMIN: ActingAdmin = {
  id: "000000000000000000000001",
  email: "settings-test@tweest.local",
  name: "Settings Test",
};

/** Saves the shop settings with `change` applied, as an admin would (new version, logged). */
export async function changeShopSettings(change: (settings: ShopSettings) => void) {
  const current = await readShopSettings();
  const next = structuredClone(current.settings);
  change(next);
  return updateShopSettings({ version: current.version, settings: next }, TEST_SETTINGS_ADMIN);
}
