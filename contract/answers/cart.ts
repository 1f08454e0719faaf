import { AdvanceQuoteAnswer } from "../schemas/advance-delivery-charge.js";
import { ZoneSummary } from "../delivery-zones.js";
/** Answers of /api/cart/* and the checkout quote. */
import { z } from "zod";

const PROMO_TYPES = ["PERCENTAGE", "FIXED"] as const;

export const CartLineProduct = z.object({
  _id: z.string(),
  title: z.string(),
  /** The Bangla title, when the product has one (catalogue text, docs/i18n.md). */
  titleBn: z.string().optional(),
  slug: z.string(),
  brand: z.string(),
  price: z.number(),
  discountedPrice: z.number(),
  discountPercent: z.number(),
  imageUrl: z.string(),
  category: z.object({ _id: z.string(), name: z.string() }).nullable(),
  categoryName: z.string(),
});
export type CartLineProduct = z.infer<typeof CartLineProduct>;

/** A line of a cart or an order: which variant, how many, at what price. */
export const LineFields = {
  _id: z.string(),
  productId: z.string(),
  title: z.string(),
  price: z.number(),
  discountedPrice: z.number(),
  quantity: z.number(),
  color: z.string(),
  size: z.string(),
};

export const CartLine = z.object({
  ...LineFields,
  product: CartLineProduct,
  imageUrl: z.string(),
  /** Stock of this colour x size right now (extra, for the storefront's warnings). */
  stock: z.number(),
});
export type CartLine = z.infer<typeof CartLine>;

export const PromoDetails = z.object({
  code: z.string(),
  type: z.enum(PROMO_TYPES),
  value: z.number(),
  discount: z.number(),
});
export type PromoDetails = z.infer<typeof PromoDetails>;

/** The cart; `discounte` (the contract's spelling) and `discount` carry the same number. */
export const CartAnswer = z.object({
  _id: z.string().nullable(),
  cartItems: z.array(CartLine),
  totalPrice: z.number(),
  totalItem: z.number(),
  totalDiscountedPrice: z.number(),
  discounte: z.number(),
  discount: z.number(),
  promoCodeDiscount: z.number(),
  promoDetails: PromoDetails.nullable(),
  /** Why a stored promo code does not apply right now; null otherwise (extra field). */
  promoError: z.string().nullable(),
});
export type CartAnswer = z.infer<typeof CartAnswer>;

export const DELIVERY_SOURCES = ["pathao", "builtin"] as const;

/** What an order from this cart would cost, delivered to the given city and zone. */
export const QuoteAnswer = z.object({
  subtotal: z.number(),
  discount: z.number(),
  promoCodeDiscount: z.number(),
  deliveryCharge: z.number(),
  tax: z.number(),
  total: z.number(),
  promoCode: z.string().nullable(),
  deliverySource: z.enum(DELIVERY_SOURCES),
  /** The delivery zone the address falls in (docs/delivery-zones.md); sent for an empty cart too. */
  zone: ZoneSummary.optional(),
  /** Paid by cash on delivery, this order's delivery charge is paid online first (absent: not). */
  advanceDeliveryCharge: AdvanceQuoteAnswer.optional(),
});
export type QuoteAnswer = z.infer<typeof QuoteAnswer>;
