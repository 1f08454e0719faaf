import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import type { CategoryNode } from "~/components/admin/category-options";
import { loadForAdmin, PageHeader, useLoadedData } from "~/components/admin/common";
import {
  ConfirmDelete,
  EditButton,
  ListTable,
  NewButton,
  RowActions,
  wholeList,
} from "~/components/admin/list";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import { backOfficeI18n } from "~/components/admin/admin-i18n";
import { SizeGuideEditor } from "~/components/admin/size-guide-editor";
import { SizeGuideBody } from "~/lib/admin-schemas";
import { api, type SizeGuide } from "~/lib/admin-api-client";
import type { Route } from "./+types/size-guides";

export function meta() {
  return [
    { title: `${backOfficeI18n._("Size guides")} — Tweest admin` },
    { name: "robots", content: "noindex" },
  ];
}

/** /admin/size-guides: a protected screen of its own, behind the same check as /admin/*. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [guides, categories] = await Promise.all([
    loadForAdmin(request, () => api.sizeGuides.list()),
    loadForAdmin(request, () => api.categories.list()),
  ]);
  return { guides, categories };
}

/** Create, update and delete; React Router then loads the guides again (not after a refusal). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, id, body } = await readSubmission(request);
  const i18n = backOfficeI18n;
  switch (intent) {
    case "create":
      return runAdminAction(
        async () => api.admin.createSizeGuide(parseSubmitted(SizeGuideBody, body)),
        i18n._("Size guide created"),
      );
    case "update":
      return runAdminAction(
        async () => api.admin.updateSizeGuide(id, parseSubmitted(SizeGuideBody, body)),
        i18n._("Size guide saved"),
      );
    case "delete":
      return runAdminAction(() => api.admin.deleteSizeGuide(id), i18n._("Size guide deleted"));
    default:
      return unknownIntent(intent);
  }
}

/** The guide's category as written, or null when the guide is for every category. */
function categoryName(guide: SizeGuide, categories: CategoryNode[]): string | null {
  const category = guide.category as { _id?: string; name?: string } | string | null | undefined;
  if (!category) return null;
  if (typeof category === "object" && category.name) return category.name;
  const id = typeof category === "string" ? category : category._id;
  return categories.find((item) => item._id === id)?.name ?? "—";
}

/** The guide's category cell: its name as written, or "Every category" in the screen's language. */
function GuideCategory({ name }: { name: string | null }) {
  const { i18n } = useLingui();
  return name === null ? <td>{i18n._("Every category")}</td> : <td translate="no">{name}</td>;
}

/** The unit as a word ("inch" / "ইঞ্চি"). */
const unitWord = (i18n: I18n, unit: SizeGuide["unit"]) =>
  unit === "cm" ? i18n._("cm") : i18n._("inch");

export default function AdminSizeGuides({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const guides = useLoadedData(loaderData.guides);
  const categories = useLoadedData(loaderData.categories);
  const list = Array.isArray(guides.data) ? guides.data : [];
  const categoryList = (categories.data ?? []) as CategoryNode[];
  const [editor, setEditor] = useState<{ guide: SizeGuide | null } | null>(null);
  const remove = useAdminAction();

  return (
    <div>
      <PageHeader
        title={i18n._("Size guides")}
        description={i18n._("Measurement tables shown on product pages.")}
        actions={
          <NewButton onClick={() => setEditor({ guide: null })}>
            {i18n._("New size guide")}
          </NewButton>
        }
      />
      <ListTable
        list={wholeList(guides, list)}
        columns={[
          i18n._("Name"),
          i18n._("Category"),
          i18n._("Table"),
          { label: i18n._("Actions"), right: true },
        ]}
        emptyText={i18n._("No size guides yet.")}
      >
        {list.map((guide) => (
          <tr key={guide._id} data-testid="size-guide-row">
            <td className="font-medium" translate="no">
              {guide.name}
            </td>
            <GuideCategory name={categoryName(guide, categoryList)} />
            <td className="text-xs text-stone-600">
              <span translate="no">
                {guide.rows.map((row) => row.size).join(", ")} · {guide.columns.join(", ")}
              </span>{" "}
              ({unitWord(i18n, guide.unit)})
            </td>
            <td>
              <RowActions>
                <EditButton
                  label={i18n._("Edit {name}", { name: guide.name })}
                  onClick={() => setEditor({ guide })}
                />
                <ConfirmDelete
                  title={i18n._("Delete this size guide?")}
                  description={i18n._("{quoted} is no longer shown on product pages.", {
                    quoted: `"${guide.name}"`,
                  })}
                  label={i18n._("Delete {name}", { name: guide.name })}
                  onConfirm={() => void remove.submit("delete", { id: guide._id })}
                />
              </RowActions>
            </td>
          </tr>
        ))}
      </ListTable>
      {editor && (
        <SizeGuideEditor
          guide={editor.guide}
          categories={categoryList}
          onClose={() => setEditor(null)}
          onSaved={() => setEditor(null)}
        />
      )}
    </div>
  );
}
