/**
 * The audit trail (docs/audit.md): every change staff and the shop made to orders, products, promo
 * codes, pages and settings, newest first; filtered by kind, document, staff member and dates.
 */
import { useSearchParams } from "react-router";
import { useLingui } from "@lingui/react";
import { AUDIT_ENTITIES, AUDIT_PAGE_MAX, type AuditEntity } from "#contract/schemas/audit";
import type { I18n } from "@lingui/core";
import { AuditEntryList } from "~/components/admin/audit-entries";
import { ErrorNote, PageHeader, Pagination, useAdminData } from "~/components/admin/common";
import { Input } from "~/components/ui/input";
import { api } from "~/lib/admin-api-client";
import { backOfficeI18n } from "~/components/admin/admin-i18n";

export function meta() {
  return [{ title: `${backOfficeI18n._("Audit")} — Tweest admin` }];
}

const PAGE_SIZE = 25;

/** What an entry is about, for the filter: English shows the audit's own names, as it always did. */
const entityLabel = (i18n: I18n, entity: AuditEntity) =>
  ({
    order: i18n._("order"),
    product: i18n._("product"),
    "promo-code": i18n._("promo-code"),
    page: i18n._("page"),
    "shop-settings": i18n._("shop-settings"),
    "courier-settings": i18n._("courier-settings"),
    "payment-gateway-settings": i18n._("payment-gateway-settings"),
    staff: i18n._("staff"),
    refund: i18n._("refund"),
    "courier-settlement": i18n._("courier-settlement"),
  })[entity];
type AuditFilter = "entity" | "id" | "actor" | "from" | "to";

/** A day of the date inputs as the query's bound: from its start, to its end (the shop's days are Dhaka's). */
const dayBound = (day: string, end: boolean) =>
  day ? `${day}T${end ? "23:59:59.999" : "00:00:00.000"}+06:00` : undefined;

export default function AuditScreen() {
  const { i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get("page")) || 1);
  const value = (name: AuditFilter) => params.get(name) ?? "";
  const query = {
    entity: value("entity") || undefined,
    id: value("id") || undefined,
    actor: value("actor") || undefined,
    from: dayBound(value("from"), false),
    to: dayBound(value("to"), true),
    page,
    limit: Math.min(PAGE_SIZE, AUDIT_PAGE_MAX),
  };
  const trail = useAdminData(() => api.audit.list(query), JSON.stringify(query));
  const setFilter = (name: string, next: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next) updated.set(name, next);
      else updated.delete(name);
      updated.delete("page");
      return updated;
    });

  return (
    <div>
      <PageHeader
        title={i18n._("Audit")}
        description={i18n._(
          "Who changed what and when: each change with its values before (struck through) and after.",
        )}
      />
      <form
        className="mb-4 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-5"
        aria-label={i18n._("Filters")}
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="text-sm">
          <span className="block text-stone-600">{i18n._("What")}</span>
          <select
            className="mt-1 h-10 w-full rounded-md border border-stone-300 bg-white px-2"
            value={value("entity")}
            onChange={(event) => setFilter("entity", event.target.value)}
          >
            <option value="">{i18n._("Everything")}</option>
            {AUDIT_ENTITIES.map((entity) => (
              <option key={entity} value={entity}>
                {entityLabel(i18n, entity)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block text-stone-600">{i18n._("Document id")}</span>
          <Input
            className="mt-1"
            defaultValue={value("id")}
            onBlur={(event) => setFilter("id", event.target.value.trim())}
          />
        </label>
        <label className="text-sm">
          <span className="block text-stone-600">{i18n._("Staff member id")}</span>
          <Input
            className="mt-1"
            defaultValue={value("actor")}
            onBlur={(event) => setFilter("actor", event.target.value.trim())}
          />
        </label>
        <label className="text-sm">
          <span className="block text-stone-600">{i18n._("From")}</span>
          <Input
            className="mt-1"
            type="date"
            value={value("from")}
            onChange={(event) => setFilter("from", event.target.value)}
          />
        </label>
        <label className="text-sm">
          <span className="block text-stone-600">{i18n._("To")}</span>
          <Input
            className="mt-1"
            type="date"
            value={value("to")}
            onChange={(event) => setFilter("to", event.target.value)}
          />
        </label>
      </form>
      {trail.error && <ErrorNote message={trail.error} onRetry={trail.reload} />}
      {!trail.data && !trail.error && (
        <p className="text-sm text-stone-500">{i18n._("Loading…")}</p>
      )}
      {trail.data && (
        <>
          <AuditEntryList entries={trail.data.entries} />
          <Pagination
            page={trail.data.page}
            totalPages={trail.data.totalPages}
            total={trail.data.total}
            onPage={(next) =>
              setParams((current) => {
                const updated = new URLSearchParams(current);
                updated.set("page", String(next));
                return updated;
              })
            }
          />
        </>
      )}
    </div>
  );
}
