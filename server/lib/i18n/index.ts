export * from "./locale.js";
export * from "./digits.js";
export * from "./format.js";
export * from "./localized.js";
