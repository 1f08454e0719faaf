import { Eye, EyeOff, Pencil, Plus, Search, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { CategoryOptions, type CategoryNode } from "~/components/admin/category-options";
import {
  ConfirmAction,
  DataTable,
  EmptyRow,
  ErrorNote,
  listOf,
  PageHeader,
  Pagination,
  StatusBadge,
  TableSkeleton,
  toastError,
  useAdminData,
} from "~/components/admin/common";
import { ProductEditor } from "~/components/admin/product-editor";
import { Button } from "~/components/ui/button";
import { Input, NativeSelect } from "~/components/ui/input";
import { api, type Product } from "~/lib/api-client";
import { imageUrl } from "~/lib/image-url";
import { formatBDT } from "~/lib/money";

export function meta() {
  return [{ title: "Products — Tweest admin" }];
}

const PAGE_SIZE = 20;

export default function AdminProducts() {
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const category = params.get("category") ?? "";
  const page = Math.max(1, Number(params.get("page") ?? 1) || 1);
  const [draft, setDraft] = useState(search);
  const [editing, setEditing] = useState<Product | null>(null);
  const [creating, setCreating] = useState(false);

  const products = useAdminData(
    () => api.admin.products({ search, category, pageNumber: page - 1, pageSize: PAGE_SIZE }),
    `${search}|${category}|${page}`,
  );
  const categories = useAdminData(() => api.categories.list(), "categories");
  const rows = listOf<Product>(products.data, "products");
  const total = products.data && !Array.isArray(products.data) ? products.data.total : rows.length;
  const categoryList = (categories.data ?? []) as CategoryNode[];

  function update(next: Record<string, string>) {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged, { replace: true });
  }

  async function toggleActive(product: Product) {
    const body = new FormData();
    body.set("isActive", String(!product.isActive));
    try {
      const saved = await api.admin.updateProduct(product._id, body);
      toast.success(
        saved.isActive ? `${saved.title} is visible in the shop` : `${saved.title} is hidden`,
      );
      products.reload();
    } catch (error) {
      toastError(error);
    }
  }

  async function remove(product: Product) {
    try {
      const answer = await api.admin.deleteProduct(product._id);
      toast.success(answer?.message ?? "Product deleted");
      products.reload();
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <div>
      <PageHeader
        title="Products"
        description="Every product, visible or hidden. Stock lives on the colour x size variants."
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" /> New product
          </Button>
        }
      />
      <form
        className="mb-3 flex flex-wrap gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          update({ search: draft.trim(), page: "" });
        }}
        role="search"
      >
        <div className="relative min-w-56 flex-1">
          <Search className="absolute top-3 left-3 h-4 w-4 text-stone-400" aria-hidden="true" />
          <Input
            className="pl-9"
            placeholder="Search title, brand or slug"
            aria-label="Search products"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <NativeSelect
          aria-label="Category"
          className="w-56"
          value={category}
          onChange={(event) => update({ category: event.target.value, page: "" })}
        >
          <option value="">All categories</option>
          <CategoryOptions categories={categoryList} />
        </NativeSelect>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
      {products.error && <ErrorNote message={products.error} onRetry={products.reload} />}
      {products.loading && !products.data ? (
        <TableSkeleton />
      ) : (
        <DataTable>
          <thead>
            <tr>
              <th>Product</th>
              <th>Category</th>
              <th className="text-right">Price</th>
              <th className="text-right">Stock</th>
              <th>Status</th>
              <th className="text-right">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow colSpan={6} text="No products match." />}
            {rows.map((product) => (
              <tr key={product._id} data-testid="product-row">
                <td>
                  <div className="flex items-center gap-3">
                    <img
                      src={imageUrl(product.imageUrl ?? product.images?.[0])}
                      alt=""
                      className="h-10 w-10 shrink-0 rounded object-cover"
                    />
                    <div className="min-w-0">
                      <p className="font-medium">{product.title}</p>
                      {product.slug && (
                        <Link
                          to={`/product/${product.slug}`}
                          className="text-xs text-stone-500 hover:underline"
                          target="_blank"
                        >
                          /product/{product.slug}
                        </Link>
                      )}
                    </div>
                  </div>
                </td>
                <td>
                  {typeof product.category === "object" && product.category
                    ? product.category.name
                    : (product.categoryName ?? "—")}
                </td>
                <td className="text-right tabular-nums">
                  {formatBDT(product.discountedPrice ?? product.price)}
                  {product.discountedPrice !== undefined &&
                    product.discountedPrice < product.price && (
                      <span className="block text-xs text-stone-400 line-through">
                        {formatBDT(product.price)}
                      </span>
                    )}
                </td>
                <td className="text-right tabular-nums">{product.quantity ?? 0}</td>
                <td>
                  <StatusBadge status={product.isActive === false ? "HIDDEN" : "ACTIVE"} />
                </td>
                <td>
                  <div className="flex justify-end gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => void toggleActive(product)}
                      aria-label={
                        product.isActive === false
                          ? `Show ${product.title}`
                          : `Hide ${product.title}`
                      }
                    >
                      {product.isActive === false ? (
                        <Eye className="h-4 w-4" aria-hidden="true" />
                      ) : (
                        <EyeOff className="h-4 w-4" aria-hidden="true" />
                      )}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setEditing(product)}
                      aria-label={`Edit ${product.title}`}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                    </Button>
                    <ConfirmAction
                      title="Delete this product?"
                      description={`"${product.title}" and its images are removed for good.`}
                      onConfirm={() => remove(product)}
                    >
                      <Button size="sm" variant="ghost" aria-label={`Delete ${product.title}`}>
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
      <Pagination
        page={page}
        totalPages={Math.ceil(total / PAGE_SIZE)}
        total={total}
        onPage={(next) => update({ page: String(next) })}
      />
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
          products.reload();
        }}
      />
    </div>
  );
}
