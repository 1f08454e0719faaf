/**
 * The product editor's payload and form data, from the contract's one declaration of a product's
 * editable fields (PRODUCT_EDITABLE_KEYS): a field declared there and not given here fails the
 * type check, and the form data carries every field given.
 */
import { PRODUCT_EDITABLE_KEYS, type ProductEditableKey } from "#contract/schemas/catalog";

/** The editor's typed fields (text inputs give text; the schema turns numbers into numbers). */
export interface ProductFieldValues {
  title: string;
  slug: string;
  description: string;
  titleBn: string;
  descriptionBn: string;
  brand: string;
  price: string;
  discountedPrice: string;
  category: string;
  isActive: boolean;
}

export interface EditorVariant {
  color: string;
  size: string;
  stock: number;
  sku?: string;
  barcode?: string;
}

/**
 * What the editor sends, one entry per editable field. `isFeatured` has no control in the editor:
 * a product keeps its own (a new one is not featured).
 */
export function editorPayload(
  values: ProductFieldValues,
  variants: EditorVariant[],
  product: { isFeatured?: boolean } | null,
) {
  return {
    title: values.title,
    slug: values.slug.trim() || undefined,
    description: values.description,
    titleBn: values.titleBn,
    descriptionBn: values.descriptionBn,
    brand: values.brand.trim() || undefined,
    price: values.price,
    discountedPrice: values.discountedPrice === "" ? values.price : values.discountedPrice,
    category: values.category,
    variants,
    isActive: values.isActive,
    isFeatured: product?.isFeatured ?? false,
  } satisfies Record<ProductEditableKey, unknown>;
}

/**
 * The multipart fields of a payload: every editable field given, text as it is, the rest as JSON
 * (numbers, booleans and the variants read back by the API's schema). Empty text is sent (it
 * clears a Bangla text); an absent field is not.
 */
export function productFormData(payload: Partial<Record<ProductEditableKey, unknown>>): FormData {
  const body = new FormData();
  for (const field of PRODUCT_EDITABLE_KEYS) {
    const value = payload[field];
    if (value === undefined) continue;
    body.set(field, typeof value === "string" ? value : JSON.stringify(value));
  }
  return body;
}
