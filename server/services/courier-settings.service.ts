import { COURIER_NAMES } from "#contract/couriers";
import type { CourierAnswer, CourierSettingsUpdate } from "#contract/couriers";
import {
  CourierSettingsModel,
  type CourierSettingsFields,
} from "../../models/courier-settings.model.js";
import { recordAudit } from "./audit.service.js";
import {
  fieldMeta,
  type CourierSettingsDefinition,
  type CourierSettingsShape,
  type CourierValues,
} from "../couriers/settings.js";
import { getEnv } from "../env.js";
import type { ActingAdmin } from "../lib/acting-admin.js";
import { badRequest, conflict, type FieldError } from "../lib/http-error.js";
import { logger } from "../lib/logger.js";
import {
  ENCRYPTION_KEY_MISSING,
  openSecret,
  sealingKeys,
  sealSecret,
  SecretUnreadable,
} from "../lib/secret-box.js";

/**
 * The couriers' settings (docs/couriers.md, "Configuration"): what the back office saved, secrets
 * sealed at rest, laid over the environment variables, which stay the first-start defaults: a field
 * the back office never saved reads its variable; one saved (or cleared) there ignores it from then
 * on. Adapters read their credentials here, never from the environment. Each instance keeps an
 * opened copy per courier, checked against the document's version (a tiny read by id) once it is
 * older than CHECK_AFTER_MS, so a save on one instance reaches the others within a second.
 */
const CHECK_AFTER_MS = 1000;

export const STALE_COURIER_SETTINGS =
  "Someone else saved this courier's settings at the same moment. Reload and save again.";

/** What the log writes for a secret: never its value, only whether one is there. */
const SECRET_SET = "set";
const SECRET_NOT_SET = "not set";
const SECRET_REPLACED = "set (new value)";

interface Stored {
  enabled: boolean;
  /** Saved fields, secrets opened; null for a field cleared on purpose. */
  values: Record<string, string | number | null>;
  /** Saved secrets no configured key opens. */
  unreadable: Set<string>;
  version: number;
  updatedAt: Date | null;
  updatedBy: ActingAdmin | null;
  checkedAt: number;
}

const copies = new Map<string, Stored>();

const placeOf = (courier: string, field: string) => `courier:${courier}:${field}`;

/** Opens the document's secrets; values sealed with a key being rotated out are sealed again. */
async function open(
  definition: CourierSettingsDefinition,
  doc: CourierSettingsFields | null,
  checkedAt: number,
): Promise<Stored> {
  if (!doc)
    return {
      enabled: true,
      values: {},
      unreadable: new Set(),
      version: 0,
      updatedAt: null,
      updatedBy: null,
      checkedAt,
    };
  const keys = sealingKeys();
  const values: Stored["values"] = {};
  const unreadable = new Set<string>();
  const resealed: Record<string, string> = {};
  for (const [name, value] of Object.entries(doc.values ?? {})) {
    const field = definition.schema.shape[name];
    if (!field) continue;
    if (fieldMeta(field).kind !== "secret" || typeof value !== "string") {
      values[name] = value;
      continue;
    }
    try {
      const opened = openSecret(value, placeOf(definition.courier, name), keys);
      values[name] = opened.plaintext;
      if (opened.stale && keys.current)
        resealed[`values.${name}`] = sealSecret(
          opened.plaintext,
          placeOf(definition.courier, name),
          keys,
        );
    } catch (error) {
      if (!(error instanceof SecretUnreadable)) throw error;
      // Saved, so its variable is not read either: not set until entered again.
      values[name] = null;
      unreadable.add(name);
      logger.error(
        { courier: definition.courier, field: name, reason: error.message },
        "stored courier credential cannot be opened; enter it again in the back office",
      );
    }
  }
  if (Object.keys(resealed).length > 0) {
    await CourierSettingsModel.updateOne(
      { _id: doc._id, version: doc.version },
      { $set: resealed },
    );
    logger.info(
      { courier: definition.courier, fields: Object.keys(resealed) },
      "courier credentials sealed again with the current SETTINGS_ENCRYPTION_KEY",
    );
  }
  return {
    enabled: doc.enabled !== false,
    values,
    unreadable,
    version: doc.version,
    updatedAt: doc.updatedAt,
    updatedBy: doc.updatedBy ?? null,
    checkedAt,
  };
}

async function storedOf(definition: CourierSettingsDefinition, fresh = false): Promise<Stored> {
  const copy = copies.get(definition.courier);
  const now = Date.now();
  if (!fresh && copy && now - copy.checkedAt < CHECK_AFTER_MS) return copy;
  const head = await CourierSettingsModel.findById(definition.courier, { version: 1 }).lean();
  if (copy && (head?.version ?? 0) === copy.version) {
    copy.checkedAt = now;
    return copy;
  }
  const doc = await CourierSettingsModel.findById(definition.courier).lean();
  const opened = await open(definition, doc, now);
  copies.set(definition.courier, opened);
  return opened;
}

/** Forgets the opened copies (tests empty the database behind the shop's back). */
export function invalidateCourierSettings(): void {
  copies.clear();
}

type Source = "saved" | "environment";

/** Each field's value in force and where it comes from: saved (or cleared), else its variable. */
function inForce(definition: CourierSettingsDefinition, stored: Stored) {
  const env = getEnv();
  return Object.entries(definition.schema.shape).map(([name, field]) => {
    const meta = fieldMeta(field);
    if (name in stored.values) {
      const value = stored.values[name];
      return {
        name,
        meta,
        value: value ?? undefined,
        source: value === null ? null : ("saved" as Source),
      };
    }
    const fromEnv = meta.env ? env[meta.env] : undefined;
    return {
      name,
      meta,
      value: fromEnv ?? undefined,
      source: fromEnv === undefined ? null : ("environment" as Source),
    };
  });
}

/** The fields that have a value, by name. */
const valuesOf = (fields: ReturnType<typeof inForce>) =>
  Object.fromEntries(
    fields.filter((field) => field.value !== undefined).map((field) => [field.name, field.value]),
  );

/** The values a courier books with (the adapters' only way to their credentials). */
export async function courierValues<Shape extends CourierSettingsShape>(
  definition: CourierSettingsDefinition<Shape>,
): Promise<CourierValues<Shape>> {
  const untyped = definition as CourierSettingsDefinition;
  return valuesOf(inForce(untyped, await storedOf(untyped))) as CourierValues<Shape>;
}

/** Whether the courier may book: switched on, and its settings complete. */
export async function courierState(definition: CourierSettingsDefinition) {
  const stored = await storedOf(definition);
  return {
    enabled: stored.enabled,
    configured: definition.complete(valuesOf(inForce(definition, stored))),
  };
}

/** The back office's view of one courier: every field set or not, never a secret's value. */
export async function describeCourier(
  definition: CourierSettingsDefinition,
  fresh = false,
): Promise<CourierAnswer> {
  const stored = await storedOf(definition, fresh);
  const fields = inForce(definition, stored);
  return {
    id: definition.courier,
    name: COURIER_NAMES[definition.courier],
    enabled: stored.enabled,
    configured: definition.complete(valuesOf(fields)),
    updatedAt: stored.updatedAt?.toISOString() ?? null,
    updatedBy: stored.updatedBy,
    fields: fields.map(({ name, meta, value, source }) => ({
      name,
      label: meta.label,
      kind: meta.kind,
      ...(meta.hint ? { hint: meta.hint } : {}),
      ...(meta.env ? { env: meta.env } : {}),
      set: value !== undefined,
      source,
      unreadable: stored.unreadable.has(name),
      ...(meta.kind === "secret" ? {} : { value: value ?? null }),
    })),
  };
}

/** Whether this server can seal credentials (production needs SETTINGS_ENCRYPTION_KEY). */
export const canStoreSecrets = (): boolean => sealingKeys().current !== undefined;

interface PlannedChange {
  set: Record<string, string | number | null>;
  logged: { path: string; before: unknown; after: unknown }[];
}

/**
 * What an update changes: a secret left out or empty keeps its value, null clears it; another
 * field left out keeps its value, null or empty clears it, an equal value changes nothing.
 * Fields the courier does not have and values its schema refuses are named, nothing is saved.
 */
function plan(
  definition: CourierSettingsDefinition,
  stored: Stored,
  update: CourierSettingsUpdate,
): PlannedChange {
  const errors: FieldError[] = [];
  const set: PlannedChange["set"] = {};
  const logged: PlannedChange["logged"] = [];
  const current = new Map(inForce(definition, stored).map((field) => [field.name, field]));
  const keys = sealingKeys();
  const name = COURIER_NAMES[definition.courier];
  for (const [fieldName, given] of Object.entries(update.fields ?? {})) {
    const path = `fields.${fieldName}`;
    const field = definition.schema.shape[fieldName];
    const now = current.get(fieldName);
    if (!field || !now) {
      errors.push({ path, message: `${name} has no setting "${fieldName}"` });
      continue;
    }
    const logPath = `couriers.${definition.courier}.${fieldName}`;
    const secret = now.meta.kind === "secret";
    const cleared = given === null || (!secret && given === "");
    if (cleared) {
      // Nothing in force to clear (an unreadable secret is still removed).
      if (now.value === undefined && !stored.unreadable.has(fieldName)) continue;
      set[fieldName] = null;
      logged.push({
        path: logPath,
        before: secret
          ? now.value === undefined
            ? SECRET_NOT_SET
            : SECRET_SET
          : (now.value ?? null),
        after: secret ? SECRET_NOT_SET : null,
      });
      continue;
    }
    // A secret's empty input keeps the stored one (the form never holds it).
    if (secret && typeof given === "string" && given.trim() === "") continue;
    const parsed = field.safeParse(given);
    if (!parsed.success) {
      errors.push({ path, message: parsed.error.issues[0]?.message ?? "Invalid value" });
      continue;
    }
    if (parsed.data === now.value) continue;
    if (secret) {
      if (!keys.current) {
        errors.push({ path, message: ENCRYPTION_KEY_MISSING });
        continue;
      }
      set[fieldName] = sealSecret(
        String(parsed.data),
        placeOf(definition.courier, fieldName),
        keys,
      );
      logged.push({
        path: logPath,
        before: now.value === undefined ? SECRET_NOT_SET : SECRET_SET,
        after: SECRET_REPLACED,
      });
      continue;
    }
    set[fieldName] = parsed.data;
    logged.push({ path: logPath, before: now.value ?? null, after: parsed.data });
  }
  if (errors.length > 0) {
    const keyMissing = errors.some((error) => error.message === ENCRYPTION_KEY_MISSING);
    throw badRequest(keyMissing ? ENCRYPTION_KEY_MISSING : `Check ${name}'s settings`, errors);
  }
  return { set, logged };
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
  const stored = await storedOf(definition, true);
  const { set, logged } = plan(definition, stored, update);
  if (update.enabled !== undefined && update.enabled !== stored.enabled)
    logged.push({
      path: `couriers.${definition.courier}.enabled`,
      before: stored.enabled,
      after: update.enabled,
    });
  if (logged.length === 0) return describeCourier(definition);
  const changedAt = new Date();
  let saved: CourierSettingsFields | null;
  try {
    saved = await CourierSettingsModel.findOneAndUpdate(
      { _id: definition.courier, version: stored.version },
      {
        $set: {
          ...Object.fromEntries(
            Object.entries(set).map(([field, value]) => [`values.${field}`, value]),
          ),
          ...(update.enabled === undefined ? {} : { enabled: update.enabled }),
          updatedAt: changedAt,
          updatedBy: admin,
        },
        $inc: { version: 1 },
      },
      { new: true, upsert: stored.version === 0, lean: true },
    );
  } catch (error) {
    // Two first saves at once: the other created the document.
    if ((error as { code?: unknown }).code !== 11000) throw error;
    saved = null;
  }
  copies.delete(definition.courier);
  if (!saved) throw conflict(STALE_COURIER_SETTINGS, "STALE_VERSION");
  await recordAudit({
    entity: "courier-settings",
    entityId: definition.courier,
    action: "update",
    by: admin,
    label: COURIER_NAMES[definition.courier],
    changes: logged.map(({ path, before, after }) => ({ field: path, before, after })),
    version: saved.version,
  });
  return describeCourier(definition, true);
}
