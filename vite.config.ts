import { reactRouter } from "@react-router/dev/vite";
import { lingui } from "@lingui/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { constants as zlib } from "node:zlib";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { backOfficeOnlyIcons } from "./scripts/build/back-office-icons";
import { stripRadixKeepNames } from "./scripts/build/strip-keep-names";

const BACK_OFFICE_ICONS = backOfficeOnlyIcons(path.resolve(import.meta.dirname, "app"));
const LUCIDE_ICON = /node_modules\/lucide-react\/dist\/esm\/icons\/([\w-]+)\.mjs$/;

/**
 * Modules a page imports only once the shopper taps or types (a dialog's Radix part, a form's
 * schema). Their chunks are named `on-tap-…`, so the JavaScript budget counts what a page loads
 * before the shopper touches it, as Lighthouse does (tests/app/bundle-budget.test.ts).
 */
const LOADED_ON_TAP =
  /\/(app\/components\/(ui\/dialog-content|checkout\/phone-confirmation)|app\/lib\/storefront-schemas|contract\/schemas\/tshirt-orders)\./;

const STOREFRONT_SHELL =
  /\/app\/components\/(cart\/(cart-context|optimistic-cart|cart-actions)|layout\/(route-error|chunk-load|breadcrumb))\./;

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    stripRadixKeepNames(),
    // Compiles the PO catalogs the server imports (app/lib/i18n/messages.server.ts); a Bangla
    // message left untranslated or broken fails the build.
    lingui({ failOnMissing: true, failOnCompileError: true }),
    // Precompressed copies (name.js.br, name.js.gz) that server/app.ts serves as they are: the
    // strongest settings cost time once per build instead of CPU on every first download.
    compression({
      include: /\.(js|css|svg)$/,
      threshold: 1_024,
      logLevel: "silent",
      algorithms: [
        defineAlgorithm("brotliCompress", { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm("gzip", { level: 9 }),
      ],
    }),
  ],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    // build/client/.vite/manifest.json: the server looks up the popup dialog's chunks to preload.
    manifest: true,
    rollupOptions: {
      // Fewer, larger storefront scripts. On a phone link every script request costs a round trip
      // besides its bytes: a product page asked for 25 scripts, now about 12 (`npm run audit:pages`).
      // - tiny side-effect-free chunks (one-line helpers) fold into chunks loaded with them; below
      //   4 KB only: at 20 KB whole small screens (the diagnostics screen, the Google callback, the
      //   order screens) were folded into chunks every page loads, and at 10 KB still parts of them
      //   (a product page: 170.2 KB at 10 KB, 167.9 KB in one more script at 4 KB); with the
      //   Bangla storefront (Lingui) at 1 KB: at 4 KB Rollup folded the home screen, the cart
      //   totals and the form helpers into a chunk the product page loads (171.5 KB; 168.8 KB at
      //   1 KB, in three more scripts, docs/i18n.md "Weight");
      // - React and React Router are one "framework" chunk; react-dom stays in entry.client, which
      //   React Router imports on its own after the page's modules: two shorter start-up tasks
      //   instead of one long one on a slow CPU (Lighthouse's Total Blocking Time);
      // - the storefront's icons (each a few hundred bytes, ~5 KB together) are one chunk; those only
      //   the back office uses stay out of it.
      output: {
        experimentalMinChunkSize: 1_000,
        // A chunk a page imports for one of those modules (the module may share its chunk with
        // the back office's code, which imports it directly).
        chunkFileNames: (chunk) =>
          chunk.isDynamicEntry && chunk.moduleIds.some((id) => LOADED_ON_TAP.test(id))
            ? "assets/on-tap-[name]-[hash].js"
            : "assets/[name]-[hash].js",
        manualChunks(id) {
          if (/node_modules\/(react|react-router|turbo-stream|cookie|set-cookie-parser)\//.test(id))
            return "framework";
          // Icons only the back office uses are a chunk of their own (scripts/build/back-office-icons.ts;
          // left unassigned, the small-chunk merging above folds them back into `icons`).
          const icon = LUCIDE_ICON.exec(id);
          if (icon && BACK_OFFICE_ICONS.has(icon[1])) return "back-office-icons";
          // Not the package's index: a manual chunk takes its modules' dependencies along, and the
          // index imports every icon.
          if (id.includes("node_modules/lucide-react/") && !id.endsWith("/lucide-react.mjs"))
            return "icons";
          // What every storefront page runs besides its own screen (the shared cart, the error
          // pages) is one chunk of its own, so no screen's code is folded into it. The breadcrumb
          // (listing and product) is there too: a chunk of its own for it cost the product page
          // 0.65 KB, in the shell 0.3 KB.
          if (STOREFRONT_SHELL.test(id)) return "storefront-shell";
        },
      },
    },
  },
});
