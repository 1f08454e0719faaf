import { useLingui } from "@lingui/react";
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import {
  readSubmission,
  runAdminAction,
  submittedForm,
  unknownIntent,
  useAdminAction,
  activeFlagForm,
} from "~/components/admin/admin-action";
import { backOfficeI18n, formatCount, formatTaka } from "~/components/admin/admin-i18n";
import { ExportCatalogueButton, ImportCatalogueButton } from "~/components/admin/catalogue-csv";
import { CategoryOptions, type CategoryNode } from "~/components/admin/category-options";
import { loadForAdmin, PageHeader, StatusBadge, useLoadedData } from "~/components/admin/common";
import {
  ConfirmDelete,
  EditButton,
  FilterSelect,
  listQuery,
  ListTable,
  ListToolbar,
  NewButton,
  RowActions,
  usePagedList,
  type ListSpec,
} from "~/components/admin/list";
import { ProductEditor } from "~/components/admin/product-editor";
import { Button } from "~/components/ui/button";
import { api, type Product } from "~/lib/admin-api-client";
import { imageUrl } from "~/lib/image-url";
import type { Route } from "./+types/products";

export function meta() {
  return [{ title: `${backOfficeI18n._("Products")} — Tweest admin` }];
}

const LIST: ListSpec = { key: "products", filters: ["search", "category"], limit: 20 };

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { search, category, page, limit } = listQuery(request.url, LIST);
  const [products, categories] = await Promise.all([
    loadForAdmin(request, () =>
      api.admin.products({ search, category, pageNumber: page - 1, pageSize: limit }),
    ),
    loadForAdmin(request, () => api.categories.list()),
  ]);
  return { products, categories };
}

/**
 * Create and update (multipart, from the editor), show/hide and delete; React Router then loads the
 * list again (not after a refusal).
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, id, body } = await readSubmission(request);
  const i18n = backOfficeI18n;
  switch (intent) {
    case "create":
      return runAdminAction(
        async () => api.admin.createProduct(submittedForm(body)),
        i18n._("Product created"),
      );
    case "update":
      return runAdminAction(
        async () => api.admin.updateProduct(id, submittedForm(body)),
        i18n._("Product saved"),
      );
    case "set-visibility": {
      return runAdminAction(
        () => api.admin.updateProduct(id, activeFlagForm(body)),
        (answer) => {
          const saved = answer as Product;
          return saved.isActive
            ? i18n._("{title} is visible in the shop", { title: saved.title })
            : i18n._("{title} is hidden", { title: saved.title });
        },
      );
    }
    case "delete":
      return runAdminAction(() => api.admin.deleteProduct(id), i18n._("Product deleted"));
    default:
      return unknownIntent(intent);
  }
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const [editing, setEditing] = useState<Product | null>(null);
  const [creating, setCreating] = useState(false);

  const products = usePagedList<Product>(LIST, loaderData.products);
  const categories = useLoadedData(loaderData.categories);
  const categoryList = (categories.data ?? []) as CategoryNode[];

  const change = useAdminAction();

  return (
    <div>
      <PageHeader
        title={i18n._("Products")}
        description={i18n._(
          "Every product, visible or hidden. Stock lives on the colour x size variants.",
        )}
        actions={
          <>
            <ExportCatalogueButton />
            <ImportCatalogueButton />
            <NewButton onClick={() => setCreating(true)}>{i18n._("New product")}</NewButton>
          </>
        }
      />
      <ListToolbar
        search={products.filters.search}
        onSearch={(search) => products.update({ search, page: "" })}
        label={i18n._("Search products")}
        placeholder={i18n._("Search title, brand or slug")}
      >
        <FilterSelect
          label={i18n._("Category")}
          allLabel={i18n._("All categories")}
          className="w-56"
          value={products.filters.category}
          onChange={(category) => products.update({ category, page: "" })}
        >
          <CategoryOptions categories={categoryList} />
        </FilterSelect>
      </ListToolbar>
      <ListTable
        list={products}
        columns={[
          i18n._("Product"),
          i18n._("Category"),
          { label: i18n._("Price"), right: true },
          { label: i18n._("Stock"), right: true },
          i18n._("Status"),
          { label: i18n._("Actions"), right: true },
        ]}
        emptyText={i18n._("No products match.")}
        onPage={(next) => products.update({ page: String(next) })}
      >
        {products.rows.map((product) => (
          <tr key={product._id} data-testid="product-row">
            <td>
              <div className="flex items-center gap-3">
                <img
                  src={imageUrl(product.imageUrl ?? product.images?.[0])}
                  alt=""
                  className="h-10 w-10 shrink-0 rounded object-cover"
                />
                <div className="min-w-0">
                  <p className="font-medium" translate="no">
                    {product.title}
                  </p>
                  {product.slug && (
                    <Link
                      to={`/product/${product.slug}`}
                      className="text-xs text-stone-500 hover:underline"
                      target="_blank"
                      translate="no"
                    >
                      /product/{product.slug}
                    </Link>
                  )}
                </div>
              </div>
            </td>
            <td translate="no">
              {typeof product.category === "object" && product.category
                ? product.category.name
                : (product.categoryName ?? "—")}
            </td>
            <td className="text-right tabular-nums">
              {formatTaka(product.discountedPrice ?? product.price)}
              {product.discountedPrice !== undefined && product.discountedPrice < product.price && (
                <span className="block text-xs text-stone-400 line-through">
                  {formatTaka(product.price)}
                </span>
              )}
            </td>
            <td className="text-right tabular-nums">
              <Link
                to={`/admin/stock?productId=${product._id}`}
                className="hover:underline"
                aria-label={i18n._("Stock of {title}: {count}", {
                  title: product.title,
                  count: formatCount(product.quantity ?? 0),
                })}
              >
                {formatCount(product.quantity ?? 0)}
              </Link>
            </td>
            <td>
              <StatusBadge status={product.isActive === false ? "HIDDEN" : "ACTIVE"} />
            </td>
            <td>
              <RowActions>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={change.pending}
                  onClick={() =>
                    void change.submit("set-visibility", {
                      id: product._id,
                      body: { isActive: product.isActive === false },
                    })
                  }
                  aria-label={
                    product.isActive === false
                      ? i18n._("Show {title}", { title: product.title })
                      : i18n._("Hide {title}", { title: product.title })
                  }
                >
                  {product.isActive === false ? (
                    <Eye className="h-4 w-4" aria-hidden="true" />
                  ) : (
                    <EyeOff className="h-4 w-4" aria-hidden="true" />
                  )}
                </Button>
                <EditButton
                  label={i18n._("Edit {name}", { name: product.title })}
                  onClick={() => setEditing(product)}
                />
                <ConfirmDelete
                  title={i18n._("Delete this product?")}
                  description={i18n._("{quoted} and its images are removed for good.", {
                    quoted: `"${product.title}"`,
                  })}
                  label={i18n._("Delete {name}", { name: product.title })}
                  onConfirm={() => void change.submit("delete", { id: product._id })}
                />
              </RowActions>
            </td>
          </tr>
        ))}
      </ListTable>
      <ProductEditor
        open={creating || editing !== null}
        product={editing}
        categories={categoryList}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
        onSaved={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </div>
  );
}
