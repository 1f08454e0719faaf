import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// The storefront's UI strings: English-text message ids, one PO catalog per language
// (docs/i18n.md, "How to add a string"). The Vite plugin compiles a catalog when the server imports
// it; the page receives the active language's compiled messages as loader data, not as JavaScript.
const BACK_OFFICE = ["<rootDir>/app/routes/admin", "<rootDir>/app/components/admin"];

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "bn"],
  fallbackLocales: { default: "en" },
  // File names without line numbers: catalogs change when messages do, not when code moves.
  format: formatter({ lineNumbers: false }),
  catalogs: [
    { path: "<rootDir>/app/locales/{locale}", include: ["<rootDir>/app"], exclude: BACK_OFFICE },
    // The back office's own catalogue: only back-office pages load it (docs/i18n.md, "The back
    // office in Bangla"), so the storefront's catalogue holds no back-office text.
    { path: "<rootDir>/app/locales/admin/{locale}", include: BACK_OFFICE },
  ],
});
