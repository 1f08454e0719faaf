import { z } from "zod";
import type { Env } from "../env.js";

/**
 * How a provider (a courier, a payment gateway) declares its settings: a zod object in its adapter
 * file, one entry per field, each field marked with what the back office needs to show it (label,
 * whether it is a secret, the environment variable that is its first-start default). The one store
 * (server/lib/provider-settings.ts) reads and saves them; the screens are built from these
 * declarations, so a field added here appears there.
 */

/** What kind of input a field is: a secret is never shown, only whether it is set. */
export type SettingsFieldKind = "secret" | "text" | "number" | "choice";

/** Environment variables a field may take its first-start value from. */
export type EnvName = {
  [Name in keyof Env]: Env[Name] extends string | number | undefined ? Name : never;
}[keyof Env];

type FieldValue = string | number;

export interface SettingsFieldMeta {
  label: string;
  kind: SettingsFieldKind;
  /** The variable read while the back office has not saved the field. */
  env?: EnvName;
  /**
   * The first-start value from the environment when it is not the variable itself (a gateway's
   * mode read from its base URL); undefined for none.
   */
  fromEnv?: (env: Env) => FieldValue | undefined;
  /** A line of help under the input. */
  hint?: string;
  /** The values a `choice` field takes. */
  options?: readonly string[];
}

/** The marks of every provider field, kept beside its zod schema. */
const settingsFieldMeta = z.registry<SettingsFieldMeta>();

/**
 * A credential: stored sealed, answered only as set / not set. `max` is its length in characters
 * (an RSA private key in PEM takes several thousand).
 */
export const secretField = (label: string, env?: EnvName, hint?: string, max = 2000) =>
  z
    .string()
    .trim()
    .min(1, "Enter a value")
    .max(max)
    .register(settingsFieldMeta, { label, kind: "secret", env, hint });

/** A plain text setting shown as it is (a user name; a public key with a larger `max`). */
export const textField = (label: string, env?: EnvName, hint?: string, max = 500) =>
  z
    .string()
    .trim()
    .min(1, "Enter a value")
    .max(max)
    .register(settingsFieldMeta, { label, kind: "text", env, hint });

/** A whole number the provider uses as a default (a store id). */
export const idField = (label: string, env?: EnvName, hint?: string) =>
  z
    .number("Enter a number")
    .int("Enter a whole number")
    .positive("Enter a number above 0")
    .max(Number.MAX_SAFE_INTEGER)
    .register(settingsFieldMeta, { label, kind: "number", env, hint });

/** A number with bounds (a weight). */
export const boundedNumberField = (
  label: string,
  bounds: { min: number; max: number },
  hint?: string,
) =>
  z
    .number("Enter a number")
    .min(bounds.min, `Enter at least ${bounds.min}`)
    .max(bounds.max, `Enter at most ${bounds.max}`)
    .register(settingsFieldMeta, { label, kind: "number", hint });

/** One of a few words (a gateway's sandbox or live mode). */
export const choiceField = <const Option extends string>(
  label: string,
  options: readonly [Option, ...Option[]],
  marks: Pick<SettingsFieldMeta, "env" | "fromEnv" | "hint">,
) =>
  z
    .enum(options, `Choose ${options.join(" or ")}`)
    .register(settingsFieldMeta, { label, kind: "choice", options, ...marks });

export type SettingsShape = Record<string, z.ZodType<string> | z.ZodType<number>>;

/** The values in force of a provider's fields; a field nobody set is absent. */
export type SettingsValues<Shape extends SettingsShape> = {
  [Name in keyof Shape]?: z.output<Shape[Name]>;
};

export interface ProviderSettingsDefinition<
  Id extends string = string,
  Shape extends SettingsShape = SettingsShape,
> {
  readonly id: Id;
  readonly schema: z.ZodObject<Shape>;
  /** Whether these values let the provider work (its credentials, and what else it needs, are set). */
  complete(values: SettingsValues<Shape>): boolean;
}

export function defineProviderSettings<Id extends string, Shape extends SettingsShape>(
  id: Id,
  shape: Shape,
  complete: (values: SettingsValues<Shape>) => boolean,
): ProviderSettingsDefinition<Id, Shape> {
  for (const [name, field] of Object.entries(shape))
    if (!settingsFieldMeta.get(field))
      throw new Error(`${id}.${name}: declare settings fields with secretField/idField/...`);
  return { id, schema: z.object(shape), complete };
}

/** Every field has a value (a gateway needs all its settings). */
export function everyFieldSet(shape: SettingsShape, values: Record<string, unknown>): boolean {
  return Object.keys(shape).every((name) => values[name] !== undefined);
}

/** A field's marks (every field of a definition has them: defineProviderSettings checks). */
export function fieldMeta(field: z.ZodType): SettingsFieldMeta {
  return settingsFieldMeta.get(field)!;
}
