import { useLingui } from "@lingui/react";
import { Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  showFieldErrors,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import { backOfficeI18n, serverText } from "~/components/admin/admin-i18n";
import {
  categoryTree,
  CategoryOptions,
  type CategoryNode,
} from "~/components/admin/category-options";
import { loadForAdmin, PageHeader, useLoadedData } from "~/components/admin/common";
import {
  ConfirmDelete,
  EditButton,
  FormActions,
  ListTable,
  NewButton,
  RowActions,
  TextField,
  wholeList,
} from "~/components/admin/list";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Field, NativeSelect } from "~/components/ui/input";
import { CategoryBody, validateInto } from "~/lib/admin-schemas";
import { api } from "~/lib/admin-api-client";
import type { Route } from "./+types/categories";

export function meta() {
  return [{ title: `${backOfficeI18n._("Categories")} — Tweest admin` }];
}

const FIELDS = ["name", "nameBn", "slug", "parentCategory", "sortOrder"] as const;
interface Values {
  name: string;
  nameBn: string;
  slug: string;
  parentCategory: string;
  sortOrder: string;
}

function CategoryEditor({
  open,
  category,
  parentId,
  categories,
  onClose,
  onSaved,
}: {
  open: boolean;
  category: CategoryNode | null;
  parentId: string;
  categories: CategoryNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { i18n } = useLingui();
  const { register, handleSubmit, reset, setError, clearErrors, formState } = useForm<Values>();
  const { errors } = formState;
  const save = useAdminAction({
    onSuccess: onSaved,
    onFailure: (result) => showFieldErrors(result, setError, FIELDS),
  });
  useEffect(() => {
    if (open)
      reset({
        name: category?.name ?? "",
        nameBn: category?.nameBn ?? "",
        slug: category?.slug ?? "",
        parentCategory: category ? (category.parentCategory ?? "") : parentId,
        sortOrder: category?.sortOrder !== undefined ? String(category.sortOrder) : "",
      });
  }, [open, category, parentId, reset]);

  async function onSubmit(values: Values) {
    clearErrors();
    const payload = {
      name: values.name,
      nameBn: values.nameBn,
      slug: values.slug.trim() || undefined,
      parentCategory: values.parentCategory || null,
      sortOrder: values.sortOrder === "" ? undefined : values.sortOrder,
    };
    const parsed = validateInto(CategoryBody, payload, setError, FIELDS);
    if (!parsed) return;
    await save.submit(category ? "update" : "create", { id: category?._id, body: payload });
  }

  // A category cannot move under itself.
  const choices = categories.filter((item) => item._id !== category?._id);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-md">
        <DialogTitle>
          {category ? i18n._("Edit {name}", { name: category.name }) : i18n._("New category")}
        </DialogTitle>
        <DialogDescription>
          {i18n._("Up to three levels; products follow a moved category.")}
        </DialogDescription>
        <form onSubmit={handleSubmit(onSubmit)} className="mt-4 space-y-3" noValidate>
          <TextField
            id="c-name"
            label={i18n._("Name")}
            error={errors.name?.message}
            {...register("name")}
          />
          <TextField
            id="c-name-bn"
            label="নাম (বাংলা)"
            hint={i18n._("Name in Bangla, optional; empty shows the English name")}
            lang="bn"
            error={errors.nameBn?.message}
            {...register("nameBn")}
          />
          <TextField
            id="c-slug"
            label={i18n._("Slug")}
            hint={i18n._("Empty: made from the name")}
            error={errors.slug?.message}
            {...register("slug")}
          />
          <Field
            id="c-parent"
            label={i18n._("Parent")}
            error={errors.parentCategory?.message && serverText(errors.parentCategory.message)}
          >
            <NativeSelect id="c-parent" {...register("parentCategory")}>
              <option value="">{i18n._("None (top level)")}</option>
              <CategoryOptions categories={choices} />
            </NativeSelect>
          </Field>
          <TextField
            id="c-sort"
            label={i18n._("Sort order")}
            inputMode="numeric"
            error={errors.sortOrder?.message}
            {...register("sortOrder")}
          />
          <FormActions onCancel={onClose} submitting={save.pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { categories: await loadForAdmin(request, () => api.categories.list()) };
}

/** Create, update and delete; React Router then loads the tree again (not after a refusal). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, id, body } = await readSubmission(request);
  const i18n = backOfficeI18n;
  switch (intent) {
    case "create":
      return runAdminAction(
        async () => api.admin.createCategory(parseSubmitted(CategoryBody, body)),
        i18n._("Category created"),
      );
    case "update":
      return runAdminAction(
        async () => api.admin.updateCategory(id, parseSubmitted(CategoryBody, body)),
        i18n._("Category saved"),
      );
    case "delete":
      // 409 while products or sub-categories use it: the server's message says which.
      return runAdminAction(() => api.admin.deleteCategory(id), i18n._("Category deleted"));
    default:
      return unknownIntent(intent);
  }
}

export default function AdminCategories({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const categories = useLoadedData(loaderData.categories);
  const remove = useAdminAction();
  const list = (categories.data ?? []) as CategoryNode[];
  const [editor, setEditor] = useState<{ category: CategoryNode | null; parentId: string } | null>(
    null,
  );

  return (
    <div>
      <PageHeader
        title={i18n._("Categories")}
        description={i18n._("The category tree of the shop.")}
        actions={
          <NewButton onClick={() => setEditor({ category: null, parentId: "" })}>
            {i18n._("New category")}
          </NewButton>
        }
      />
      <ListTable
        list={wholeList(categories, list)}
        columns={[i18n._("Name"), i18n._("Slug"), { label: i18n._("Actions"), right: true }]}
        emptyText={i18n._("No categories yet.")}
      >
        {categoryTree(list).map(({ category, depth }) => (
          <tr key={category._id} data-testid="category-row">
            <td>
              <span
                style={{ paddingLeft: `${depth * 1.5}rem` }}
                className="font-medium"
                translate="no"
              >
                {depth > 0 && <span className="mr-1 text-stone-400">└</span>}
                {category.name}
              </span>
            </td>
            <td className="text-stone-500" translate="no">
              {category.slug}
            </td>
            <td>
              <RowActions>
                {depth < 2 && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setEditor({ category: null, parentId: category._id })}
                    aria-label={i18n._("Add a sub-category to {name}", { name: category.name })}
                  >
                    <Plus className="h-4 w-4" aria-hidden="true" />
                  </Button>
                )}
                <EditButton
                  label={i18n._("Edit {name}", { name: category.name })}
                  onClick={() => setEditor({ category, parentId: "" })}
                />
                <ConfirmDelete
                  title={i18n._("Delete this category?")}
                  description={i18n._(
                    "{quoted} is removed. A category still used by products or with sub-categories is kept.",
                    { quoted: `"${category.name}"` },
                  )}
                  label={i18n._("Delete {name}", { name: category.name })}
                  onConfirm={() => void remove.submit("delete", { id: category._id })}
                />
              </RowActions>
            </td>
          </tr>
        ))}
      </ListTable>
      <CategoryEditor
        open={editor !== null}
        category={editor?.category ?? null}
        parentId={editor?.parentId ?? ""}
        categories={list}
        onClose={() => setEditor(null)}
        onSaved={() => setEditor(null)}
      />
    </div>
  );
}
