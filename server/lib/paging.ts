/** A page of a listing: `page` counts from 1, `limit` items per page (validated by the schemas). */
export interface PageRequest {
  page: number;
  limit: number;
}

/** The documents to skip and take for one page (mongoose `.skip()` / `.limit()`). */
export function pageWindow({ page, limit }: PageRequest): { skip: number; limit: number } {
  return { skip: (page - 1) * limit, limit };
}

/** How many pages `total` items fill; an empty listing still has its one (empty) page. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The paging part of a listing's answer: `{total, page, totalPages}`. */
export function pageSummary(
  total: number,
  { page, limit }: PageRequest,
): { total: number; page: number; totalPages: number } {
  return { total, page, totalPages: pageCount(total, limit) };
}
