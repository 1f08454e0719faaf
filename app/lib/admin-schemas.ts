/**
 * Form schemas of the back office: the API's own schemas, re-used as they are so the form and the
 * server agree. Every module under server/schemas is free of mongoose (only zod and the mongoose-free
 * models/*-status.ts modules), so the browser bundle can import them; status lists and the order
 * state machine come from those models/*-status.ts modules too.
 */
import type { z } from "zod";
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
import {
  IMAGE_ACCEPT,
  IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
} from "../../server/schemas/images.schemas";
import { CreatePopupImageBody } from "../../server/schemas/popup-images.schemas";
import { TshirtOrderUpdateForm } from "../../server/schemas/tshirt-orders.schemas";

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

export { CreatePopupImageBody, TshirtOrderUpdateForm };
export { IMAGE_ACCEPT, IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES };

/** A file the server will accept (it checks the content again): jpeg, png, webp or gif, at most 5 MB. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_MIME_TYPES as readonly string[]).includes(file.type))
    return "Use a JPEG, PNG, WebP or GIF image";
  if (file.size > MAX_IMAGE_BYTES) return "The image is larger than 5 MB";
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
