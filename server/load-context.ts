import { getEnv } from "./env.js";
import { googleHandoffConfirmed, googleStateLocale } from "./services/auth.service.js";
import * as catalog from "./services/catalog.service.js";
import { listProductCards, listProducts } from "./services/catalog-listing.js";
import { getProductBySlug } from "./services/products.service.js";
import { storefrontSettings } from "./services/shop-settings.service.js";
import { categoriesWithSizeGuide } from "./services/size-guides.service.js";
import { listPublishedPages, readPublishedPage } from "./services/pages.service.js";
import { listActivePopupImages } from "./services/popup-images.service.js";
import { configuredGateways } from "./payments/index.js";
import { isGoogleConfigured } from "./integrations/google.js";

/** The first call's promise for every call: a per-request memo (a failed call is not retried). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => (pending ??= load());
}

/** Facts about the client build, read once when the app is created. */
export interface ClientBuildInfo {
  /** The campaign popup dialog's chunks, preloaded on a session's first page (popup-prefetch.tsx). */
  popupDialogChunks: string[];
  /** The build's stylesheets by URL, for pages to carry inline (app-stylesheet.tsx); empty in dev. */
  stylesheets: ReadonlyMap<string, string>;
}

/** What route loaders receive: services to call directly (loaders never fetch our own /api). */
export function createLoadContext(
  cspNonce: string,
  clientBuild: ClientBuildInfo = { popupDialogChunks: [], stylesheets: new Map() },
) {
  const env = getEnv();
  return {
    cspNonce,
    clientBuild,
    config: {
      gtmId: env.GTM_ID ?? null,
      publicUrl: env.PUBLIC_URL,
      /** Google sign-in is offered only when GOOGLE_CLIENT_ID is set (else /auth/google is a 503). */
      googleSignIn: isGoogleConfigured(),
    },
    services: {
      // The root loader (header) and the page's loader both want the categories: one query per page.
      catalog: { ...catalog, listCategories: once(catalog.listCategories) },
      /** The storefront's reads only: the listing (catalogue read model) and a product page. */
      products: { listProducts, listProductCards, getProductBySlug },
      /** Which categories have a size guide: the product page's link shows only for those. */
      sizeGuides: { categories: categoriesWithSizeGuide },
      /** Delivery charges and contact details (shop settings) for the footer and the home page. */
      settings: { storefront: storefrontSettings },
      /** The shop's own pages: the footer's links, the sitemap, /pages/{slug}. */
      pages: { listPublished: once(listPublishedPages), read: readPublishedPage },
      auth: { googleHandoffConfirmed, googleStateLocale },
      /** The campaign popup's images: the root renders its first frame on the server. */
      popupImages: { active: () => listActivePopupImages() },
      /**
       * Payment methods the checkout offers: cash on delivery always, online ones switched on and
       * configured in the back office (the root's footer and the checkout ask: one read per page).
       */
      paymentMethods: once(async () => ["COD" as const, ...(await configuredGateways())]),
    },
  };
}

export type AppLoadContextValue = ReturnType<typeof createLoadContext>;
