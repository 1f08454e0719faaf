import { LOCALES, type Locale, localizePath } from "#contract/i18n";
import type { Route } from "./+types/sitemap[.]xml";

const MAX_PAGES = 100; // 100 x 60 = 6,000 products, 12,000 URLs: within one sitemap's 50,000

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * /sitemap.xml: home, the listing, the shop's published pages, every category and every active product, each in English and
 * in Bangla (`/bn/...`). The pages themselves name their alternates (hreflang links), so the
 * entries stay plain: 6,000 products are 12,000 short entries.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const base = context.config.publicUrl.replace(/\/$/, "");
  const { catalog, products, pages } = context.services;
  // Paths are English site paths; each becomes one entry per language.
  const urls: { path: string; lastmod?: string; priority: string }[] = [
    { path: "/", priority: "1.0" },
    { path: "/products", priority: "0.8" },
    { path: "/bulk-order", priority: "0.4" },
  ];
  for (const page of await pages.listPublished())
    urls.push({ path: `/pages/${encodeURIComponent(page.slug)}`, priority: "0.3" });
  for (const category of await catalog.listCategories())
    urls.push({
      path: `/products?category=${encodeURIComponent(category.slug)}`,
      priority: "0.7",
    });
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await products.listProducts({ pageNumber: page, pageSize: 60, sort: "newest" });
    for (const product of result.content)
      urls.push({
        path: `/product/${encodeURIComponent(product.slug)}`,
        lastmod: product.createdAt
          ? new Date(product.createdAt).toISOString().slice(0, 10)
          : undefined,
        priority: "0.6",
      });
    if (page + 1 >= result.totalPages) break;
  }
  const entry = (url: (typeof urls)[number], locale: Locale) =>
    `  <url><loc>${escapeXml(`${base}${localizePath(url.path, locale)}`)}</loc>` +
    `${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ""}<priority>${url.priority}</priority></url>`;
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    urls.flatMap((url) => LOCALES.map((locale) => entry(url, locale))).join("\n") +
    `\n</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
