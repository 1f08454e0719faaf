/** Create or edit a size guide: name, category, unit, a columns x rows measurement table, and a note. */
import { useLingui } from "@lingui/react";
import { Plus, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field, Input, NativeSelect, Textarea } from "~/components/ui/input";
import { SizeGuideBody } from "~/lib/admin-schemas";
import type { SizeGuide } from "~/lib/api-client";
import { useAdminAction } from "./admin-action";
import { formatCount, serverText } from "./admin-i18n";
import { CategoryOptions, type CategoryNode } from "./category-options";

/** The fields a server refusal can name. */
const FIELDS = ["name", "category", "unit", "columns", "rows", "note", "nameBn", "noteBn"];

interface Draft {
  name: string;
  nameBn: string;
  category: string;
  unit: "cm" | "inch";
  note: string;
  noteBn: string;
  columns: string[];
  rows: { size: string; values: string[] }[];
}

function draftOf(guide: SizeGuide | null): Draft {
  const category =
    guide?.category && typeof guide.category === "object"
      ? String((guide.category as { _id?: string })._id ?? "")
      : typeof guide?.category === "string"
        ? guide.category
        : "";
  return {
    name: guide?.name ?? "",
    nameBn: guide?.nameBn ?? "",
    category,
    unit: guide?.unit ?? "inch",
    note: guide?.note ?? "",
    noteBn: guide?.noteBn ?? "",
    columns: guide?.columns?.length ? [...guide.columns] : ["Chest", "Length"],
    rows: guide?.rows?.length
      ? guide.rows.map((row) => ({ size: row.size, values: row.values.map(String) }))
      : ["S", "M", "L"].map((size) => ({ size, values: ["", ""] })),
  };
}

/**
 * Saves through the size-guides route's clientAction (intents "create" and "update" with the
 * payload as `body`); closes on success, keeps the server's field errors on a refusal.
 */
export function SizeGuideEditor({
  guide,
  categories,
  onClose,
  onSaved,
}: {
  guide: SizeGuide | null;
  categories: CategoryNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { i18n } = useLingui();
  /** A field's message (the form's zod check or the server's) in the back office's language. */
  const shown = (name: string) => (errors[name] ? serverText(errors[name]) : undefined);
  const [draft, setDraft] = useState<Draft>(() => draftOf(guide));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saving = useAdminAction({
    onSuccess: onSaved,
    onFailure: (result) => {
      const fieldErrors = Object.fromEntries(
        Object.entries(result.fieldErrors).filter(([name]) => FIELDS.includes(name)),
      );
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
    },
  });
  useEffect(() => setDraft(draftOf(guide)), [guide]);

  const setColumn = (index: number, value: string) =>
    setDraft((current) => ({
      ...current,
      columns: current.columns.map((column, at) => (at === index ? value : column)),
    }));
  const addColumn = () =>
    setDraft((current) => ({
      ...current,
      columns: [...current.columns, ""],
      rows: current.rows.map((row) => ({ ...row, values: [...row.values, ""] })),
    }));
  const removeColumn = (index: number) =>
    setDraft((current) => ({
      ...current,
      columns: current.columns.filter((_, at) => at !== index),
      rows: current.rows.map((row) => ({
        ...row,
        values: row.values.filter((_, at) => at !== index),
      })),
    }));
  const setCell = (rowIndex: number, columnIndex: number | "size", value: string) =>
    setDraft((current) => ({
      ...current,
      rows: current.rows.map((row, at) =>
        at !== rowIndex
          ? row
          : columnIndex === "size"
            ? { ...row, size: value }
            : {
                ...row,
                values: current.columns.map((_, column) =>
                  column === columnIndex ? value : (row.values[column] ?? ""),
                ),
              },
      ),
    }));

  function save() {
    const payload = {
      name: draft.name,
      nameBn: draft.nameBn,
      category: draft.category || null,
      unit: draft.unit,
      note: draft.note,
      noteBn: draft.noteBn,
      columns: draft.columns,
      rows: draft.rows.map((row) => ({
        size: row.size,
        values: draft.columns.map((_, index) => row.values[index] ?? ""),
      })),
    };
    const result = SizeGuideBody.safeParse(payload);
    if (!result.success) {
      setErrors(
        Object.fromEntries(
          result.error.issues.map((issue) => [String(issue.path[0] ?? "root"), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    void saving.submit(guide ? "update" : "create", { id: guide?._id, body: payload });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogTitle>
          {guide ? i18n._("Edit {name}", { name: guide.name }) : i18n._("New size guide")}
        </DialogTitle>
        <DialogDescription>
          {i18n._("Shown on product pages of its category and sub-categories.")}
        </DialogDescription>
        <div className="mt-4 space-y-3">
          <div className="grid gap-3 sm:grid-cols-3">
            <Field id="sg-name" label={i18n._("Name")} error={shown("name")}>
              <Input
                id="sg-name"
                aria-invalid={!!errors.name}
                value={draft.name}
                onChange={(event) => setDraft({ ...draft, name: event.target.value })}
              />
            </Field>
            <Field id="sg-name-bn" label="নাম (বাংলা)" error={shown("nameBn")}>
              <Input
                id="sg-name-bn"
                lang="bn"
                value={draft.nameBn}
                onChange={(event) => setDraft({ ...draft, nameBn: event.target.value })}
              />
            </Field>
            <Field id="sg-category" label={i18n._("Category")} error={shown("category")}>
              <NativeSelect
                id="sg-category"
                value={draft.category}
                onChange={(event) => setDraft({ ...draft, category: event.target.value })}
              >
                <option value="">{i18n._("Every category")}</option>
                <CategoryOptions categories={categories} />
              </NativeSelect>
            </Field>
            <Field id="sg-unit" label={i18n._("Unit")} error={shown("unit")}>
              <NativeSelect
                id="sg-unit"
                value={draft.unit}
                onChange={(event) =>
                  setDraft({ ...draft, unit: event.target.value as Draft["unit"] })
                }
              >
                <option value="inch">{i18n._("inch")}</option>
                <option value="cm">{i18n._("cm")}</option>
              </NativeSelect>
            </Field>
          </div>
          <div className="overflow-x-auto rounded-md border border-stone-200 p-2">
            <table className="text-sm" data-testid="size-guide-grid">
              <thead>
                <tr>
                  <th className="px-1 py-1 text-left text-xs text-stone-500">{i18n._("Size")}</th>
                  {draft.columns.map((column, index) => (
                    <th key={index} className="px-1 py-1">
                      <div className="flex items-center gap-1">
                        <Input
                          aria-label={i18n._("Column {number} name", {
                            number: formatCount(index + 1),
                          })}
                          className="h-8 w-24"
                          value={column}
                          onChange={(event) => setColumn(index, event.target.value)}
                        />
                        <button
                          type="button"
                          aria-label={i18n._("Remove column {name}", {
                            name: column || formatCount(index + 1),
                          })}
                          onClick={() => removeColumn(index)}
                          className="rounded p-1 hover:bg-stone-100"
                        >
                          <X className="h-3.5 w-3.5" aria-hidden="true" />
                        </button>
                      </div>
                    </th>
                  ))}
                  <th className="px-1">
                    <Button type="button" size="sm" variant="outline" onClick={addColumn}>
                      <Plus className="h-4 w-4" aria-hidden="true" /> {i18n._("Column")}
                    </Button>
                  </th>
                </tr>
              </thead>
              <tbody>
                {draft.rows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    <td className="px-1 py-1">
                      <Input
                        aria-label={i18n._("Row {number} size", {
                          number: formatCount(rowIndex + 1),
                        })}
                        className="h-8 w-20"
                        value={row.size}
                        onChange={(event) => setCell(rowIndex, "size", event.target.value)}
                      />
                    </td>
                    {draft.columns.map((column, columnIndex) => (
                      <td key={columnIndex} className="px-1 py-1">
                        <Input
                          aria-label={`${row.size || i18n._("Row {number}", { number: formatCount(rowIndex + 1) })} ${column || i18n._("column {number}", { number: formatCount(columnIndex + 1) })}`}
                          className="h-8 w-24"
                          value={row.values[columnIndex] ?? ""}
                          onChange={(event) => setCell(rowIndex, columnIndex, event.target.value)}
                        />
                      </td>
                    ))}
                    <td className="px-1">
                      <button
                        type="button"
                        aria-label={i18n._("Remove row {name}", {
                          name: row.size || formatCount(rowIndex + 1),
                        })}
                        onClick={() =>
                          setDraft((current) => ({
                            ...current,
                            rows: current.rows.filter((_, at) => at !== rowIndex),
                          }))
                        }
                        className="rounded p-1 hover:bg-stone-100"
                      >
                        <X className="h-4 w-4" aria-hidden="true" />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="mt-2"
              onClick={() =>
                setDraft((current) => ({
                  ...current,
                  rows: [...current.rows, { size: "", values: current.columns.map(() => "") }],
                }))
              }
            >
              <Plus className="h-4 w-4" aria-hidden="true" /> {i18n._("Row")}
            </Button>
            {(errors.columns || errors.rows) && (
              <p role="alert" className="mt-2 text-xs font-medium text-red-600">
                {shown("columns") ?? shown("rows")}
              </p>
            )}
          </div>
          <Field id="sg-note" label={i18n._("Note")} error={shown("note")}>
            <Textarea
              id="sg-note"
              value={draft.note}
              onChange={(event) => setDraft({ ...draft, note: event.target.value })}
            />
          </Field>
          <Field id="sg-note-bn" label="নোট (বাংলা)" error={shown("noteBn")}>
            <Textarea
              id="sg-note-bn"
              lang="bn"
              value={draft.noteBn}
              onChange={(event) => setDraft({ ...draft, noteBn: event.target.value })}
            />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {i18n._("Cancel")}
            </Button>
            <Button type="button" disabled={saving.pending} onClick={save}>
              {saving.pending ? i18n._("Saving…") : i18n._("Save")}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
