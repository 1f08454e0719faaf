export * from "./i18n/locale.js";
export * from "./i18n/digits.js";
export * from "./i18n/format.js";
export * from "./i18n/localized.js";
export * from "./i18n/locale-path.js";
