import mongoose, { Schema } from "mongoose";
import { trackContentChanges } from "./content-version.model.js";

const BothLanguages = new Schema(
  { en: { type: String, default: "" }, bn: { type: String, default: "" } },
  { _id: false },
);

/**
 * The shop's own pages (collection `pages`, docs/pages.md). `body` holds the Markdown as the admin
 * wrote it; the HTML is rendered and sanitised on every read (a safer sanitiser applies to every
 * page at once). `version` goes up by one with each change of a title, description or text: an
 * order records the terms page's version it was placed under.
 *
 * Index: `{slug: 1}` unique (one page per address; the read by slug). Nothing else: the footer,
 * the sitemap and the back office read the whole collection, which holds at most MAX_PAGES.
 */
const PageSchema = new Schema(
  {
    slug: { type: String, required: true, unique: true },
    title: { type: BothLanguages, required: true },
    description: { type: BothLanguages, default: () => ({}) },
    body: { type: BothLanguages, required: true },
    published: { type: Boolean, default: true },
    standard: { type: Boolean, default: false },
    version: { type: Number, default: 1 },
    updatedBy: {
      type: new Schema({ id: String, email: String, name: String }, { _id: false }),
      default: null,
    },
  },
  { timestamps: true, versionKey: false, collection: "pages", minimize: false },
);

export interface PageFields {
  _id: mongoose.Types.ObjectId;
  slug: string;
  title: { en: string; bn: string };
  description: { en: string; bn: string };
  body: { en: string; bn: string };
  published: boolean;
  standard: boolean;
  version: number;
  updatedBy: { id: string; email: string; name: string } | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The pages' version document: every write of a page records a change (the footer's cached links). */
export const PAGES_CONTENT_ID = "pages";
trackContentChanges(PageSchema, PAGES_CONTENT_ID);

export const Page =
  (mongoose.models.Page as mongoose.Model<PageFields>) ?? mongoose.model("Page", PageSchema);
