import { PAGES_CONTENT_ID, Page, type PageFields } from "../../models/page.model.js";
import { versionedCopy } from "../lib/versioned-copy.js";
import type { ActingAdmin } from "../lib/acting-admin.js";
import { HttpError, conflict, notFound } from "../lib/http-error.js";
import { plainSummary, renderPageHtml } from "../lib/page-html.js";
import { defaultPages } from "./default-pages.js";
import { getShopSettings } from "./shop-settings.service.js";
import { recordAudit, type AuditRecord } from "./audit.service.js";
import type { AdminPageAnswer, PageAnswer, PageLink } from "#contract/answers/pages";
import {
  MAX_PAGES,
  STANDARD_PAGE_SLUGS,
  TERMS_PAGE_SLUG,
  type PageCreateBody,
  type PageUpdateBody,
} from "#contract/schemas/pages";

/** The shop's own pages (docs/pages.md): standard ones created when missing, the owner's own ones. */

export const PAGE_NOT_FOUND_MESSAGE = "Page not found";
export const STANDARD_PAGE_DELETE_MESSAGE =
  "The shop's standard pages cannot be deleted. Unpublish the page instead.";
export const TERMS_STAY_PUBLISHED_MESSAGE =
  "The terms page stays published: the checkout asks every shopper to accept it.";
export const TOO_MANY_PAGES_MESSAGE = `A shop has at most ${MAX_PAGES} pages. Delete one first.`;
export const STALE_PAGE_MESSAGE =
  "Someone else saved this page at the same moment. Reload it to see their text, then save again.";

const isStandard = (slug: string) => (STANDARD_PAGE_SLUGS as readonly string[]).includes(slug);

/** The standard pages in their fixed order first (as the footer lists them), then the owner's by age. */
function inShowOrder(pages: PageFields[]): PageFields[] {
  const rank = (page: PageFields) => {
    const standard = STANDARD_PAGE_SLUGS.indexOf(page.slug as never);
    return standard >= 0 ? standard : STANDARD_PAGE_SLUGS.length;
  };
  return [...pages].sort(
    (a, b) => rank(a) - rank(b) || a.createdAt.getTime() - b.createdAt.getTime(),
  );
}

/**
 * Creates the standard pages a shop lacks, from the settings in force (a new shop, or a database
 * restored from before the pages existed). Two instances doing it at once meet the unique slug.
 */
async function createMissingStandardPages(present: Set<string>): Promise<void> {
  const missing = defaultPages(await getShopSettings()).filter((page) => !present.has(page.slug));
  if (missing.length === 0) return;
  try {
    await Page.insertMany(
      missing.map((page) => ({
        ...page,
        description: { en: "", bn: "" },
        published: true,
        standard: true,
        version: 1,
      })),
      { ordered: false },
    );
  } catch (error) {
    if ((error as { code?: unknown }).code !== 11000) throw error;
  }
}

/**
 * Creates the standard pages a shop lacks: at start-up (server/index.ts), so no request writes them
 * on a running shop; a read that still finds one missing (a database emptied behind the shop's
 * back) creates it then.
 */
export async function ensureStandardPages(): Promise<void> {
  await allPages();
}

/** Every page, the standard ones created first when any is missing (one read when none is). */
async function allPages(): Promise<PageFields[]> {
  let pages = await Page.find().lean<PageFields[]>();
  const present = new Set(pages.map((page) => page.slug));
  if (STANDARD_PAGE_SLUGS.some((slug) => !present.has(slug))) {
    await createMissingStandardPages(present);
    pages = await Page.find().lean<PageFields[]>();
  }
  return inShowOrder(pages);
}

function pageAnswer(page: PageFields): PageAnswer {
  const html = { en: renderPageHtml(page.body.en), bn: renderPageHtml(page.body.bn) };
  return {
    slug: page.slug,
    title: { en: page.title.en, bn: page.title.bn },
    description: {
      en: page.description.en || plainSummary(html.en),
      bn: page.description.bn || plainSummary(html.bn),
    },
    html,
    version: page.version,
    updatedAt: page.updatedAt.toISOString(),
  };
}

function adminPageAnswer(page: PageFields): AdminPageAnswer {
  return {
    ...pageAnswer(page),
    _id: String(page._id),
    description: { en: page.description.en, bn: page.description.bn },
    body: { en: page.body.en, bn: page.body.bn },
    published: page.published,
    standard: page.standard,
  };
}

/**
 * The published pages' links, which every storefront page's footer shows: an in-process copy
 * checked against the pages' version (server/lib/versioned-copy.ts), as the campaign popups are, so
 * a page costs no page query; a page written here is in this instance's next page at once and in
 * another instance's within a second.
 */
const publishedLinks = versionedCopy({
  id: PAGES_CONTENT_ID,
  checkAfterMs: 500,
  reloadAfterMs: 5 * 60_000,
  load: async (): Promise<PageLink[]> =>
    (await allPages())
      .filter((page) => page.published)
      .map((page) => ({ slug: page.slug, title: { en: page.title.en, bn: page.title.bn } })),
});

/** Forgets this instance's copy of the footer's links (tests empty the database behind its back). */
export const invalidatePublishedPages = () => publishedLinks.invalidate();

/** Which copy of the published pages is held (the page cache's version; undefined: none). */
export const publishedPagesVersion = () => publishedLinks.version();

/** `GET /api/pages`: the published pages' addresses and titles, in the footer's order. */
export function listPublishedPages(): Promise<PageLink[]> {
  return publishedLinks.read();
}

async function findPage(slug: string): Promise<PageFields> {
  const stored = await Page.findOne({ slug }).lean<PageFields>();
  if (stored) return stored;
  // A standard page nobody has read yet is created on its first read.
  if (isStandard(slug)) {
    const page = (await allPages()).find((candidate) => candidate.slug === slug);
    if (page) return page;
  }
  throw notFound(PAGE_NOT_FOUND_MESSAGE);
}

/** `GET /api/pages/{slug}`: a published page with its sanitised HTML; 404 when unpublished. */
export async function readPublishedPage(slug: string): Promise<PageAnswer> {
  const page = await findPage(slug);
  if (!page.published) throw notFound(PAGE_NOT_FOUND_MESSAGE);
  return pageAnswer(page);
}

/** The terms page's version, as an order records the terms its shopper accepted. */
export async function termsVersion(): Promise<number> {
  return (await findPage(TERMS_PAGE_SLUG)).version;
}

export async function listAdminPages(): Promise<AdminPageAnswer[]> {
  return (await allPages()).map(adminPageAnswer);
}

export async function readAdminPage(slug: string): Promise<AdminPageAnswer> {
  return adminPageAnswer(await findPage(slug));
}

export async function createPage(
  body: PageCreateBody,
  admin: ActingAdmin,
): Promise<AdminPageAnswer> {
  const pages = await allPages();
  if (pages.some((page) => page.slug === body.slug))
    throw conflict("A page with this address already exists", "DUPLICATE");
  if (pages.length >= MAX_PAGES) throw new HttpError(409, TOO_MANY_PAGES_MESSAGE, "TOO_MANY_PAGES");
  const created = await Page.create({
    ...body,
    standard: false,
    version: 1,
    updatedBy: admin,
  });
  await recordAudit({ ...pageEntry(body.slug, "create", admin), after: auditedPage(created) });
  return adminPageAnswer(created.toObject<PageFields>());
}

const TEXT_FIELDS = ["title", "description", "body"] as const;

/** A page as the audit trail compares it: its texts in both languages and whether it is published. */
const auditedPage = (page: Pick<PageFields, (typeof TEXT_FIELDS)[number] | "published">) => ({
  title: page.title,
  description: page.description,
  body: page.body,
  published: page.published,
});

const pageEntry = (slug: string, action: string, admin: ActingAdmin): AuditRecord => ({
  entity: "page",
  entityId: slug,
  action,
  by: admin,
  label: slug,
});

/**
 * Saves what the edit sends. The version goes up by one when a title, description or text of
 * either language changes (not for publishing alone); the write is conditional on the version
 * read, so of two admins saving at once the second hears 409 instead of overwriting.
 */
export async function updatePage(
  slug: string,
  body: PageUpdateBody,
  admin: ActingAdmin,
): Promise<AdminPageAnswer> {
  const page = await findPage(slug);
  if (slug === TERMS_PAGE_SLUG && body.published === false)
    throw new HttpError(400, TERMS_STAY_PUBLISHED_MESSAGE, "TERMS_STAY_PUBLISHED");
  const textChanged = TEXT_FIELDS.some((field) => {
    const next = body[field];
    return next !== undefined && (next.en !== page[field].en || next.bn !== page[field].bn);
  });
  const publishedChanged = body.published !== undefined && body.published !== page.published;
  if (!textChanged && !publishedChanged) return adminPageAnswer(page);
  const saved = await Page.findOneAndUpdate(
    { _id: page._id, version: page.version },
    {
      $set: { ...body, updatedBy: admin },
      ...(textChanged ? { $inc: { version: 1 } } : {}),
    },
    { new: true, lean: true },
  );
  if (!saved) throw conflict(STALE_PAGE_MESSAGE, "STALE_VERSION");
  await recordAudit({
    ...pageEntry(slug, "update", admin),
    before: auditedPage(page),
    after: auditedPage(saved as PageFields),
  });
  return adminPageAnswer(saved as PageFields);
}

export async function deletePage(slug: string, admin: ActingAdmin): Promise<{ message: string }> {
  if (isStandard(slug)) throw new HttpError(409, STANDARD_PAGE_DELETE_MESSAGE, "STANDARD_PAGE");
  const deleted = await Page.findOneAndDelete({ slug }).lean();
  if (!deleted) throw notFound(PAGE_NOT_FOUND_MESSAGE);
  await recordAudit({ ...pageEntry(slug, "delete", admin), before: auditedPage(deleted) });
  return { message: "Page deleted" };
}
