import { COURIER_NAMES, type CourierId } from "#contract/couriers";
import type { CourierAnswer, CourierSettingsUpdate } from "#contract/couriers";
import { CourierSettingsModel } from "../../models/courier-settings.model.js";
import type { CourierSettingsDefinition } from "../couriers/settings.js";
import type { ActingAdmin } from "../lib/acting-admin.js";
import { invalidateProviderSettings, providerSettingsStore } from "../lib/provider-settings.js";

/**
 * The couriers' settings (docs/couriers.md, "Configuration") in the providers' one store
 * (server/lib/provider-settings.ts): saved in the back office, secrets sealed at rest, the
 * environment variables as first-start defaults, in force on every instance within a second.
 */
export const STALE_COURIER_SETTINGS =
  "Someone else saved this courier's settings at the same moment. Reload and save again.";

const store = providerSettingsStore({
  kind: "courier",
  model: CourierSettingsModel,
  logPrefix: "couriers",
  nameOf: (id) => COURIER_NAMES[id as CourierId],
  auditEntity: "courier-settings",
  staleMessage: STALE_COURIER_SETTINGS,
});

export { canStoreSecrets } from "../lib/provider-settings.js";

/** Forgets the opened copies (tests empty the database behind the shop's back). */
export const invalidateCourierSettings = invalidateProviderSettings;

/** The values a courier books with (the adapters' only way to their credentials). */
export const courierValues = store.values;

/** Whether the courier may book: switched on, and its settings complete. */
export const courierState = store.state;

/** The back office's view of one courier: every field set or not, never a secret's value. */
export async function describeCourier(
  definition: CourierSettingsDefinition,
  fresh = false,
): Promise<CourierAnswer> {
  return {
    id: definition.id,
    name: COURIER_NAMES[definition.id],
    ...(await store.describe(definition, fresh)),
  };
}

/**
 * Saves a courier's settings (compare-and-set on its version) and records the change in the
 * settings log: which fields changed, secrets as set / not set only. Answers its new state.
 */
export async function saveCourierSettings(
  definition: CourierSettingsDefinition,
  update: CourierSettingsUpdate,
  admin: ActingAdmin,
): Promise<CourierAnswer> {
  return {
    id: definition.id,
    name: COURIER_NAMES[definition.id],
    ...(await store.save(definition, update, admin)),
  };
}
