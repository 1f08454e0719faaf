import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// The storefront's UI strings: English-text message ids, one PO catalog per language
// (docs/i18n.md, "How to add a string"). The Vite plugin compiles a catalog when the server imports
// it; the page receives the active language's compiled messages as loader data, not as JavaScript.
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "bn"],
  fallbackLocales: { default: "en" },
  // File names without line numbers: catalogs change when messages do, not when code moves.
  format: formatter({ lineNumbers: false }),
  catalogs: [{ path: "<rootDir>/app/locales/{locale}", include: ["<rootDir>/app"] }],
});
