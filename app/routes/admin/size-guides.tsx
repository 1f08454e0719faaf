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
import { SizeGuideEditor } from "~/components/admin/size-guide-editor";
import { SizeGuideBody } from "~/lib/admin-schemas";
import { api, type SizeGuide } from "~/lib/admin-api-client";
import type { Route } from "./+types/size-guides";

export function meta() {
  return [{ title: "Size guides — Tweest admin" }, { name: "robots", content: "noindex" }];
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
  switch (intent) {
    case "create":
      return runAdminAction(
        async () => api.admin.createSizeGuide(parseSubmitted(SizeGuideBody, body)),
        "Size guide created",
      );
    case "update":
      return runAdminAction(
        async () => api.admin.updateSizeGuide(id, parseSubmitted(SizeGuideBody, body)),
        "Size guide saved",
      );
    case "delete":
      return runAdminAction(() => api.admin.deleteSizeGuide(id), "Size guide deleted");
    default:
      return unknownIntent(intent);
  }
}

function categoryName(guide: SizeGuide, categories: CategoryNode[]): string {
  const category = guide.category as { _id?: string; name?: string } | string | null | undefined;
  if (!category) return "Every category";
  if (typeof category === "object" && category.name) return category.name;
  const id = typeof category === "string" ? category : category._id;
  return categories.find((item) => item._id === id)?.name ?? "—";
}

export default function AdminSizeGuides({ loaderData }: Route.ComponentProps) {
  const guides = useLoadedData(loaderData.guides);
  const categories = useLoadedData(loaderData.categories);
  const list = Array.isArray(guides.data) ? guides.data : [];
  const categoryList = (categories.data ?? []) as CategoryNode[];
  const [editor, setEditor] = useState<{ guide: SizeGuide | null } | null>(null);
  const remove = useAdminAction();

  return (
    <div>
      <PageHeader
        title="Size guides"
        description="Measurement tables shown on product pages."
        actions={<NewButton onClick={() => setEditor({ guide: null })}>New size guide</NewButton>}
      />
      <ListTable
        list={wholeList(guides, list)}
        columns={["Name", "Category", "Table", { label: "Actions", right: true }]}
        emptyText="No size guides yet."
      >
        {list.map((guide) => (
          <tr key={guide._id} data-testid="size-guide-row">
            <td className="font-medium">{guide.name}</td>
            <td>{categoryName(guide, categoryList)}</td>
            <td className="text-xs text-stone-600">
              {guide.rows.map((row) => row.size).join(", ")} · {guide.columns.join(", ")} (
              {guide.unit})
            </td>
            <td>
              <RowActions>
                <EditButton label={`Edit ${guide.name}`} onClick={() => setEditor({ guide })} />
                <ConfirmDelete
                  title="Delete this size guide?"
                  description={`"${guide.name}" is no longer shown on product pages.`}
                  label={`Delete ${guide.name}`}
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
