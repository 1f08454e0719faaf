/**
 * Small pieces several API schemas share: ids, paging and amounts of money. Like every module in contract/, free
 * of mongoose (only zod), so the admin UI can import the same schemas the server validates with.
 */
import { z } from "zod";
import { numeric } from "../numeric.js";

export const ObjectIdString = z.string().regex(/^[0-9a-fA-F]{24}$/, "Invalid id");
export const IdParams = z.object({ id: ObjectIdString });

/** An amount of money in whole taka, as cash is counted, from 0 to `max`. */
export function Taka(max: number) {
  return z
    .number({ error: "Enter an amount in taka" })
    .int("Whole taka only")
    .min(0, "An amount cannot be negative")
    .max(max, "That amount is too large");
}

/** `?page=1&limit=20`: 1-based pages of at most 100 rows. Spread into a query object. */
export const PageQuery = {
  page: numeric(z.number().int().min(1).default(1)),
  limit: numeric(z.number().int().min(1).max(100).default(20)),
};

/**
 * `?pageNumber=0&pageSize=N`: 0-based pages (the storefront's product lists); larger sizes are
 * clamped to `maxSize` rather than refused. Spread into a query object.
 */
export function zeroBasedPageQuery(defaultSize: number, maxSize: number) {
  return {
    pageNumber: numeric(z.number().int().min(0).default(0)),
    pageSize: numeric(
      z
        .number()
        .int()
        .min(1)
        .default(defaultSize)
        .transform((size) => Math.min(size, maxSize)),
    ),
  };
}
