// Locales and the shared formatters for the storefront; they live in server/lib because the Docker
// image runs the server from source and ships no app/ folder (as app/lib/money.ts explains).
export * from "../../server/lib/i18n/index";
