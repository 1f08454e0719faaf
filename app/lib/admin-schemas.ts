/**
 * Form schemas of the back office: the API's own schemas, re-used as they are so the form and the
 * server agree. Every module under server/schemas is free of mongoose (only zod and the mongoose-free
 * models/*-status.ts modules), so the browser bundle can import them; status lists and the order
 * state machine come from those models/*-status.ts modules too.
 */
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

/** One validation helper for every form (storefront and back office): ~/lib/form-validation. */
export { imageFileProblem, validateInto } from "./form-validation";
