/**
 * The back office's language, chosen per staff member (docs/i18n.md, "The back office in Bangla").
 *
 * One Lingui instance for every back-office screen, activated with the staff member's language
 * before the screens render (the layout's clientLoader) and again when they switch (the shell's
 * switch: every screen reading `useLingui()` renders again, nothing reloads). Its messages are the
 * back office's own catalogue (app/locales/admin/*.po) over the storefront's (the API's messages,
 * status words, shared components), fetched as data files by back-office screens only, so no
 * storefront page carries a back-office text or grows by a byte.
 *
 * Screens write `const { i18n } = useLingui()` then `i18n._(…)` with the English text; code outside React
 * (a route's clientAction toasting a result) reads `backOfficeI18n`.
 */
import { type I18n, type Messages, setupI18n } from "@lingui/core";
import { I18nProvider, useLingui } from "@lingui/react";
import { type ReactNode, useEffect } from "react";
import {
  formatDate as formatShopDate,
  formatMoney,
  formatNumber,
  type Locale,
  toBanglaDigits,
  toLocale,
} from "#contract/i18n";
import { localeOfPath } from "#contract/i18n/locale-path";
import { ORDER_SOURCE_LABELS, type OrderSource } from "#contract/order-sources";
import type { StaffRole } from "#contract/staff-roles";
import { statusWord } from "#contract/status-words";
import { dhakaDateFormatter } from "#contract/dates";
import { catalogAt, loadCatalog } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { type AdminAccess, checkAdminAccess } from "./admin-access";

/**
 * A language's back-office catalogue as a data file (app/routes/i18n-catalog.ts): the back office's
 * texts over the storefront's (status words, colours, the API's known messages), merged by the
 * server. Asked for by name, not by hash: no server-rendered page names it.
 */
const catalogFile = (locale: Locale) => `/i18n/admin-${locale}.json`;

let activeMessages: Messages | undefined;

/** A text no catalogue holds is its English id. */
export const backOfficeI18n = setupI18n({
  locale: "en",
  messages: { en: {} },
  missing: (_, id) => id,
});

/** Where the browser remembers the last choice, so the sign-in check speaks it before the server answers. */
const REMEMBERED = "adminLocale";

export function rememberedBackOfficeLocale(): Locale {
  try {
    return toLocale(localStorage.getItem(REMEMBERED));
  } catch {
    return "en";
  }
}

/** Loads `locale`'s catalogue (once) and switches every back-office screen to it. */
export async function activateBackOfficeLocale(locale: Locale): Promise<void> {
  await loadCatalog(catalogFile(locale));
  const messages = catalogAt(catalogFile(locale));
  try {
    localStorage.setItem(REMEMBERED, locale);
  } catch {
    // A browser that refuses storage still switches; the server keeps the choice.
  }
  if (activeMessages === messages) return;
  activeMessages = messages;
  backOfficeI18n.loadAndActivate({ locale, messages });
}

/**
 * The layout's access check, with the screens' language ready before they render: the language
 * this browser last used loads while the server checks the visitor (so the check's own texts speak
 * it), then the staff member's stored choice. A catalogue that cannot load leaves English.
 */
export async function checkAccessInOwnLanguage(request: Request): Promise<AdminAccess> {
  const remembered = activateBackOfficeLocale(rememberedBackOfficeLocale()).catch(
    logCatalogFailure,
  );
  const access = await checkAdminAccess(request);
  await remembered;
  if (access.status === "admin" && access.adminLocale)
    await activateBackOfficeLocale(access.adminLocale).catch(logCatalogFailure);
  return access;
}

function logCatalogFailure(error: unknown) {
  console.error("[admin] the language's messages did not load", error);
}

/** The back office's active language, outside React (formatters, clientActions). */
export function backOfficeLocale(): Locale {
  return toLocale(backOfficeI18n.locale);
}

/** The back office's active language; the component renders again when it changes. */
export function useBackOfficeLocale(): Locale {
  return toLocale(useLingui().i18n.locale);
}

export function BackOfficeI18nProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={backOfficeI18n}>
      <DocumentLanguage />
      {children}
    </I18nProvider>
  );
}

/**
 * The page declares the back office's language (`<html lang>`), not the address's (always English
 * under /admin): a screen reader reads Bangla screens as Bangla, and the browser offers no
 * translation of a page already in the reader's language. Leaving the back office, the page is in
 * its address's language again (React only writes `<html lang>` when the address's language changes).
 */
function DocumentLanguage() {
  const locale = useBackOfficeLocale();
  useEffect(() => {
    const html = document.documentElement;
    html.lang = locale;
    return () => {
      html.lang = localeOfPath(window.location.pathname);
    };
  }, [locale]);
  return null;
}

/**
 * A message the API (or the API client) wrote in English, in the back office's language when a
 * catalogue knows it (the storefront's helper: numbers come back in Bangla digits); else as written.
 */
export function serverText(text: string): string {
  return shopperMessage(backOfficeI18n, text);
}

/** Whole taka, `৳1,25,000` / `৳১,২৫,০০০`. */
export function formatTaka(amount: number | null | undefined): string {
  return formatMoney(amount, backOfficeLocale());
}

/** A count with lakh grouping, in the back office's digits. */
export function formatCount(value: number | null | undefined): string {
  return formatNumber(value, backOfficeLocale());
}

/** A text's digits in the back office's script (`+12.5%` / `+১২.৫%`). */
export function localDigits(text: string): string {
  return backOfficeLocale() === "bn" ? toBanglaDigits(text) : text;
}

/** A percentage with `decimals` places, in the back office's digits: `12.5%` / `১২.৫%`. */
export function formatPercent(value: number, decimals = 0): string {
  return localDigits(`${value.toFixed(decimals)}%`);
}

/**
 * A status code's word (contract/status-words.ts) in the back office's language: the storefront's
 * catalogue has the order and payment words, the back office's the rest.
 */
export function statusText(i18n: I18n, code: string): string {
  const word = statusWord(code);
  const backOfficeWords: Record<string, string> = {
    Active: i18n._("Active"),
    Hidden: i18n._("Hidden"),
    Admin: i18n._("Admin"),
    Customer: i18n._("Customer"),
    "New request": i18n._("New request"),
    Quoted: i18n._("Quoted"),
    "In production": i18n._("In production"),
    Pending: i18n._("Pending"),
    "In transit": i18n._("In transit"),
  };
  return backOfficeWords[word] ?? shopperMessage(i18n, word);
}

/** Where a staff order came from (contract/order-sources.ts), in the back office's language. */
export function orderSourceLabel(i18n: I18n, source: OrderSource): string {
  const labels: Record<OrderSource, string> = {
    web: i18n._("Website"),
    phone: i18n._("Phone call"),
    facebook: i18n._("Facebook / Messenger"),
    instagram: i18n._("Instagram"),
    whatsapp: i18n._("WhatsApp"),
    "walk-in": i18n._("Walk-in"),
  };
  return labels[source] ?? ORDER_SOURCE_LABELS[source] ?? source;
}

/** A staff role's name (contract/staff-roles.ts) in the back office's language. */
export function roleLabel(i18n: I18n, role: StaffRole): string {
  const labels: Record<StaffRole, string> = {
    owner: i18n._("Owner"),
    manager: i18n._("Manager"),
    orderDesk: i18n._("Order desk"),
    packer: i18n._("Packer"),
    catalogue: i18n._("Catalogue"),
    accountant: i18n._("Accountant"),
  };
  return labels[role];
}

const DAY = { day: "2-digit", month: "short", year: "numeric" } as const;
const formatDay = dhakaDateFormatter(DAY);
const formatDayTime = dhakaDateFormatter({ ...DAY, hour: "2-digit", minute: "2-digit" });

/**
 * A date in shop time (Asia/Dhaka): English as the back office always wrote it ("05 Jan 2026,
 * 16:30"), Bangla as the storefront writes it ("৫ জানুয়ারি ২০২৬, ৪:৩০ অপরাহ্ন"); "—" for none.
 */
export function formatDate(value: string | Date | null | undefined, withTime = false): string {
  if (!value) return "—";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "—";
  if (backOfficeLocale() === "bn")
    return formatShopDate(date, "bn", withTime ? "dateTime" : "date");
  return (withTime ? formatDayTime : formatDay)(date);
}
