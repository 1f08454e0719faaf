import { z } from "zod";
import type { CourierId } from "#contract/couriers";
import type { Env } from "../env.js";

/**
 * How a courier declares its settings (docs/couriers.md, "Configuration"): a zod object in its
 * adapter file, one entry per field, each field marked with what the back office needs to show it
 * (label, whether it is a secret, the environment variable that is its first-start default). The
 * store (server/services/courier-settings.service.ts) reads and saves them; the screen is built
 * from these declarations, so a field added here appears there.
 */

/** What kind of input a field is: a secret is never shown, only whether it is set. */
export type CourierFieldKind = "secret" | "text" | "number";

/** Environment variables a field may take its first-start value from. */
type EnvName = {
  [Name in keyof Env]: Env[Name] extends string | number | undefined ? Name : never;
}[keyof Env];

export interface CourierFieldMeta {
  label: string;
  kind: CourierFieldKind;
  /** The variable read while the back office has not saved the field (docs/couriers.md). */
  env?: EnvName;
  /** A line of help under the input. */
  hint?: string;
}

/** The marks of every courier field, kept beside its zod schema. */
export const courierFieldMeta = z.registry<CourierFieldMeta>();

/** A credential: stored sealed, answered only as set / not set. */
export const secretField = (label: string, env?: EnvName, hint?: string) =>
  z
    .string()
    .trim()
    .min(1, "Enter a value")
    .max(2000)
    .register(courierFieldMeta, { label, kind: "secret", env, hint });

/** A whole number the courier uses as a default (a store id). */
export const idField = (label: string, env?: EnvName, hint?: string) =>
  z
    .number("Enter a number")
    .int("Enter a whole number")
    .positive("Enter a number above 0")
    .max(Number.MAX_SAFE_INTEGER)
    .register(courierFieldMeta, { label, kind: "number", env, hint });

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
    .register(courierFieldMeta, { label, kind: "number", hint });

export type CourierSettingsShape = Record<string, z.ZodType<string> | z.ZodType<number>>;

/** The values in force of a courier's fields; a field nobody set is absent. */
export type CourierValues<Shape extends CourierSettingsShape> = {
  [Name in keyof Shape]?: z.output<Shape[Name]>;
};

export interface CourierSettingsDefinition<
  Shape extends CourierSettingsShape = CourierSettingsShape,
> {
  readonly courier: CourierId;
  readonly schema: z.ZodObject<Shape>;
  /** Whether these values let the courier book (its credentials, and what else it needs, are set). */
  complete(values: CourierValues<Shape>): boolean;
}

export function defineCourierSettings<Shape extends CourierSettingsShape>(
  courier: CourierId,
  shape: Shape,
  complete: (values: CourierValues<Shape>) => boolean,
): CourierSettingsDefinition<Shape> {
  for (const [name, field] of Object.entries(shape))
    if (!courierFieldMeta.get(field))
      throw new Error(`${courier}.${name}: declare courier fields with secretField/idField/...`);
  return { courier, schema: z.object(shape), complete };
}

/** A field's marks (every field of a definition has them: defineCourierSettings checks). */
export function fieldMeta(field: z.ZodType): CourierFieldMeta {
  return courierFieldMeta.get(field)!;
}
