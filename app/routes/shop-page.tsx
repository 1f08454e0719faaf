import { useLingui } from "@lingui/react";
import { data as dataResponse } from "react-router";
import { formatDate, formatNumber, localeOfPath } from "#contract/i18n";
import { TERMS_PAGE_SLUG } from "#contract/pages";
import { RouteErrorPage } from "~/components/layout/route-error";
import { metaI18n, useLocale } from "~/lib/i18n/i18n";
import { canonicalUrl, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/shop-page";

export function meta({ data, matches }: Route.MetaArgs) {
  const { i18n, locale } = metaI18n(matches);
  if (!data)
    return [
      { title: i18n._("{title} — Tweest", { title: i18n._("Page not found") }) },
      { name: "robots", content: "noindex" },
    ];
  const { page, publicUrl } = data;
  const canonical = canonicalUrl(publicUrl, `/pages/${page.slug}`, locale);
  return [
    ...pageMeta(i18n._("{title} — Tweest", { title: page.title }), page.description),
    { property: "og:type", content: "article" },
    { property: "og:url", content: canonical },
    { tagName: "link", rel: "canonical", href: canonical },
  ];
}

/** One of the shop's pages in the URL's language: its text is the server's sanitised HTML. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = localeOfPath(new URL(request.url).pathname);
  const page = await context.services.pages.read(params.slug).catch((error: unknown) => {
    if ((error as { status?: number }).status === 404)
      throw dataResponse(null, { status: 404, statusText: "Page not found" });
    throw error;
  });
  return {
    page: {
      slug: page.slug,
      title: page.title[locale],
      description: page.description[locale],
      html: page.html[locale],
      version: page.version,
      updatedAt: page.updatedAt,
    },
    publicUrl: context.config.publicUrl,
  };
}

/** Headings, lists, tables and links of the page's text, styled from outside (no typography plugin). */
const TEXT_STYLES =
  "space-y-3 leading-relaxed text-stone-700 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-stone-200 [&_blockquote]:pl-3 [&_h2]:pt-3 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-stone-900 [&_h3]:pt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-stone-900 [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-6 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-stone-200 [&_td]:p-2 [&_th]:border [&_th]:border-stone-200 [&_th]:p-2 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6";

export default function ShopPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <article className="mx-auto max-w-3xl px-4 py-8" data-testid="shop-page">
      <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">{page.title}</h1>
      <p className="mt-1 text-sm text-stone-500">
        {page.slug === TERMS_PAGE_SLUG
          ? i18n._("Version {version}, updated {date}", {
              version: formatNumber(page.version, locale),
              date: formatDate(page.updatedAt, locale, "date"),
            })
          : i18n._("Updated {date}", { date: formatDate(page.updatedAt, locale, "date") })}
      </p>
      {/* The server rendered this HTML from the admin's Markdown and sanitised it (docs/pages.md). */}
      <div className={`mt-6 ${TEXT_STYLES}`} dangerouslySetInnerHTML={{ __html: page.html }} />
    </article>
  );
}

// Its own boundary, so its meta (the 404's title and noindex) applies to the page.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
