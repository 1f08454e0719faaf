/**
 * A staff member's own back-office language (docs/i18n.md, "The back office in Bangla"). A file
 * of its own: the storefront's scripts bundle the auth schemas, and carry nothing of the back office.
 */
import { z } from "zod";
import { LOCALES } from "../i18n/locale.js";

/** PUT /api/users/admin-locale. */
export const AdminLocaleBody = z.strictObject({ adminLocale: z.enum(LOCALES) });

/** Its answer: the language the staff member now uses. */
export const AdminLocaleAnswer = z.object({ adminLocale: z.enum(LOCALES) });
export type AdminLocaleAnswer = z.infer<typeof AdminLocaleAnswer>;
