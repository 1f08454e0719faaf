import type { ProviderFieldAnswer, ProviderSettingsUpdate } from "#contract/provider-settings";
import type {
  ProviderSettingsFields,
  ProviderSettingsModel,
} from "../../models/provider-settings.model.js";
import { getEnv } from "../env.js";
import type { ActingAdmin } from "./acting-admin.js";
import { badRequest, conflict, type FieldError } from "./http-error.js";
import { logger } from "./logger.js";
import { recordAudit } from "../services/audit.service.js";
import type { AuditEntity } from "#contract/schemas/audit";
import {
  ENCRYPTION_KEY_MISSING,
  openSecret,
  sealingKeys,
  sealSecret,
  SecretUnreadable,
} from "./secret-box.js";
import {
  fieldMeta,
  type ProviderSettingsDefinition,
  type SettingsShape,
  type SettingsValues,
} from "./settings-fields.js";

/**
 * The providers' settings (couriers' in docs/couriers.md, "Configuration"; payment gateways' in
 * docs/payments.md, "A gateway's settings"): what the back office saved, secrets sealed at rest,
 * laid over the environment variables, which stay the first-start defaults: a field the back
 * office never saved reads its variable; one saved (or cleared) there ignores it from then on.
 * Adapters read their credentials here, never from the environment. Each instance keeps an opened
 * copy per provider, checked against the document's version (a tiny read by id) once it is older
 * than CHECK_AFTER_MS, so a save on one instance reaches the others within a second.
 */
const CHECK_AFTER_MS = 1000;

/** What the log writes for a secret: never its value, only whether one is there. */
const SECRET_SET = "set";
const SECRET_NOT_SET = "not set";
const SECRET_REPLACED = "set (new value)";

/** One kind of provider: where its settings are kept and how they are named. */
export interface ProviderKind {
  /** Binds each sealed value to its place (`courier:steadfast:apiKey`) and names the log entries. */
  kind: "courier" | "payment";
  model: ProviderSettingsModel;
  /** The settings log's path prefix (`couriers.steadfast.apiKey`). */
  logPrefix: string;
  /** What the audit trail calls a provider's settings. */
  auditEntity: Extract<AuditEntity, `${string}-settings`>;
  /** The name the owner reads (in refusals). */
  nameOf(id: string): string;
  /** The 409 of a save that lost the race or names an older version. */
  staleMessage: string;
}

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

/** The opened copies of every kind, by `kind:id`. */
const copies = new Map<string, Stored>();

/** Forgets the opened copies (tests empty the database behind the shop's back). */
export function invalidateProviderSettings(): void {
  copies.clear();
}

/**
 * Which opened copies are held, of every provider (the page cache's version: the storefront shows
 * which payment methods are configured). A save drops its provider's copy, so this changes at once.
 */
export function providerSettingsVersion(): string {
  return [...copies]
    .map(([key, copy]) => `${key}.${copy.version}`)
    .sort()
    .join(",");
}

/** Whether this server can seal credentials (production needs SETTINGS_ENCRYPTION_KEY). */
export const canStoreSecrets = (): boolean => sealingKeys().current !== undefined;

type Source = "saved" | "environment";

/** The back office's view of one provider: every field set or not, never a secret's value. */
export interface ProviderDescription {
  enabled: boolean;
  configured: boolean;
  updatedAt: string | null;
  updatedBy: ActingAdmin | null;
  version: number;
  fields: ProviderFieldAnswer[];
}

interface PlannedChange {
  set: Record<string, string | number | null>;
  logged: { path: string; before: unknown; after: unknown }[];
}

/** The store of one kind of provider. */
export function providerSettingsStore(provider: ProviderKind) {
  const { kind, model } = provider;
  const placeOf = (id: string, field: string) => `${kind}:${id}:${field}`;
  const copyKey = (id: string) => `${kind}:${id}`;

  /** Opens the document's secrets; values sealed with a key being rotated out are sealed again. */
  async function open(
    definition: ProviderSettingsDefinition,
    doc: ProviderSettingsFields | null,
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
        const opened = openSecret(value, placeOf(definition.id, name), keys);
        values[name] = opened.plaintext;
        if (opened.stale && keys.current)
          resealed[`values.${name}`] = sealSecret(
            opened.plaintext,
            placeOf(definition.id, name),
            keys,
          );
      } catch (error) {
        if (!(error instanceof SecretUnreadable)) throw error;
        // Saved, so its variable is not read either: not set until entered again.
        values[name] = null;
        unreadable.add(name);
        logger.error(
          { [kind]: definition.id, field: name, reason: error.message },
          `stored ${kind} credential cannot be opened; enter it again in the back office`,
        );
      }
    }
    if (Object.keys(resealed).length > 0) {
      await model.updateOne({ _id: doc._id, version: doc.version }, { $set: resealed });
      logger.info(
        { [kind]: definition.id, fields: Object.keys(resealed) },
        `${kind} credentials sealed again with the current SETTINGS_ENCRYPTION_KEY`,
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

  async function storedOf(definition: ProviderSettingsDefinition, fresh = false): Promise<Stored> {
    const copy = copies.get(copyKey(definition.id));
    const now = Date.now();
    if (!fresh && copy && now - copy.checkedAt < CHECK_AFTER_MS) return copy;
    const head = await model.findById(definition.id, { version: 1 }).lean();
    if (copy && (head?.version ?? 0) === copy.version) {
      copy.checkedAt = now;
      return copy;
    }
    const doc = await model.findById(definition.id).lean();
    const opened = await open(definition, doc, now);
    copies.set(copyKey(definition.id), opened);
    return opened;
  }

  /** Each field's value in force and where it comes from: saved (or cleared), else its variable. */
  function inForce(definition: ProviderSettingsDefinition, stored: Stored) {
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
      const given = meta.fromEnv ? meta.fromEnv(env) : meta.env ? env[meta.env] : undefined;
      // A variable set to nothing (BKASH_APP_KEY=) is not a value.
      const fromEnv = given === "" ? undefined : given;
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

  /** The values a provider works with (the adapters' only way to their credentials). */
  async function values<Shape extends SettingsShape>(
    definition: ProviderSettingsDefinition<string, Shape>,
  ): Promise<SettingsValues<Shape>> {
    const untyped = definition as unknown as ProviderSettingsDefinition;
    return valuesOf(inForce(untyped, await storedOf(untyped))) as SettingsValues<Shape>;
  }

  /** Whether the provider may work: switched on, and its settings complete. */
  async function state(definition: ProviderSettingsDefinition) {
    const stored = await storedOf(definition);
    return {
      enabled: stored.enabled,
      configured: definition.complete(valuesOf(inForce(definition, stored))),
    };
  }

  async function describe(
    definition: ProviderSettingsDefinition,
    fresh = false,
  ): Promise<ProviderDescription> {
    const stored = await storedOf(definition, fresh);
    const fields = inForce(definition, stored);
    return {
      enabled: stored.enabled,
      configured: definition.complete(valuesOf(fields)),
      updatedAt: stored.updatedAt?.toISOString() ?? null,
      updatedBy: stored.updatedBy,
      version: stored.version,
      fields: fields.map(({ name, meta, value, source }) => ({
        name,
        label: meta.label,
        kind: meta.kind,
        ...(meta.hint ? { hint: meta.hint } : {}),
        ...(meta.env ? { env: meta.env } : {}),
        ...(meta.options ? { options: [...meta.options] } : {}),
        set: value !== undefined,
        source,
        unreadable: stored.unreadable.has(name),
        ...(meta.kind === "secret" ? {} : { value: value ?? null }),
      })),
    };
  }

  /**
   * What an update changes: a secret left out or empty keeps its value, null clears it; another
   * field left out keeps its value, null or empty clears it, an equal value changes nothing.
   * Fields the provider does not have and values its schema refuses are named, nothing is saved.
   */
  function plan(
    definition: ProviderSettingsDefinition,
    stored: Stored,
    update: ProviderSettingsUpdate,
  ): PlannedChange {
    const errors: FieldError[] = [];
    const set: PlannedChange["set"] = {};
    const logged: PlannedChange["logged"] = [];
    const current = new Map(inForce(definition, stored).map((field) => [field.name, field]));
    const keys = sealingKeys();
    const name = provider.nameOf(definition.id);
    for (const [fieldName, given] of Object.entries(update.fields ?? {})) {
      const path = `fields.${fieldName}`;
      const field = Object.hasOwn(definition.schema.shape, fieldName)
        ? definition.schema.shape[fieldName]
        : undefined;
      const now = current.get(fieldName);
      if (!field || !now) {
        errors.push({ path, message: `${name} has no setting "${fieldName}"` });
        continue;
      }
      const logPath = `${provider.logPrefix}.${definition.id}.${fieldName}`;
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
        set[fieldName] = sealSecret(String(parsed.data), placeOf(definition.id, fieldName), keys);
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
   * Saves a provider's settings (compare-and-set on its version; an update naming an older
   * version is refused) and records the change in the settings log: which fields changed, secrets
   * as set / not set only. Answers its new state.
   */
  async function save(
    definition: ProviderSettingsDefinition,
    update: ProviderSettingsUpdate,
    admin: ActingAdmin,
  ): Promise<ProviderDescription> {
    const stored = await storedOf(definition, true);
    if (update.version !== undefined && update.version !== stored.version)
      throw conflict(provider.staleMessage, "STALE_VERSION");
    const { set, logged } = plan(definition, stored, update);
    if (update.enabled !== undefined && update.enabled !== stored.enabled)
      logged.push({
        path: `${provider.logPrefix}.${definition.id}.enabled`,
        before: stored.enabled,
        after: update.enabled,
      });
    if (logged.length === 0) return describe(definition);
    const changedAt = new Date();
    let saved: ProviderSettingsFields | null;
    try {
      saved = await model.findOneAndUpdate(
        { _id: definition.id, version: stored.version },
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
    copies.delete(copyKey(definition.id));
    if (!saved) throw conflict(provider.staleMessage, "STALE_VERSION");
    // The trail's entry follows the save (recordAudit logs a failed insert whole).
    await recordAudit({
      entity: provider.auditEntity,
      entityId: definition.id,
      action: "update",
      by: admin,
      label: provider.nameOf(definition.id),
      changes: logged.map(({ path, before, after }) => ({ field: path, before, after })),
      version: saved.version,
    });
    return describe(definition, true);
  }

  return { values, state, describe, save };
}
