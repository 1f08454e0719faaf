import { data } from "react-router";
import { RouteErrorPage } from "~/components/layout/route-error";
import { metaI18n } from "~/lib/i18n/i18n";
import type { Route } from "./+types/not-found";

/**
 * Any URL no screen claims, inside the storefront (in each language): a 404 whose page is rendered
 * by the storefront's error boundary in the URL's language, with the header and footer. Without
 * this route React Router would answer it without running the root loader, i.e. without the
 * page's messages, so a Bangla URL's 404 would be English.
 */
export function loader(): never {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export function meta({ matches }: Route.MetaArgs) {
  const { i18n } = metaI18n(matches);
  return [
    { title: i18n._("{title} — Tweest", { title: i18n._("Page not found") }) },
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound() {
  return null;
}

// Its own boundary, so its meta (the title) applies to the page.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
