/**
 * The audit trail (docs/audit.md). Every change point calls `recordAudit` once, right after its
 * conditional write succeeded, with the values that write replaced: the entry follows the change
 * it describes and never precedes it. The database has no transactions (docs/database.md), so the
 * one gap is a process dying between the two writes; a failed insert is logged whole instead.
 */
import mongoose from "mongoose";
import { AuditEntry, type AuditEntryFields } from "../../models/audit-entry.model.js";
import { User } from "../../models/user.model.js";
import type { ActingAdmin } from "../lib/acting-admin.js";
import { logger } from "../lib/logger.js";
import { pageSummary, pageWindow } from "../lib/paging.js";
import type {
  AuditChange,
  AuditEntity,
  AuditEntryAnswer,
  AuditPageAnswer,
  AuditQuery,
} from "#contract/schemas/audit";

/**
 * Who changed something: the signed-in staff member of the request (`actingAdmin(req)`), or the
 * `by` text the order and stock services already carry (`admin:<email>`, `system`,
 * `courier:Pathao`, `payment:BKASH`, `customer`, `guest`).
 */
export type AuditBy = ActingAdmin | string;

export interface AuditRecord {
  entity: AuditEntity;
  entityId: string;
  action: string;
  by: AuditBy;
  /** How a reader recognises the document: an order number, a product title, a code. */
  label?: string;
  /** The document's fields before and after; only those that differ are kept. */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** The changes, when the caller has them already (the settings' own comparison). */
  changes?: AuditChange[];
  version?: number;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A value as JSON has it: dates as ISO text, ids as hex, no mongoose wrappers. */
const asJson = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

/** A list of objects with ids (the delivery zones), as an object keyed by id; else undefined. */
function byId(list: unknown): Record<string, unknown> | undefined {
  if (!Array.isArray(list)) return undefined;
  const entries = list.map((item) =>
    isPlainObject(item) && typeof item.id === "string" ? ([item.id, item] as const) : undefined,
  );
  return entries.every((entry) => entry !== undefined) ? Object.fromEntries(entries) : undefined;
}

/**
 * Each leaf that differs, as `section.field` with its old and new value. A list of objects with
 * ids (the delivery zones) is compared item by item, by id (`delivery.zones.dhaka-suburbs.charge`);
 * any other list as a whole.
 */
export function changedFields(before: unknown, after: unknown, prefix = ""): AuditChange[] {
  const [beforeById, afterById] = [byId(before), byId(after)];
  if (beforeById && afterById) return changedFields(beforeById, afterById, prefix);
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].flatMap((key) =>
      changedFields(before[key], after[key], prefix ? `${prefix}.${key}` : key),
    );
  }
  const same = Array.isArray(before)
    ? JSON.stringify(before) === JSON.stringify(after)
    : before === after;
  return same ? [] : [{ field: prefix, before: before ?? null, after: after ?? null }];
}

/** The actor an entry keeps: a staff member as they are named now, or the shop itself. */
async function actorOf(by: AuditBy): Promise<AuditEntryFields["actor"]> {
  if (typeof by !== "string") return { kind: "staff", id: by.id, name: by.name, email: by.email };
  const separator = by.indexOf(":");
  const [kind, rest] = separator < 0 ? [by, ""] : [by.slice(0, separator), by.slice(separator + 1)];
  if (kind === "admin") {
    const user = await User.findOne({ email: rest }, { firstName: 1, lastName: 1 }).lean();
    const name = user ? `${user.firstName} ${user.lastName ?? ""}`.trim() : rest;
    return { kind: "staff", id: user ? String(user._id) : null, name, email: rest };
  }
  if (kind === "courier" || kind === "payment") return { kind, id: null, name: rest };
  if (kind === "customer" || kind === "guest") return { kind: "customer", id: null, name: kind };
  return { kind: "system", id: null, name: "system" };
}

/** The entry a record makes (without its actor); undefined for an update that changed nothing. */
function entryOf(record: AuditRecord) {
  const changes =
    record.changes ??
    changedFields(asJson(record.before ?? {}), asJson(record.after ?? {})).filter(
      (change) => change.field !== "",
    );
  if (changes.length === 0 && record.action === "update") return undefined;
  return {
    at: new Date(),
    entity: record.entity,
    entityId: record.entityId,
    action: record.action,
    label: record.label ?? "",
    changes,
    ...(record.version === undefined ? {} : { version: record.version }),
  };
}

/**
 * Appends one entry. Called after the change was written, with the values it replaced; an update
 * that changed nothing records nothing. Never throws: the change stands, and an entry that could
 * not be written is logged whole at error level, so it can be put back from the log.
 */
export async function recordAudit(record: AuditRecord): Promise<void> {
  const entry = entryOf(record);
  if (!entry) return;
  try {
    await AuditEntry.create({ ...entry, actor: await actorOf(record.by) });
  } catch (error) {
    logger.error({ err: error, audit: { ...entry, by: record.by } }, "audit entry not written");
  }
}

/** recordAudit for many changes by one actor (a catalogue import): one insert. Never throws. */
export async function recordAudits(records: AuditRecord[], by: AuditBy): Promise<void> {
  const entries = records.map(entryOf).filter((entry) => entry !== undefined);
  if (entries.length === 0) return;
  try {
    const actor = await actorOf(by);
    await AuditEntry.insertMany(
      entries.map((entry) => ({ ...entry, actor })),
      { ordered: false },
    );
  } catch (error) {
    logger.error({ err: error, audit: { entries, by } }, "audit entries not written");
  }
}

function entryAnswer(row: AuditEntryFields): AuditEntryAnswer {
  return {
    _id: String(row._id),
    at: row.at.toISOString(),
    actor: {
      kind: row.actor.kind,
      id: row.actor.id ?? null,
      name: row.actor.name,
      ...(row.actor.email ? { email: row.actor.email } : {}),
    },
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    label: row.label ?? "",
    changes: row.changes.map(({ field, before, after }) => ({ field, before, after })),
  };
}

/** The filter of `GET /api/admin/audit`. */
function auditFilter(query: AuditQuery): mongoose.FilterQuery<AuditEntryFields> {
  const at = {
    ...(query.from ? { $gte: query.from } : {}),
    ...(query.to ? { $lte: query.to } : {}),
  };
  return {
    ...(query.entity ? { entity: query.entity } : {}),
    ...(query.id ? { entityId: query.id } : {}),
    ...(query.actor ? { "actor.id": query.actor } : {}),
    ...(Object.keys(at).length > 0 ? { at } : {}),
  };
}

/** One page of the trail's entries that match `filter`, newest first, and how many match. */
async function entriesPage(
  filter: mongoose.FilterQuery<AuditEntryFields>,
  paging: { page: number; limit: number },
): Promise<{ rows: AuditEntryFields[]; total: number }> {
  const { skip, limit } = pageWindow(paging);
  const [rows, total] = await Promise.all([
    AuditEntry.find(filter).sort({ at: -1, _id: -1 }).skip(skip).limit(limit).lean(),
    AuditEntry.countDocuments(filter),
  ]);
  return { rows, total };
}

/** One page of the trail, newest first. */
export async function listAudit(query: AuditQuery): Promise<AuditPageAnswer> {
  const { rows, total } = await entriesPage(auditFilter(query), query);
  return { entries: rows.map(entryAnswer), ...pageSummary(total, query) };
}

/** One page of the entries of some entities, newest first (the settings screen's change log). */
export function pageOfEntities(
  entities: AuditEntity[],
  page: number,
  limit: number,
): Promise<{ rows: AuditEntryFields[]; total: number }> {
  return entriesPage({ entity: { $in: entities } }, { page, limit });
}

/** The collection the settings change log had before the audit trail took it over. */
export const RETIRED_SETTINGS_LOG = "settings_changes";

/**
 * Copies the old settings change log into the audit trail under the ids its entries had, so a
 * copy made twice (two instances starting at once) meets its own ids. Answers how many it added.
 * The old collection is left as it was: nothing reads or writes it any more.
 */
export async function copySettingsChangesToAudit(): Promise<number> {
  const old = await mongoose.connection
    .collection(RETIRED_SETTINGS_LOG)
    .find({}, { sort: { changedAt: 1 } })
    .toArray();
  if (old.length === 0) return 0;
  const entries = old.map((row) => {
    const fields = (row.fields ?? []) as { path: string; before: unknown; after: unknown }[];
    // A courier's change names its fields `couriers.<id>.<field>`.
    const courier = /^couriers\.([^.]+)\./.exec(fields[0]?.path ?? "")?.[1];
    const by = (row.changedBy ?? {}) as { id?: string; email?: string; name?: string };
    return {
      _id: row._id,
      at: row.changedAt as Date,
      actor: { kind: "staff", id: by.id ?? null, name: by.name ?? "", email: by.email ?? "" },
      entity: courier ? "courier-settings" : "shop-settings",
      entityId: courier ?? "shop",
      action: "update",
      label: courier ? courier : "Shop settings",
      changes: fields.map(({ path, before, after }) => ({ field: path, before, after })),
      version: row.version as number,
    };
  });
  try {
    const inserted = await AuditEntry.collection.insertMany(entries, { ordered: false });
    return inserted.insertedCount;
  } catch (error) {
    // Entries copied before (another instance, an earlier try) meet their own ids: the rest went in.
    const result = error as { code?: number; insertedCount?: number; writeErrors?: unknown[] };
    if (result.code !== 11000) throw error;
    return result.insertedCount ?? 0;
  }
}
