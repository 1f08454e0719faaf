import { describe, expect, it } from "vitest";
import {
  isStorefrontPath,
  localeOfPath,
  localizePath,
  pathInLocale,
  unlocalizedPath,
} from "#contract/i18n";
import { pageCookie } from "~/lib/cookies";
import {
  localeCookie,
  localeFromAcceptLanguage,
  localeFromCookie,
  localeRedirect,
  preferredLocale,
} from "~/lib/i18n/locale-resolution";

const page = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://shop.test${path}`, { headers });

describe("the page's language from its path", () => {
  it("reads /bn and /bn/... as Bangla and every other path as English", () => {
    expect(localeOfPath("/bn")).toBe("bn");
    expect(localeOfPath("/bn/")).toBe("bn");
    expect(localeOfPath("/bn/product/panjabi")).toBe("bn");
    expect(localeOfPath("/")).toBe("en");
    expect(localeOfPath("/products")).toBe("en");
    expect(localeOfPath("/bnx/products")).toBe("en");
    expect(localeOfPath("/product/bn")).toBe("en");
  });

  it("moves a path between the languages, keeping the query and hash", () => {
    expect(localizePath("/", "bn")).toBe("/bn");
    expect(localizePath("/products?category=men&page=2", "bn")).toBe(
      "/bn/products?category=men&page=2",
    );
    expect(localizePath("/?q=x", "bn")).toBe("/bn?q=x");
    expect(localizePath("/cart#lines", "bn")).toBe("/bn/cart#lines");
    expect(localizePath("/bn/cart", "bn")).toBe("/bn/cart");
    expect(localizePath("/cart", "en")).toBe("/cart");
    // Relative and external links are left alone.
    expect(localizePath("https://example.com/x", "bn")).toBe("https://example.com/x");
    expect(localizePath("//cdn.test/x", "bn")).toBe("//cdn.test/x");
    expect(localizePath("?page=2", "bn")).toBe("?page=2");
    expect(unlocalizedPath("/bn")).toBe("/");
    expect(unlocalizedPath("/bn/product/x")).toBe("/product/x");
    expect(pathInLocale("/bn/products", "?sort=price_low", "en")).toBe("/products?sort=price_low");
    expect(pathInLocale("/products", "?sort=price_low", "bn")).toBe("/bn/products?sort=price_low");
  });

  it("keeps the back office and the diagnostics screen out of the storefront's languages", () => {
    expect(isStorefrontPath("/admin")).toBe(false);
    expect(isStorefrontPath("/admin/orders")).toBe(false);
    expect(isStorefrontPath("/TGBHSIAN")).toBe(false);
    expect(isStorefrontPath("/administration")).toBe(true);
    expect(isStorefrontPath("/products")).toBe(true);
  });
});

describe("the language cookie", () => {
  it("is read among other cookies and ignored when it names no supported language", () => {
    expect(localeFromCookie("sid=abc; lang=bn; theme=dark")).toBe("bn");
    expect(localeFromCookie("lang=en")).toBe("en");
    expect(localeFromCookie("lang=fr")).toBeUndefined();
    expect(localeFromCookie("slang=bn")).toBeUndefined();
    expect(localeFromCookie("")).toBeUndefined();
    expect(localeFromCookie(null)).toBeUndefined();
  });
});

describe("the cookies the page writes (language switch, Bangla font)", () => {
  it("are Secure when the page came over https, so they never travel over plain http", () => {
    expect(localeCookie("bn", true)).toBe(
      "lang=bn; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    );
    expect(pageCookie("bn_font", "1", 2_592_000, true)).toBe(
      "bn_font=1; Path=/; Max-Age=2592000; SameSite=Lax; Secure",
    );
    expect(localeCookie("en", false)).toBe("lang=en; Path=/; Max-Age=31536000; SameSite=Lax");
    // Without a page (server, tests) there is no https to speak of.
    expect(localeCookie("bn")).toBe("lang=bn; Path=/; Max-Age=31536000; SameSite=Lax");
  });
});

describe("Accept-Language", () => {
  it("picks the supported language with the highest quality", () => {
    expect(localeFromAcceptLanguage("bn")).toBe("bn");
    expect(localeFromAcceptLanguage("bn-BD,bn;q=0.9,en-US;q=0.8,en;q=0.7")).toBe("bn");
    expect(localeFromAcceptLanguage("en-US,en;q=0.9,bn;q=0.8")).toBe("en");
    expect(localeFromAcceptLanguage("en;q=0.5, bn;q=0.6")).toBe("bn");
    expect(localeFromAcceptLanguage("fr-FR, bn;q=0.3")).toBe("bn");
    expect(localeFromAcceptLanguage("BN-bd")).toBe("bn");
  });

  it("keeps the first listed on a tie, refuses q=0 and ignores malformed qualities", () => {
    expect(localeFromAcceptLanguage("en, bn")).toBe("en");
    expect(localeFromAcceptLanguage("bn;q=0.8, en;q=0.8")).toBe("bn");
    expect(localeFromAcceptLanguage("bn;q=0, en;q=0.1")).toBe("en");
    expect(localeFromAcceptLanguage("bn;q=0")).toBe("en");
    expect(localeFromAcceptLanguage("bn;q=abc")).toBe("en");
    expect(localeFromAcceptLanguage("bn;q=2")).toBe("en");
  });

  it("is English without a header, for unsupported languages and for *", () => {
    expect(localeFromAcceptLanguage(undefined)).toBe("en");
    expect(localeFromAcceptLanguage("")).toBe("en");
    expect(localeFromAcceptLanguage("fr, de;q=0.5")).toBe("en");
    expect(localeFromAcceptLanguage("*")).toBe("en");
    expect(localeFromAcceptLanguage("fr, *;q=0.5, bn;q=0.4")).toBe("en");
  });

  it("comes after the cookie: the cookie is the shopper's own choice", () => {
    expect(preferredLocale(new Headers({ cookie: "lang=en", "accept-language": "bn" }))).toBe("en");
    expect(preferredLocale(new Headers({ cookie: "lang=bn", "accept-language": "en" }))).toBe("bn");
    expect(preferredLocale(new Headers({ "accept-language": "bn-BD" }))).toBe("bn");
    expect(preferredLocale(new Headers())).toBe("en");
  });
});

describe("the redirect of an English URL", () => {
  it("sends a shopper who prefers Bangla to the same page under /bn, query kept", () => {
    expect(localeRedirect(page("/", { "accept-language": "bn" }))).toBe("/bn");
    expect(localeRedirect(page("/products?category=men", { cookie: "lang=bn" }))).toBe(
      "/bn/products?category=men",
    );
  });

  it("serves English to crawlers without a header, English preferences and English choices", () => {
    expect(localeRedirect(page("/products"))).toBeUndefined();
    expect(localeRedirect(page("/products", { "accept-language": "en-GB" }))).toBeUndefined();
    expect(
      localeRedirect(page("/products", { cookie: "lang=en", "accept-language": "bn" })),
    ).toBeUndefined();
  });

  it("keeps a path that starts with several slashes on this site (was a redirect to //host)", () => {
    expect(localeRedirect(page("//evil.example/", { "accept-language": "bn" }))).toBe(
      "/bn/evil.example/",
    );
    expect(pathInLocale("//evil.example/x", "?a=1", "bn")).toBe("/bn/evil.example/x?a=1");
    expect(pathInLocale("/bn//evil.example", "", "en")).toBe("/evil.example");
    expect(pathInLocale("/\\evil.example", "", "en")).toBe("/evil.example");
    expect(pathInLocale("/\\/evil.example", "", "bn")).toBe("/bn/evil.example");
  });

  it("never redirects a Bangla URL or the back office", () => {
    expect(localeRedirect(page("/bn/products", { cookie: "lang=en" }))).toBeUndefined();
    expect(localeRedirect(page("/admin/orders", { cookie: "lang=bn" }))).toBeUndefined();
    expect(localeRedirect(page("/TGBHSIAN", { "accept-language": "bn" }))).toBeUndefined();
  });
});
