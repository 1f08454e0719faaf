import type { CourierId } from "#contract/couriers";
import {
  defineProviderSettings,
  type ProviderSettingsDefinition,
  type SettingsShape,
  type SettingsValues,
} from "../lib/settings-fields.js";

/**
 * How a courier declares its settings (docs/couriers.md, "Configuration"): the fields every provider
 * declares (server/lib/settings-fields.ts) under the courier's id. The store
 * (server/services/courier-settings.service.ts) reads and saves them; the screen is built from
 * these declarations, so a field added here appears there.
 */
export { boundedNumberField, idField, secretField } from "../lib/settings-fields.js";

export type CourierSettingsDefinition<Shape extends SettingsShape = SettingsShape> =
  ProviderSettingsDefinition<CourierId, Shape>;

export function defineCourierSettings<Shape extends SettingsShape>(
  courier: CourierId,
  shape: Shape,
  complete: (values: SettingsValues<Shape>) => boolean,
): CourierSettingsDefinition<Shape> {
  return defineProviderSettings(courier, shape, complete);
}
