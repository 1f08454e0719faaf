/**
 * Form schemas of the back office: the API's own schemas, re-used as they are so the form and the
 * server agree. Every module under contract/ is free of mongoose (only zod), so the browser bundle can
 * import them; status lists and the order state machine come from the contract too.
 */
import {
  CategoryBody,
  ProductCreateBody,
  ProductUpdateBody,
  PromoCodeBody,
  PromoCodeUpdateBody,
  SizeGuideBody,
} from "#contract/schemas/catalog";
import { CustomerUpdateBody, ResetPasswordBody } from "#contract/schemas/auth";
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from "#contract/order-status";
import { TSHIRT_ORDER_STATUSES } from "#contract/tshirt-order-status";
import {
  IMAGE_ACCEPT,
  IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
  MAX_PRODUCT_IMAGES,
} from "#contract/images";
import { CreatePopupImageBody } from "#contract/schemas/popup-images";
import { TshirtOrderUpdateForm } from "#contract/schemas/tshirt-orders";

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
