import { providerSettingsModel, type ProviderSettingsFields } from "./provider-settings.model.js";

/** The couriers' settings (collection `courier_settings`, `_id` the courier's id): docs/couriers.md. */
export type CourierSettingsFields = ProviderSettingsFields;

export const CourierSettingsModel = providerSettingsModel("CourierSettings", "courier_settings");
