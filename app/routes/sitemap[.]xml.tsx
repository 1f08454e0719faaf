import type { Route } from "./+types/sitemap[.]xml";

const MAX_PAGES = 100; // 100 x 60 = 6,000 products, well within one sitemap's 50,000 URLs

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** /sitemap.xml: home, the listing, every category and every active product. */
export async function loader({ context }: Route.LoaderArgs) {
  const base = context.config.publicUrl.replace(/\/$/, "");
  const { catalog, products } = context.services;
  const urls: { loc: string; lastmod?: string; priority: string }[] = [
    { loc: `${base}/`, priority: "1.0" },
    { loc: `${base}/products`, priority: "0.8" },
    { loc: `${base}/bulk-order`, priority: "0.4" },
  ];
  for (const category of await catalog.listCategories())
    urls.push({
      loc: `${base}/products?category=${encodeURIComponent(category.slug)}`,
      priority: "0.7",
    });
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await products.listProducts({ pageNumber: page, pageSize: 60, sort: "newest" });
    for (const product of result.content)
      urls.push({
        loc: `${base}/product/${encodeURIComponent(product.slug)}`,
        lastmod: product.createdAt
          ? new Date(product.createdAt).toISOString().slice(0, 10)
          : undefined,
        priority: "0.6",
      });
    if (page + 1 >= result.totalPages) break;
  }
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    urls
      .map(
        (url) =>
          `  <url><loc>${escapeXml(url.loc)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ""}<priority>${url.priority}</priority></url>`,
      )
      .join("\n") +
    `\n</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
