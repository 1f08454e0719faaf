import { z } from "zod";

/**
 * The settings of a provider (a courier, a payment gateway) as the back office reads and saves
 * them: one shape for every kind, so one form edits them all.
 *
 * One setting: a secret (`kind: "secret"`) never carries its value, only whether it is `set`;
 * other fields carry the value in force. `source` says where that comes from: `saved` in the back
 * office, its `environment` variable (the first-start default), or nowhere.
 */
export const ProviderFieldAnswer = z.object({
  name: z.string(),
  label: z.string(),
  kind: z.enum(["secret", "text", "number", "choice"]),
  hint: z.string().optional(),
  /** The environment variable read while the field has not been saved. */
  env: z.string().optional(),
  /** The values a `choice` field takes. */
  options: z.array(z.string()).optional(),
  set: z.boolean(),
  source: z.enum(["saved", "environment"]).nullable(),
  /** A saved secret no configured key opens (SETTINGS_ENCRYPTION_KEY changed): enter it again. */
  unreadable: z.boolean(),
  value: z.union([z.string(), z.number()]).nullable().optional(),
});
export type ProviderFieldAnswer = z.infer<typeof ProviderFieldAnswer>;

/** What every provider's answer holds besides its id and name. */
export const providerAnswerFields = {
  /** Its settings are complete: it works (while enabled). */
  configured: z.boolean(),
  /** Switched on by the owner; a provider switched off is not offered. */
  enabled: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  /** Goes up with every save: a save naming an older one is refused (409), nothing changes. */
  version: z.number(),
  fields: z.array(ProviderFieldAnswer),
};

/**
 * `PUT` of a provider's settings: the fields to change (by name, as the answer lists them), the
 * switch, and the version the form was loaded at. A secret left out or empty keeps its stored
 * value and null clears it; another field left out keeps its value, null or empty clears it.
 */
export const ProviderSettingsUpdate = z.strictObject({
  enabled: z.boolean().optional(),
  fields: z
    .record(z.string().max(60), z.union([z.string().max(2000), z.number(), z.null()]))
    .optional(),
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type ProviderSettingsUpdate = z.infer<typeof ProviderSettingsUpdate>;

/** A provider named in a path that may not exist (the answer is a 404, not a 400). */
export const ProviderIdParams = z.object({ id: z.string().max(40) });
