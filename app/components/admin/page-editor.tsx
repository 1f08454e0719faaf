/**
 * Create or edit one of the shop's pages: its address (new pages only), and for English and Bangla
 * the title, the search engines' description and the text in Markdown. The preview is the server's
 * sanitised HTML of the page as last saved.
 */
import { useState } from "react";
import { useLingui } from "@lingui/react";
import type { AdminPageAnswer } from "#contract/answers/pages";
import { PageCreateBody } from "#contract/schemas/pages";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field, Input, Textarea } from "~/components/ui/input";
import { useAdminAction } from "./admin-action";
import { formatCount, serverText } from "./admin-i18n";
import { FormActions } from "./list";

const LANGUAGES = [
  ["en", "English"],
  ["bn", "বাংলা"],
] as const;

type Draft = Pick<AdminPageAnswer, "slug" | "title" | "description" | "body" | "published">;

const EMPTY: Draft = {
  slug: "",
  title: { en: "", bn: "" },
  description: { en: "", bn: "" },
  body: { en: "", bn: "" },
  published: true,
};

export function PageEditor({
  page,
  onClose,
}: {
  /** null: a new page. */
  page: AdminPageAnswer | null;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const [draft, setDraft] = useState<Draft>(() =>
    page
      ? {
          slug: page.slug,
          title: page.title,
          description: page.description,
          body: page.body,
          published: page.published,
        }
      : EMPTY,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saving = useAdminAction({
    onSuccess: onClose,
    onFailure: (result) =>
      setErrors(
        Object.fromEntries(
          (result.errors ?? []).map((issue) => [
            String(issue.path),
            serverText(String(issue.message)),
          ]),
        ),
      ),
  });

  const setText = (field: "title" | "description" | "body", language: "en" | "bn", value: string) =>
    setDraft((current) => ({ ...current, [field]: { ...current[field], [language]: value } }));

  function save(event: React.FormEvent) {
    event.preventDefault();
    const checked = PageCreateBody.safeParse(draft);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => [issue.path.join("."), serverText(issue.message)]),
        ),
      );
      return;
    }
    setErrors({});
    const { slug, ...fields } = checked.data;
    void saving.submit(page ? "update" : "create", {
      id: page ? page.slug : undefined,
      body: page ? fields : { slug, ...fields },
    });
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-4xl overflow-y-auto">
        <DialogTitle>
          {page ? i18n._("Edit “{title}”", { title: page.title.en }) : i18n._("New page")}
        </DialogTitle>
        <DialogDescription>
          {i18n._(
            "Write in Markdown: # heading, **bold**, - list, [link](https://…). Scripts, styles, images and javascript: links are removed when the page is shown.",
          )}
          {page &&
            ` ${i18n._("Version {version}: a change of a title, description or text makes it {next}.", { version: formatCount(page.version), next: formatCount(page.version + 1) })}`}
        </DialogDescription>
        <form onSubmit={save} className="mt-4 space-y-4" noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              id="page-slug"
              label={i18n._("Address")}
              error={errors.slug}
              hint={page ? `/pages/${page.slug}` : i18n._("Lower-case letters, digits and dashes")}
            >
              <Input
                id="page-slug"
                value={draft.slug}
                disabled={Boolean(page)}
                aria-invalid={!!errors.slug}
                onChange={(event) => setDraft({ ...draft, slug: event.target.value })}
              />
            </Field>
            <label className="flex items-center gap-2 self-end text-sm">
              <input
                type="checkbox"
                checked={draft.published}
                disabled={page?.slug === "terms"}
                onChange={(event) => setDraft({ ...draft, published: event.target.checked })}
              />
              {i18n._("Published (in the footer and the sitemap)")}
            </label>
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            {LANGUAGES.map(([language, name]) => (
              <fieldset key={language} className="space-y-3">
                <legend className="text-sm font-semibold" lang={language}>
                  {name}
                </legend>
                <Field
                  id={`page-title-${language}`}
                  label={i18n._("Title")}
                  error={errors[`title.${language}`]}
                >
                  <Input
                    id={`page-title-${language}`}
                    lang={language}
                    value={draft.title[language]}
                    aria-invalid={!!errors[`title.${language}`]}
                    onChange={(event) => setText("title", language, event.target.value)}
                  />
                </Field>
                <Field
                  id={`page-description-${language}`}
                  label={i18n._("Description for search engines")}
                  hint={i18n._("Empty: the start of the text")}
                  error={errors[`description.${language}`]}
                >
                  <Input
                    id={`page-description-${language}`}
                    lang={language}
                    value={draft.description[language]}
                    onChange={(event) => setText("description", language, event.target.value)}
                  />
                </Field>
                <Field
                  id={`page-body-${language}`}
                  label={i18n._("Text (Markdown)")}
                  error={errors[`body.${language}`]}
                >
                  <Textarea
                    id={`page-body-${language}`}
                    lang={language}
                    rows={14}
                    className="font-mono text-xs"
                    value={draft.body[language]}
                    aria-invalid={!!errors[`body.${language}`]}
                    onChange={(event) => setText("body", language, event.target.value)}
                  />
                </Field>
              </fieldset>
            ))}
          </div>
          {page && (
            <details className="rounded-md border border-stone-200 p-3 text-sm">
              <summary className="cursor-pointer font-medium">
                {i18n._("Preview as last saved (English)")}
              </summary>
              {/* The server's sanitised HTML (docs/pages.md). */}
              <div
                lang="en"
                className="mt-2 space-y-2 [&_h2]:font-bold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5"
                dangerouslySetInnerHTML={{ __html: page.html.en }}
              />
            </details>
          )}
          <FormActions onCancel={onClose} submitting={saving.pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
