import { useLingui } from "@lingui/react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Panel } from "~/components/admin/common";
import { TextField } from "~/components/admin/list";
import { Button } from "~/components/ui/button";
import {
  MAX_SYNONYM_GROUPS,
  MAX_WORDS_PER_GROUP,
  type SearchSettings,
  type SynonymGroup,
} from "#contract/schemas/search-synonyms";
import { backOfficeI18n, formatCount, serverText } from "./admin-i18n";

/** A group as the form holds it: each list as typed, words separated by commas. */
interface SynonymDraft {
  words: string;
  alsoFinds: string;
}

export interface SearchValues {
  synonyms: SynonymDraft[];
}

const joined = (terms: string[]) => terms.join(", ");
const split = (typed: string) =>
  typed
    .split(/[,،]/)
    .map((term) => term.trim())
    .filter(Boolean);

/** The settings' search section as the form's values. */
export function searchValues(search: SearchSettings): SearchValues {
  return {
    synonyms: search.synonyms.map((group) => ({
      words: joined(group.words),
      alsoFinds: joined(group.alsoFinds),
    })),
  };
}

/**
 * The form's values as the settings' search section. An emptied group stays (and is refused) so
 * that a refusal's group number is the row the owner sees.
 */
export function searchSettingsOf(values: SearchValues): SearchSettings {
  return {
    synonyms: values.synonyms.map((draft) => ({
      words: split(draft.words),
      alsoFinds: split(draft.alsoFinds),
    })),
  };
}

/**
 * A refusal of the synonyms (`search.synonyms.2.words.1`) as the form shows it: on the group's
 * field, naming the word; undefined for a path outside this panel.
 */
export function synonymError(
  path: string,
  message: string,
  values: SearchValues,
): { path: string; message: string } | undefined {
  const match = /^search\.synonyms(?:\.(\d+)\.(words|alsoFinds)(?:\.(\d+))?)?$/.exec(path);
  if (!match) return undefined;
  const [, group, list, term] = match;
  if (group === undefined) return { path: "search.synonyms", message };
  const draft = searchSettingsOf(values).synonyms[Number(group)] as SynonymGroup | undefined;
  const word = term === undefined ? undefined : draft?.[list as keyof SynonymGroup][Number(term)];
  return {
    path: `search.synonyms.${group}.${list}`,
    message: word === undefined ? message : `“${word}”: ${serverText(message)}`,
  };
}

/** A group as the change log shows it: `tee / t-shirt (also finds vest)`. */
function describeSynonymGroup(group: SynonymGroup): string {
  const i18n = backOfficeI18n;
  const also =
    group.alsoFinds.length > 0
      ? ` ${i18n._("(also finds {words})", { words: joined(group.alsoFinds) })}`
      : "";
  return `${group.words.join(" / ")}${also}`;
}

/**
 * A change of the synonyms as the change log shows it: the groups added and removed (an edited
 * group is both), not the whole list twice.
 */
export function synonymChanges(before: unknown, after: unknown): string {
  const described = (list: unknown) =>
    Array.isArray(list) ? (list as SynonymGroup[]).map(describeSynonymGroup) : [];
  const [old, now] = [described(before), described(after)];
  const added = now.filter((group) => !old.includes(group));
  const removed = old.filter((group) => !now.includes(group));
  const i18n = backOfficeI18n;
  const parts = [
    ...(added.length > 0 ? [i18n._("added {groups}", { groups: added.join("; ") })] : []),
    ...(removed.length > 0 ? [i18n._("removed {groups}", { groups: removed.join("; ") })] : []),
  ];
  return parts.join(" · ") || i18n._("reordered");
}

/**
 * The catalogue search's synonyms (docs/catalog.md, "Synonyms"): groups of words shoppers type
 * for the same thing, each with what it also finds, added and removed.
 */
export function SearchSynonymsPanel({
  errorOf,
}: {
  errorOf: (path: string) => string | undefined;
}) {
  const { i18n } = useLingui();
  const { control, register } = useFormContext<{ search: SearchValues }>();
  const { fields, append, remove } = useFieldArray({ control, name: "search.synonyms" });
  const listError = errorOf("search.synonyms");

  return (
    <Panel
      title={i18n._("Search synonyms")}
      actions={
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={fields.length >= MAX_SYNONYM_GROUPS}
          onClick={() => append({ words: "", alsoFinds: "" })}
        >
          {i18n._("Add a group")}
        </Button>
      }
    >
      <p className="mb-3 text-sm text-stone-600">
        {i18n._(
          "Words shoppers type for the same thing, in English or Bangla, separated by commas: a search for any of them finds the others. “Also finds” works one way only (genji also finds t-shirts; t-shirt does not find genji). At most {count} in each list.",
          { count: formatCount(MAX_WORDS_PER_GROUP) },
        )}
      </p>
      {listError && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {serverText(listError)}
        </p>
      )}
      <ol className="space-y-3" aria-label={i18n._("Search synonyms")}>
        {fields.map((item, index) => (
          <li
            key={item.id}
            className="grid items-start gap-3 border-b border-stone-100 pb-3 sm:grid-cols-[1fr_1fr_auto]"
          >
            <TextField
              id={`settings-search-synonyms-${index}-words`}
              label={i18n._("Group {number}: words that mean the same", {
                number: formatCount(index + 1),
              })}
              error={errorOf(`search.synonyms.${index}.words`)}
              placeholder={i18n._("tee, t-shirt, টি-শার্ট")}
              {...register(`search.synonyms.${index}.words`)}
            />
            <TextField
              id={`settings-search-synonyms-${index}-alsoFinds`}
              label={i18n._("Group {number}: also finds", { number: formatCount(index + 1) })}
              error={errorOf(`search.synonyms.${index}.alsoFinds`)}
              placeholder={i18n._("vest")}
              {...register(`search.synonyms.${index}.alsoFinds`)}
            />
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="sm:mt-6"
              aria-label={i18n._("Remove group {number}", { number: formatCount(index + 1) })}
              onClick={() => remove(index)}
            >
              {i18n._("Remove")}
            </Button>
          </li>
        ))}
      </ol>
    </Panel>
  );
}
