import type { CategoryAnswer } from "#contract/answers/catalog";

/** One step of a breadcrumb's category path: what its link needs and nothing more. */
export interface CategoryStep {
  name: string;
  nameBn?: string;
  slug: string;
}

type CategoryLike = Pick<CategoryAnswer, "_id" | "name" | "nameBn" | "slug" | "parentCategory">;

/**
 * The category `id` and its ancestors, root first (Men › T-Shirts), found in the header's category
 * list (loaders have it already: no extra read). Categories are at most three levels deep; a
 * missing parent or a loop ends the walk.
 */
export function categoryTrail(categories: readonly CategoryLike[], id: string | undefined) {
  const byId = new Map(categories.map((category) => [category._id, category]));
  const trail: CategoryLike[] = [];
  for (let current = id ? byId.get(id) : undefined; current && trail.length < 5;) {
    if (trail.includes(current)) break;
    trail.unshift(current);
    current = current.parentCategory ? byId.get(current.parentCategory) : undefined;
  }
  return trail;
}

/** The steps a page sends to the browser (names and slugs only). */
export function toSteps(trail: readonly CategoryLike[]): CategoryStep[] {
  return trail.map(({ name, nameBn, slug }) => ({ name, ...(nameBn ? { nameBn } : {}), slug }));
}
