import type { CategoryRef } from "~/lib/api-client";

/** What the tree needs of a category (the storefront's list and the admin answers both fit). */
export interface CategoryNode extends Pick<
  CategoryRef,
  "_id" | "name" | "nameBn" | "parentCategory"
> {
  slug?: string;
  level?: number;
  sortOrder?: number;
}

export interface TreeRow {
  category: CategoryNode;
  depth: number;
}

/** Parents first, each followed by its children (depth-first), whatever order the list came in. */
export function categoryTree(categories: CategoryNode[]): TreeRow[] {
  const byParent = new Map<string, CategoryNode[]>();
  const ids = new Set(categories.map((category) => category._id));
  for (const category of categories) {
    const parent =
      category.parentCategory && ids.has(category.parentCategory) ? category.parentCategory : "";
    byParent.set(parent, [...(byParent.get(parent) ?? []), category]);
  }
  const rows: TreeRow[] = [];
  const visit = (parent: string, depth: number) => {
    const children = [...(byParent.get(parent) ?? [])].sort(
      (a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0) || a.name.localeCompare(b.name),
    );
    for (const child of children) {
      rows.push({ category: child, depth });
      if (depth < 5) visit(child._id, depth + 1);
    }
  };
  visit("", 0);
  return rows;
}

/** <option>s of the category tree, indented by depth; a category's name is shown as written. */
export function CategoryOptions({ categories }: { categories: CategoryNode[] }) {
  return (
    <>
      {categoryTree(categories).map(({ category, depth }) => (
        <option key={category._id} value={category._id} translate="no">
          {`${"\u00a0\u00a0".repeat(depth)}${depth > 0 ? "└ " : ""}${category.name}`}
        </option>
      ))}
    </>
  );
}
