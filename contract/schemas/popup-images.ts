import { z } from "zod";
import { startOfShopDay } from "../dates.js";
import { numeric } from "../numeric.js";
import { IdParams, ObjectIdString } from "./common.js";
import { BanglaText } from "./i18n.js";

/**
 * Popup images arrive as multipart forms, so every field is a string there; the same schemas also
 * accept JSON (numbers, booleans) for PUT without a new image. Free of mongoose (like every module
 * in contract/): the admin UI validates its form with these same schemas.
 */

export { IdParams, ObjectIdString };

/** "true"/"false"/"1"/"0"/"on" from a form, or a JSON boolean. */
export const FormBoolean = z.union([
  z.boolean(),
  z
    .enum(["true", "false", "1", "0", "on", "off"])
    .transform((v) => ["true", "1", "on"].includes(v)),
]);

/** An ISO date or date-time; an empty form field means "none" (null). */
export const FormDateOrNull = z.union([
  z.literal("").transform(() => null),
  z.null(),
  z.iso.datetime({ offset: true }).transform((value) => new Date(value)),
  z.iso.date().transform(startOfShopDay),
]);

/** An absolute http(s) URL, a path on the shop (/products/...), or empty for "no link". */
const Link = z
  .string()
  .trim()
  .max(500)
  .refine(
    (value) => value === "" || /^https?:\/\/\S+$/i.test(value) || /^\/(?!\/)\S*$/.test(value),
    {
      message: "Link must be an http(s) URL or a path starting with /",
    },
  );

const Sequence = numeric(z.number().int().min(0).max(100_000));

const PopupFields = {
  title: z.string().trim().max(200),
  description: z.string().trim().max(1000),
  titleBn: BanglaText(200),
  descriptionBn: BanglaText(1000),
  link: Link,
  isActive: FormBoolean,
  startsAt: FormDateOrNull,
  endsAt: FormDateOrNull,
  sequence: Sequence,
};

function windowIsOrdered(value: { startsAt?: Date | null; endsAt?: Date | null }) {
  return !(value.startsAt && value.endsAt && value.endsAt <= value.startsAt);
}
const WINDOW_ISSUE = { message: "endsAt must be after startsAt", path: ["endsAt"] };

export const CreatePopupImageBody = z
  .object({
    title: PopupFields.title.default(""),
    description: PopupFields.description.default(""),
    titleBn: PopupFields.titleBn,
    descriptionBn: PopupFields.descriptionBn,
    link: PopupFields.link.default(""),
    isActive: PopupFields.isActive.default(true),
    startsAt: PopupFields.startsAt.default(null),
    endsAt: PopupFields.endsAt.default(null),
    // Absent: placed after the last image.
    sequence: PopupFields.sequence.optional(),
  })
  .refine(windowIsOrdered, WINDOW_ISSUE);
export type CreatePopupImageInput = z.output<typeof CreatePopupImageBody>;

export const UpdatePopupImageBody = z
  .object({
    title: PopupFields.title.optional(),
    description: PopupFields.description.optional(),
    titleBn: PopupFields.titleBn,
    descriptionBn: PopupFields.descriptionBn,
    link: PopupFields.link.optional(),
    isActive: PopupFields.isActive.optional(),
    startsAt: PopupFields.startsAt.optional(),
    endsAt: PopupFields.endsAt.optional(),
    sequence: PopupFields.sequence.optional(),
  })
  .refine(windowIsOrdered, WINDOW_ISSUE);
export type UpdatePopupImageInput = z.output<typeof UpdatePopupImageBody>;

export const SequenceBody = z.object({
  order: z
    .array(ObjectIdString)
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, { message: "Ids must not repeat" }),
});
