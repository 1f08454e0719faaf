import {
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import { useLingui } from "@lingui/react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { Footer } from "./components/layout/footer";
import { ChatButton } from "./components/layout/shop-contact";
import { CartProvider } from "./components/cart/cart-context";
import { CartHeader } from "./components/cart/cart-header";
import { Spinner } from "./components/ui/spinner";
import { ChunkLoadRetry, useChunkLoadTimeout } from "./components/layout/chunk-load";
import { RouteErrorPage } from "./components/layout/route-error";
import { GtmNoScript, GtmScript } from "./components/layout/gtm";
import { CampaignPopup, POPUP_EXCLUDED_PATHS } from "./components/popup/campaign-popup";
import { PopupPrefetch } from "./components/popup/popup-prefetch";
import { AuthProvider } from "./lib/auth";
import type { ActivePopupImage } from "./lib/api-client";
import { installTrackingDebug, trackPageView } from "./lib/tracking";
import { LocaleProvider, loadCatalog, useLocale } from "./lib/i18n/i18n";
import { isStorefrontPath, localeOfPath, pathInLocale } from "#contract/i18n";
import { localeRedirect, PREFERENCE_VARY } from "./lib/i18n/locale-resolution";
import { catalogUrl } from "./lib/i18n/messages.server";
import { BanglaFontPreload, useBanglaFontClass } from "./components/layout/bangla-font";
import { AppStylesheet } from "./components/layout/app-stylesheet";
import { banglaFontCached } from "#contract/i18n/locale-preference";
import { PRELOAD_AFTER_PAINT_REL } from "./lib/first-screen";
import appCss from "./app.css?url";

export async function loader({ request, context }: Route.LoaderArgs) {
  // An English URL opened by a shopper who prefers Bangla (cookie, else Accept-Language).
  const bangla = localeRedirect(request);
  if (bangla) throw redirect(bangla, { headers: { Vary: PREFERENCE_VARY } });
  const { pathname, origin } = new URL(request.url);
  const locale = localeOfPath(pathname);
  const [categories, storefront, pages, paymentMethods, popupImages] = await Promise.all([
    context.services.catalog.listCategories(),
    context.services.settings.storefront(),
    context.services.pages.listPublished(),
    context.services.paymentMethods(),
    // The campaign popup's first frame, rendered on the server (popup-first-frame.tsx).
    POPUP_EXCLUDED_PATHS.test(pathname) ? [] : context.services.popupImages.active(),
  ]);
  return {
    nonce: context.cspNonce,
    gtmId: context.config.gtmId,
    googleSignIn: context.config.googleSignIn,
    categories,
    storefront,
    // The footer's links to the shop's pages, and the payment methods the checkout really offers.
    pages,
    paymentMethods,
    popupDialogChunks: context.clientBuild.popupDialogChunks,
    inlineStylesheet: context.clientBuild.stylesheets.has(appCss),
    popupImages,
    // The address this page was asked for: the popup's first frame names its images by it, as the
    // head script's preload and the dialog (window.location.origin) do.
    origin,
    publicUrl: context.config.publicUrl.replace(/\/$/, ""),
    locale,
    // The URL of the page's language's messages, not the messages: docs/i18n.md, "Weight".
    catalog: catalogUrl(locale),
    // This and the language preference are the only request inputs of a storefront page besides
    // its URL: the server's page cache keys on them (server/middleware/page-cache.ts).
    banglaFontCached: banglaFontCached(request.headers.get("cookie")),
  };
}

// Runs on a language switch only (see shouldRevalidate; a page's first render uses the server's
// data, its catalogue fetched by entry.client): the new language's messages before its page shows.
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadCatalog(data.catalog);
  return data;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Header data (categories) does not change between clicks; load it once, and again only when the
// language changes (the other language's messages).
export function shouldRevalidate({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname);
}

/** hreflang alternates: the same page in each language, English as the default. */
function LanguageAlternates({ publicUrl }: { publicUrl: string }) {
  const { pathname, search } = useLocation();
  if (!isStorefrontPath(pathname)) return null;
  const english = `${publicUrl}${pathInLocale(pathname, search, "en")}`;
  return (
    <>
      <link rel="alternate" hrefLang="en" href={english} />
      <link
        rel="alternate"
        hrefLang="bn"
        href={`${publicUrl}${pathInLocale(pathname, search, "bn")}`}
      />
      <link rel="alternate" hrefLang="x-default" href={english} />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = data?.nonce;
  const locale = useLocale();
  const banglaFontCached = data?.banglaFontCached ?? false;
  const fontClass = useBanglaFontClass(locale === "bn", banglaFontCached);
  return (
    <html lang={locale} className={fontClass}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#e4572e" />
        <AppStylesheet href={appCss} inline={data?.inlineStylesheet ?? false} />
        {/* Without root data (a response React Router wrote without running the loaders) there
            is neither the CSP nonce nor a popup to prefetch. */}
        {data && (
          <PopupPrefetch
            nonce={nonce}
            modules={data.popupDialogChunks ?? []}
            firstImage={data.popupImages?.[0]?.imagePath ?? null}
          />
        )}
        <GtmScript gtmId={data?.gtmId} nonce={nonce} />
        {/* Fetched with the scripts, after the first screen (first-screen.ts), awaited before
            hydration (entry.client.tsx). */}
        {data && (
          <link
            rel={PRELOAD_AFTER_PAINT_REL}
            as="fetch"
            href={data.catalog}
            crossOrigin="anonymous"
          />
        )}
        {locale === "bn" && banglaFontCached && <BanglaFontPreload />}
        <Meta />
        <Links />
        {data && <LanguageAlternates publicUrl={data.publicUrl} />}
      </head>
      <body className="flex min-h-screen flex-col">
        <GtmNoScript gtmId={data?.gtmId} />
        <LocaleProvider locale={locale} catalog={data?.catalog}>
          {children}
        </LocaleProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The spinner shown while the next screen loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-16 z-40 flex justify-center"
      data-testid="page-spinner"
    >
      <Spinner />
    </div>
  );
}

/** Every path change scrolls to the top and sends page_view_stape (path, title). */
function RouteChangeEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    installTrackingDebug();
    // Marks the end of hydration (browser tests wait for it).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    window.scrollTo(0, 0);
    trackPageView(pathname, document.title);
  }, [pathname]);
  return null;
}

/** The campaign popup belongs to the storefront, not to the back office or the diagnostics screen. */
function StorefrontPopup({
  firstFrame,
  origin,
}: {
  firstFrame: ActivePopupImage[];
  origin: string;
}) {
  const { pathname } = useLocation();
  if (POPUP_EXCLUDED_PATHS.test(pathname)) return null;
  return <CampaignPopup firstFrame={firstFrame} origin={origin} />;
}

export default function App({ loaderData }: Route.ComponentProps) {
  const timedOut = useChunkLoadTimeout();
  const { i18n } = useLingui();
  return (
    <AuthProvider>
      <RouteChangeEffects />
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {i18n._("Skip to content")}
      </a>
      <CartProvider>
        <CartHeader categories={loaderData.categories} />
        <NavigationProgress />
        <main id="main" className="flex-1">
          {timedOut ? <ChunkLoadRetry href={timedOut} /> : <Outlet />}
        </main>
      </CartProvider>
      <Footer
        settings={loaderData.storefront}
        pages={loaderData.pages}
        paymentMethods={loaderData.paymentMethods}
      />
      <ChatButton />
      <StorefrontPopup firstFrame={loaderData.popupImages} origin={loaderData.origin} />
    </AuthProvider>
  );
}

export function HydrateFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}

/** The last resort: the shell itself failed (other screens fail inside their area's boundary). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="flex-1">
      <RouteErrorPage error={error} />
    </main>
  );
}
