/** The cart (answers normalised to the spec's defaults, the spec's cart and promo texts) and the checkout quote. */
import { ApiError, serverMessage } from "./errors";
import { MESSAGES } from "./messages";
import type { GuestOption } from "./session";
import { request, segment, type RequestOptions } from "./transport";
import type { Cart, CartItem, Json, Quote } from "./types";

const num = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** Cart answer with the spec's defaults (cartItems [], numbers 0); 'discounte' and 'discount' mirrored. */
export function normalizeCart(data: unknown): Cart {
  if (data === null || data === undefined || data === "") {
    throw new ApiError(MESSAGES.cartEmpty, 200);
  }
  const record = data as Json;
  const discount = num(record.discount ?? record.discounte);
  return {
    _id: typeof record._id === "string" ? record._id : null,
    cartItems: Array.isArray(record.cartItems) ? (record.cartItems as CartItem[]) : [],
    totalPrice: num(record.totalPrice),
    totalItem: num(record.totalItem),
    totalDiscountedPrice: num(record.totalDiscountedPrice),
    discounte: num(record.discounte ?? record.discount),
    discount,
    promoCodeDiscount: num(record.promoCodeDiscount),
    promoDetails: (record.promoDetails as Cart["promoDetails"] | undefined) ?? null,
    promoError: typeof record.promoError === "string" ? record.promoError : null,
  };
}

function cartError(error: unknown): never {
  if (error instanceof ApiError) {
    if (error.status === 404)
      throw new ApiError(MESSAGES.cartNotFound, 404, { data: error.data, flags: error.flags });
    if (error.status === 400)
      throw new ApiError(serverMessage(error.data) ?? MESSAGES.cartInvalid, 400, {
        code: error.code,
        errors: error.errors,
        data: error.data,
      });
  }
  throw error;
}

async function cartCall(path: string, options: RequestOptions): Promise<Cart> {
  let data: unknown;
  try {
    data = await request(path, options);
  } catch (error) {
    cartError(error);
  }
  return normalizeCart(data);
}

/** Apply-promo texts. */
export function promoErrorMessage(error: unknown): string {
  const data = error instanceof ApiError ? error.data : undefined;
  const message = serverMessage(data);
  const code = error instanceof ApiError ? (error.code ?? "") : "";
  if (message?.includes("Minimum order amount")) return message;
  if (message?.includes("Invalid or expired")) return message;
  if (/MINIMUM/i.test(code)) return MESSAGES.promoMinimum;
  if (/EXPIRED|INVALID_PROMO/i.test(code)) return MESSAGES.promoExpired;
  if (
    error instanceof ApiError &&
    (error.status === 0 || error.status >= 500 || error.status === 401)
  )
    return error.message;
  return message ?? MESSAGES.promoInvalid;
}

export const cart = {
  get: (options: GuestOption = {}) => cartCall("/api/cart", { guest: options.guest }),
  add: (
    body: { productId: string; size: string; color: string; quantity: number },
    options: GuestOption = {},
  ) => cartCall("/api/cart/add", { method: "PUT", body, guest: options.guest }),
  update: (cartItemId: string, quantity: number, options: GuestOption = {}) =>
    cartCall(`/api/cart/update/${segment(cartItemId)}`, {
      method: "PUT",
      body: { quantity },
      guest: options.guest,
    }),
  remove: (cartItemId: string, options: GuestOption = {}) =>
    cartCall(`/api/cart/remove/${segment(cartItemId)}`, { method: "DELETE", guest: options.guest }),
  /** POST /api/cart/apply-promo; failures carry the spec's promo texts. */
  async applyPromo(code: string, options: GuestOption = {}): Promise<Cart> {
    let data: unknown;
    try {
      data = await request("/api/cart/apply-promo", {
        method: "POST",
        body: { code },
        guest: options.guest,
      });
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      throw new ApiError(promoErrorMessage(error), status, {
        data: error instanceof ApiError ? error.data : undefined,
        flags: error instanceof ApiError ? error.flags : {},
      });
    }
    return normalizeCart(data);
  },
  removePromo: (options: GuestOption = {}) =>
    cartCall("/api/cart/remove-promo", { method: "DELETE", guest: options.guest }),
  clear: (options: GuestOption = {}) =>
    cartCall("/api/cart/clear", { method: "DELETE", guest: options.guest }),
};

export const checkout = {
  quote: (
    shippingAddress: { city: string; zone?: string; districtId?: string; thanaId?: string },
    options: GuestOption = {},
  ) =>
    request<Quote>("/api/checkout/quote", {
      method: "POST",
      body: { shippingAddress },
      guest: options.guest,
    }),
};
