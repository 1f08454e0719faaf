import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { AdminGuard } from "~/components/admin/admin-guard";
import { AdminShell } from "~/components/admin/admin-shell";
import type { CategoryNode } from "~/components/admin/category-options";
import {
  ConfirmAction,
  DataTable,
  EmptyRow,
  ErrorNote,
  PageHeader,
  TableSkeleton,
  toastError,
  useAdminData,
} from "~/components/admin/common";
import { SizeGuideEditor } from "~/components/admin/size-guide-editor";
import { Button } from "~/components/ui/button";
import { api, type SizeGuide } from "~/lib/api-client";

export function meta() {
  return [{ title: "Size guides — Tweest admin" }, { name: "robots", content: "noindex" }];
}

/** /admin/size-guides: a separate protected screen (spec §2), behind the same guard as /admin/*. */
export default function AdminSizeGuidesRoute() {
  return (
    <AdminGuard>
      <AdminShell>
        <AdminSizeGuides />
      </AdminShell>
    </AdminGuard>
  );
}

function categoryName(guide: SizeGuide, categories: CategoryNode[]): string {
  const category = guide.category as { _id?: string; name?: string } | string | null | undefined;
  if (!category) return "Every category";
  if (typeof category === "object" && category.name) return category.name;
  const id = typeof category === "string" ? category : category._id;
  return categories.find((item) => item._id === id)?.name ?? "—";
}

function AdminSizeGuides() {
  const guides = useAdminData(() => api.sizeGuides.list(), "size-guides");
  const categories = useAdminData(() => api.categories.list(), "categories");
  const list = Array.isArray(guides.data) ? guides.data : [];
  const categoryList = (categories.data ?? []) as CategoryNode[];
  const [editor, setEditor] = useState<{ guide: SizeGuide | null } | null>(null);

  async function remove(guide: SizeGuide) {
    try {
      const answer = await api.admin.deleteSizeGuide(guide._id);
      toast.success(answer?.message ?? "Size guide deleted");
      guides.reload();
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <div>
      <PageHeader
        title="Size guides"
        description="Measurement tables shown on product pages."
        actions={
          <Button onClick={() => setEditor({ guide: null })}>
            <Plus className="h-4 w-4" aria-hidden="true" /> New size guide
          </Button>
        }
      />
      {guides.error && <ErrorNote message={guides.error} onRetry={guides.reload} />}
      {guides.loading && !guides.data ? (
        <TableSkeleton />
      ) : (
        <DataTable>
          <thead>
            <tr>
              <th>Name</th>
              <th>Category</th>
              <th>Table</th>
              <th className="text-right">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.length === 0 && <EmptyRow colSpan={4} text="No size guides yet." />}
            {list.map((guide) => (
              <tr key={guide._id} data-testid="size-guide-row">
                <td className="font-medium">{guide.name}</td>
                <td>{categoryName(guide, categoryList)}</td>
                <td className="text-xs text-stone-600">
                  {guide.rows.map((row) => row.size).join(", ")} · {guide.columns.join(", ")} (
                  {guide.unit})
                </td>
                <td>
                  <div className="flex justify-end gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Edit ${guide.name}`}
                      onClick={() => setEditor({ guide })}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </Button>
                    <ConfirmAction
                      title="Delete this size guide?"
                      description={`"${guide.name}" is no longer shown on product pages.`}
                      onConfirm={() => remove(guide)}
                    >
                      <Button size="sm" variant="ghost" aria-label={`Delete ${guide.name}`}>
                        <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
                      </Button>
                    </ConfirmAction>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {editor && (
        <SizeGuideEditor
          guide={editor.guide}
          categories={categoryList}
          onClose={() => setEditor(null)}
          onSaved={() => {
            setEditor(null);
            guides.reload();
          }}
        />
      )}
    </div>
  );
}
