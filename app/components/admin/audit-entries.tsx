/**
 * Audit entries as the back office shows them (docs/audit.md): who, when, what, and each changed
 * field's value before and after, stacked on a phone and side by side on a wide screen. Also an
 * entity's own history (the order dialog, the product editor), loaded only when opened.
 */
import { useState } from "react";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { AuditEntryAnswer } from "#contract/schemas/audit";
import { api } from "~/lib/admin-api-client";
import { ErrorNote, Pagination, formatDate, useAdminData } from "./common";
import { useStaffAccess } from "./staff-access";

/** A field's value as one readable line (lists joined, nothing shown as an em dash). */
function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return value.map(auditValue).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** Who made a change: a staff member's name (email on hover), or what the shop did itself. */
function actorText(i18n: I18n, { kind, name }: AuditEntryAnswer["actor"]): string {
  if (kind === "staff") return name;
  if (kind === "courier") return i18n._("courier {name}", { name });
  if (kind === "payment") return i18n._("payment {name}", { name });
  if (kind === "customer") return i18n._("the customer");
  return i18n._("the shop (automatic)");
}

export function AuditEntryList({
  entries,
  showSubject = true,
}: {
  entries: AuditEntryAnswer[];
  /** The Audit screen names what each entry is about; a document's own history does not. */
  showSubject?: boolean;
}) {
  const { i18n } = useLingui();
  if (entries.length === 0)
    return <p className="text-sm text-stone-500">{i18n._("No changes recorded.")}</p>;
  return (
    <ol className="space-y-3" aria-label={i18n._("Changes")}>
      {entries.map((entry) => (
        <li key={entry._id} className="rounded-md border border-stone-200 p-3 text-sm">
          <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <span className="font-medium" title={entry.actor.email}>
              {actorText(i18n, entry.actor)}
            </span>
            {/* The audit's own codes and values, written as recorded in any back-office language. */}
            <span className="text-stone-600" translate="no">
              {entry.action}
            </span>
            {showSubject && (
              <span className="text-stone-700" translate="no">
                {entry.entity} {entry.label || entry.entityId}
              </span>
            )}
            <time className="ml-auto text-stone-500" dateTime={entry.at}>
              {formatDate(entry.at, true)}
            </time>
          </div>
          {entry.changes.length > 0 && (
            <dl className="mt-2 grid grid-cols-1 gap-x-3 gap-y-1 md:grid-cols-[minmax(8rem,auto)_1fr_1fr]">
              {entry.changes.map((change) => (
                <div key={change.field} className="contents">
                  <dt
                    className="font-mono text-xs break-all text-stone-600 md:py-0.5"
                    translate="no"
                  >
                    {change.field}
                  </dt>
                  <dd className="break-words text-red-700 line-through decoration-red-300">
                    <span className="sr-only">{i18n._("before:")} </span>
                    <span translate="no">{auditValue(change.before)}</span>
                  </dd>
                  <dd className="mb-1 break-words text-green-800 md:mb-0">
                    <span className="sr-only">{i18n._("after:")} </span>
                    <span translate="no">{auditValue(change.after)}</span>
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </li>
      ))}
    </ol>
  );
}

const HISTORY_PAGE = 10;

/** One document's entries, fetched when the reader opens the section, then a page at a time. */
function HistoryEntries({ entity, id }: { entity: AuditEntryAnswer["entity"]; id: string }) {
  const { i18n } = useLingui();
  const [page, setPage] = useState(1);
  const history = useAdminData(
    () => api.audit.list({ entity, id, page, limit: HISTORY_PAGE }),
    `${entity}:${id}:${page}`,
  );
  if (history.error) return <ErrorNote message={history.error} onRetry={history.reload} />;
  if (!history.data) return <p className="text-sm text-stone-500">{i18n._("Loading…")}</p>;
  return (
    <>
      <AuditEntryList entries={history.data.entries} showSubject={false} />
      {history.data.totalPages > 1 && (
        <Pagination
          page={history.data.page}
          totalPages={history.data.totalPages}
          total={history.data.total}
          onPage={setPage}
        />
      )}
    </>
  );
}

/** "Changes" on a document's own screen: who changed it and how, loaded only once opened. */
export function EntityHistory({ entity, id }: { entity: AuditEntryAnswer["entity"]; id: string }) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  // The trail is the owner's and the manager's (`audit.read`): other roles are not shown it.
  const { can } = useStaffAccess();
  if (!can("audit.read")) return null;
  return (
    <details
      className="mt-4"
      data-testid="entity-history"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer text-sm font-semibold">
        {i18n._("Changes (audit trail)")}
      </summary>
      <div className="mt-2">{open && <HistoryEntries entity={entity} id={id} />}</div>
    </details>
  );
}
