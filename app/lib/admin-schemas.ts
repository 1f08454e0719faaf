/**
 * Form schemas of the back office. Where the API's own schema is client-safe (only zod), it is re-used
 * as is, so the form and the server agree; the rest are small client copies of server rules that live
 * next to mongoose imports (popup images, bulk t-shirt orders). Status lists and the order state
 * machine come from the mongoose-free models/*-status.ts modules the server uses.
 */
import { z } from "zod";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import {
  CategoryBody,
  ProductCreateBody,
  ProductUpdateBody,
  PromoCodeBody,
  PromoCodeUpdateBody,
  SizeGuideBody,
} from "../../server/schemas/catalog.schemas";
import { CustomerUpdateBody, ResetPasswordBody } from "../../server/schemas/auth.schemas";
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from "../../models/order-status";
import { TSHIRT_ORDER_STATUSES } from "../../models/tshirt-order-status";

export {
  CategoryBody,
  CustomerUpdateBody,
  ProductCreateBody,
  ProductUpdateBody,
  PromoCodeBody,
  PromoCodeUpdateBody,
  ResetPasswordBody,
  SizeGuideBody,
};

export { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus };

export function nextStatuses(status: string): OrderStatus[] {
  return ORDER_TRANSITIONS[status as OrderStatus] ?? [];
}

export { TSHIRT_ORDER_STATUSES };

/** server/schemas/tshirt-orders.schemas.ts UpdateTshirtOrderBody */
export const TshirtOrderUpdateBody = z
  .object({
    status: z.enum(TSHIRT_ORDER_STATUSES),
    quotedPrice: z.coerce.number().int().min(0).max(100_000_000).nullable(),
    adminNote: z.string().trim().max(2000),
  })
  .refine((body) => body.status !== "QUOTED" || body.quotedPrice !== null, {
    message: "A quoted price is required to mark the order QUOTED",
    path: ["quotedPrice"],
  });

/** server/schemas/popup-images.schemas.ts (form side: every field is text). */
export const PopupImageForm = z
  .object({
    title: z.string().trim().max(200),
    description: z.string().trim().max(1000),
    link: z
      .string()
      .trim()
      .max(500)
      .refine(
        (value) => value === "" || /^https?:\/\/\S+$/i.test(value) || /^\/(?!\/)\S*$/.test(value),
        { message: "Link must be an http(s) URL or a path starting with /" },
      ),
    isActive: z.boolean(),
    startsAt: z.string(),
    endsAt: z.string(),
  })
  .refine((value) => !(value.startsAt && value.endsAt && value.endsAt <= value.startsAt), {
    message: "endsAt must be after startsAt",
    path: ["endsAt"],
  });

export const POPUP_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** A file the server will accept (it checks the content again): jpeg, png, webp or gif, at most 5 MB. */
export function imageFileProblem(file: File): string | null {
  if (!POPUP_IMAGE_TYPES.includes(file.type)) return "Use a JPEG, PNG, WebP or GIF image";
  if (file.size > MAX_UPLOAD_BYTES) return "The image is larger than 5 MB";
  return null;
}

/**
 * Validates `payload` with `schema`; puts each issue on its form field (first path segment) and returns
 * the parsed value, or null when invalid.
 */
export function validateInto<S extends z.ZodType, T extends FieldValues>(
  schema: S,
  payload: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): z.output<S> | null {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? "");
    setError((fields.includes(name) ? name : "root") as Path<T>, { message: issue.message });
  }
  return null;
}
