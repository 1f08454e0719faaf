/** The signed-in staff member's own back-office language (docs/i18n.md, "The back office in Bangla"). */
import type { AdminLocaleAnswer } from "#contract/schemas/back-office-language";
import type { Locale } from "#contract/i18n";
import { request } from "./transport";

export const backOfficeLanguage = {
  choose: (adminLocale: Locale) =>
    request<AdminLocaleAnswer>("/api/users/admin-locale", { method: "PUT", body: { adminLocale } }),
};
