import type { Route } from "./+types/robots[.]txt";

/** /robots.txt: the storefront is open; the back office, the API and private screens are not. */
export function loader({ context }: Route.LoaderArgs) {
  const base = context.config.publicUrl.replace(/\/$/, "");
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /auth/",
    "Disallow: /cart",
    "Disallow: /checkout",
    "Disallow: /account",
    "Disallow: /order",
    "Disallow: /payment",
    "Disallow: /TGBHSIAN",
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
