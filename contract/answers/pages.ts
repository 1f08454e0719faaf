/** Answers of /api/pages and /api/admin/pages: the shop's own pages. */
import { z } from "zod";
import { Timestamp } from "./common.js";

const BothLanguages = z.object({ en: z.string(), bn: z.string() });

/** A published page as the footer lists it. */
export const PageLink = z.object({ slug: z.string(), title: BothLanguages });
export type PageLink = z.output<typeof PageLink>;

/** A published page as the storefront shows it: the sanitised HTML of each language. */
export const PageAnswer = z.object({
  slug: z.string(),
  title: BothLanguages,
  description: BothLanguages,
  html: BothLanguages,
  /** Goes up by one with every change of a title, description or text. */
  version: z.number(),
  updatedAt: Timestamp,
});
export type PageAnswer = z.output<typeof PageAnswer>;

/** A page as the back office edits it: the Markdown, whether it is published, and its HTML. */
export const AdminPageAnswer = PageAnswer.extend({
  _id: z.string(),
  body: BothLanguages,
  published: z.boolean(),
  /** One of the pages every shop has: it can be unpublished (not the terms) but not deleted. */
  standard: z.boolean(),
});
export type AdminPageAnswer = z.output<typeof AdminPageAnswer>;
