/**
 * The parts every admin list screen shares: `listQuery` and `usePagedList` (filters and page in the
 * URL, one page loaded by the screen's clientLoader), `pagingOf`, `ListToolbar` (search box +
 * filters), `FilterSelect`, `ListTable` (error, skeleton, table, empty row, pager), `RowActions`,
 * `EditButton`, `NewButton`, `ConfirmDelete`,
 * `FormActions` (Cancel / Save of an editor dialog), `TextField` (a labelled input with its field
 * error) and `wholeList` (an unpaged list for `ListTable`). Changes go through admin-action.ts.
 */
import { Pencil, Plus, Search, Trash2 } from "lucide-react";
import { useState, type ComponentProps, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import {
  ConfirmAction,
  DataTable,
  EmptyRow,
  ErrorNote,
  listOf,
  Pagination,
  TableSkeleton,
  useLoadedData,
  type AdminData,
  type Loaded,
} from "~/components/admin/common";
import { Button } from "~/components/ui/button";
import { Field, Input, NativeSelect } from "~/components/ui/input";
import { cn } from "~/lib/utils";
import { useLingui } from "@lingui/react";
import { serverText, statusText } from "./admin-i18n";

// ---------------------------------------------------------------------------------------------------
// Paging

export interface Paging {
  total: number;
  totalPages: number;
}

/**
 * `{total, totalPages}` of a list answer: taken from a paged answer, worked out from `total` and
 * `limit` when only the total is given, else one page holding the `count` rows.
 */
export function pagingOf(answer: unknown, count: number, limit?: number): Paging {
  if (answer && typeof answer === "object" && !Array.isArray(answer)) {
    const { total, totalPages } = answer as { total?: unknown; totalPages?: unknown };
    if (typeof total === "number") {
      const pages =
        typeof totalPages === "number"
          ? totalPages
          : limit
            ? Math.ceil(total / limit)
            : total > 0
              ? 1
              : 0;
      return { total, totalPages: Math.max(1, pages) };
    }
  }
  return { total: count, totalPages: 1 };
}

export type ListQuery = Record<string, string | number> & { page: number; limit: number };

export interface PagedList<T> extends AdminData<unknown>, Paging {
  rows: T[];
  page: number;
  /** The filters' current values from the URL ("" when unset). */
  filters: Record<string, string>;
  params: URLSearchParams;
  /** Sets (or, with "", removes) URL parameters; a filter change should also pass `page: ""`. */
  update(next: Record<string, string>): void;
}

/** Which list a screen shows: the rows' key in the answer, the URL filters and the page size. */
export interface ListSpec {
  /** Key of the rows in the answer: `{orders: [...]}` -> "orders" (a bare array works too). */
  key: string;
  filters?: readonly string[];
  limit: number;
}

/** The filters ("" when unset), the 1-based page and the page size, from a list screen's URL. */
export function listQuery(url: string | URL, spec: ListSpec): ListQuery {
  const params = new URL(url).searchParams;
  const query: ListQuery = { page: pageOf(params), limit: spec.limit };
  for (const name of spec.filters ?? []) query[name] = params.get(name) ?? "";
  return query;
}

function pageOf(params: URLSearchParams): number {
  return Math.max(1, Number(params.get("page") ?? 1) || 1);
}

/**
 * One page of a server-paged admin list, as the screen's clientLoader loaded it (`listQuery` gives the
 * loader the URL's filters and page). Filters and the 1-based page live in the URL, so a list can be
 * linked to and survives a reload; changing them loads the page again.
 */
export function usePagedList<T extends { _id: string }>(
  spec: ListSpec,
  loaded: Loaded<unknown>,
): PagedList<T> {
  const { key, limit } = spec;
  const [params, setParams] = useSearchParams();
  const filters: Record<string, string> = {};
  for (const name of spec.filters ?? []) filters[name] = params.get(name) ?? "";
  const page = pageOf(params);
  const data = useLoadedData(loaded);
  const rows = listOf<T>(data.data, key);

  function update(next: Record<string, string>) {
    const merged = new URLSearchParams(params);
    for (const [name, value] of Object.entries(next)) {
      if (value) merged.set(name, value);
      else merged.delete(name);
    }
    setParams(merged, { replace: true });
  }

  return {
    ...data,
    ...pagingOf(data.data, rows.length, limit),
    rows,
    page,
    filters,
    params,
    update,
  };
}

/** A list loaded whole (not paged) in the shape `ListTable` takes. */
export function wholeList<T>(
  data: AdminData<unknown>,
  rows: T[],
): AdminData<unknown> & Paging & { rows: T[]; page: number } {
  return { ...data, rows, page: 1, total: rows.length, totalPages: 1 };
}

// ---------------------------------------------------------------------------------------------------
// Toolbar

/** The search form above a list: a search box (submitted with Enter or the button) and filters. */
export function ListToolbar({
  search,
  onSearch,
  label,
  placeholder,
  children,
  className,
}: {
  search: string;
  onSearch: (text: string) => void;
  /** Accessible name of the search box, e.g. "Search orders". */
  label: string;
  placeholder: string;
  children?: ReactNode;
  className?: string;
}) {
  const { i18n } = useLingui();
  const [draft, setDraft] = useState(search);
  return (
    <form
      role="search"
      className={cn("mb-3 flex flex-wrap items-end gap-2", className)}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <div className="relative min-w-48 flex-1">
        <Search className="absolute top-3 left-3 h-4 w-4 text-stone-400" aria-hidden="true" />
        <Input
          className="pl-9"
          placeholder={placeholder}
          aria-label={label}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      {children}
      <Button type="submit" variant="outline">
        {i18n._("Search")}
      </Button>
    </form>
  );
}

/** A list filter: "All …" first, then the values (shown with `_` as spaces). */
export function FilterSelect({
  label,
  allLabel,
  value,
  values,
  onChange,
  className = "w-44",
  children,
}: {
  label: string;
  allLabel: string;
  value: string;
  values?: readonly string[];
  onChange: (value: string) => void;
  className?: string;
  /** Options of its own instead of `values` (e.g. a category tree). */
  children?: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <NativeSelect
      aria-label={label}
      className={className}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">{allLabel}</option>
      {children ??
        values?.map((item) => (
          <option key={item} value={item}>
            {i18n.locale === "en" ? item.replace(/_/g, " ") : statusText(i18n, item)}
          </option>
        ))}
    </NativeSelect>
  );
}

// ---------------------------------------------------------------------------------------------------
// Table

export type Column = string | { label: string; right: true };

/** Error note, skeleton on the first load, the table with its head and empty row, and the pager. */
export function ListTable({
  list,
  columns,
  emptyText,
  onPage,
  children,
}: {
  list: AdminData<unknown> & { rows: readonly unknown[]; page: number } & Paging;
  columns: readonly Column[];
  emptyText: string;
  /** Omit for a list that is not paged. */
  onPage?: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <>
      {list.error && <ErrorNote message={list.error} onRetry={list.reload} />}
      {list.loading && !list.data ? (
        <TableSkeleton />
      ) : (
        <DataTable>
          <thead>
            <tr>
              {columns.map((column) =>
                typeof column === "string" ? (
                  <th key={column}>{column}</th>
                ) : (
                  <th key={column.label} className="text-right">
                    {column.label}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {list.rows.length === 0 && <EmptyRow colSpan={columns.length} text={emptyText} />}
            {children}
          </tbody>
        </DataTable>
      )}
      {onPage && (
        <Pagination
          page={list.page}
          totalPages={list.totalPages}
          total={list.total}
          onPage={onPage}
        />
      )}
    </>
  );
}

/** The right-aligned action buttons of a row. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-1">{children}</div>;
}

/** The pencil button of a row that opens its editor. */
export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button size="sm" variant="ghost" aria-label={label} onClick={onClick}>
      <Pencil className="h-4 w-4" aria-hidden="true" />
    </Button>
  );
}

/** The "New …" button of a screen's header. */
export function NewButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button onClick={onClick}>
      <Plus className="h-4 w-4" aria-hidden="true" /> {children}
    </Button>
  );
}

/** A trash button that asks first (every destructive action does). */
export function ConfirmDelete({
  title,
  description,
  label,
  onConfirm,
}: {
  title: string;
  description: ReactNode;
  /** Accessible name of the button, e.g. "Delete EID10". */
  label: string;
  onConfirm: () => void | Promise<void>;
}) {
  return (
    <ConfirmAction title={title} description={description} onConfirm={onConfirm}>
      <Button size="sm" variant="ghost" aria-label={label}>
        <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
      </Button>
    </ConfirmAction>
  );
}

// ---------------------------------------------------------------------------------------------------
// Forms and actions

/** Cancel / submit at the foot of an editor form. */
export function FormActions({
  onCancel,
  submitting,
  submitLabel,
}: {
  onCancel: () => void;
  submitting: boolean;
  submitLabel?: string;
}) {
  const { i18n } = useLingui();
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="outline" onClick={onCancel}>
        {i18n._("Cancel")}
      </Button>
      <Button type="submit" disabled={submitting}>
        {submitting ? i18n._("Saving…") : (submitLabel ?? i18n._("Save"))}
      </Button>
    </div>
  );
}

/** A labelled input with its field error (`{id}-error`), marked invalid while it has one. */
export function TextField({
  id,
  label,
  error,
  hint,
  className,
  inputClassName,
  ...input
}: ComponentProps<"input"> & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** The field's own classes (`className` is the label's and hint's block). */
  inputClassName?: string;
}) {
  return (
    <Field
      id={id}
      label={label}
      error={error && serverText(error)}
      hint={hint}
      className={className}
    >
      <Input id={id} aria-invalid={!!error} className={inputClassName} {...input} />
    </Field>
  );
}
