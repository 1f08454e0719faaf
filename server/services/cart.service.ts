/**
 * Cart service: user carts and guest carts, every total computed from the catalogue. It never
 * sees the request: the cart-owner middleware (server/middleware/cart-owner.ts) says whose cart.
 *
 * Exports used by other features (checkout / orders):
 * - `type CartOwner = { userId } | { guestId }` — who a cart belongs to.
 * - `getPricedCart(owner)` — the cart answer (`CartAnswer`). Lines whose product was
 *   deleted or deactivated are dropped (and removed from the stored cart). `_id` is null when the
 *   owner has no stored cart yet. A stored promo code that no longer applies (expired, below the
 *   minimum after a change...) gives `promoCodeDiscount: 0`, `promoDetails: null` and its message in
 *   the extra field `promoError`; the code stays stored until removed or the cart is cleared.
 *   The code's rules are the promo service's `evaluatePromo` (promo-codes.service.ts).
 * - `clearCart(owner)` — empties the lines and removes the promo code.
 * - `mergeGuestCart(guestId, userId)` — at sign-in, the guest's cart joins the user's.
 * - `findCartDocument(owner)` and `cartOwnerFilter(owner)` for lower-level use.
 * - `assertWithinCaps(lines, caps)` — the shop's order caps, which the checkout checks again.
 */
import mongoose from "mongoose";
import { Cart } from "../../models/cart.model.js";
import { Product } from "../../models/product.model.js";
import { badRequest, conflict, HttpError, notFound } from "../lib/http-error.js";
import { recordConditionalWriteLost } from "../lib/metrics.js";
import { evaluatePromo } from "./promo-codes.service.js";
import { getShopSettings } from "./shop-settings.service.js";
import type { CartAnswer, CartLine, CartLineProduct, PromoDetails } from "#contract/answers/cart";
import { colorPhoto } from "#contract/colors";
import { banglaFieldsOf } from "#contract/i18n";
import {
  MAX_LINE_QUANTITY,
  TOO_MANY_LINES_CODE,
  TOO_MANY_OF_ONE_ITEM_CODE,
  TOO_MANY_UNITS_CODE,
  tooManyLinesMessage,
  tooManyOfOneItemMessage,
  tooManyUnitsMessage,
} from "#contract/order-caps";
import type { OrderCapSettings } from "#contract/schemas/shop-settings";

export type { CartAnswer, CartLine, CartLineProduct, PromoDetails };

export type CartOwner = { userId: string } | { guestId: string };

export function cartOwnerFilter(owner: CartOwner): Record<string, unknown> {
  return "userId" in owner
    ? { user: new mongoose.Types.ObjectId(owner.userId) }
    : { guestId: owner.guestId };
}

const MAX_CART_ATTEMPTS = 8;

/**
 * Runs one change of a cart as a compare-and-set on the cart's version (`__v`; the model uses
 * optimistic concurrency): `work` reads the cart, changes it and saves; when another request saved
 * in between, save() fails with a VersionError and `work` runs again on the fresh cart. So a
 * double-clicked "add" adds twice to one line and never skips the stock check, on every instance.
 */
async function changeCart<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof mongoose.Error.VersionError)) throw error;
      recordConditionalWriteLost("cart_version");
      if (attempt >= MAX_CART_ATTEMPTS)
        throw conflict("Your cart changed while saving. Please try again.", "CART_CHANGED");
    }
  }
}

export function findCartDocument(owner: CartOwner) {
  return Cart.findOne(cartOwnerFilter(owner));
}

async function findOrCreateCart(owner: CartOwner) {
  const filter = cartOwnerFilter(owner);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const cart = await Cart.findOneAndUpdate(
        filter,
        { $setOnInsert: { cartItems: [], promoCode: null } },
        { upsert: true, new: true },
      );
      if (cart) return cart;
    } catch (error) {
      // Two first calls at once: one insert wins, the other reads it.
      if ((error as { code?: number }).code !== 11000 || attempt > 1) throw error;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Answer shape

interface LeanProduct {
  _id: mongoose.Types.ObjectId;
  title: string;
  titleBn?: string;
  slug: string;
  brand: string;
  price: number;
  discountedPrice: number;
  discountPercent: number;
  imageUrl: string;
  category: mongoose.Types.ObjectId;
  categoryName: string;
  isActive: boolean;
  variants: { color: string; size: string; stock: number }[];
}

function variantStock(product: LeanProduct, color: string, size: string): number | undefined {
  return product.variants.find((variant) => variant.color === color && variant.size === size)
    ?.stock;
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The answer for a cart with nothing in it (`id` null: no cart stored yet). */
export function emptyCartAnswer(id: string | null): CartAnswer {
  return {
    _id: id,
    cartItems: [],
    totalPrice: 0,
    totalItem: 0,
    totalDiscountedPrice: 0,
    discounte: 0,
    discount: 0,
    promoCodeDiscount: 0,
    promoDetails: null,
    promoError: null,
  };
}

export async function getPricedCart(owner: CartOwner): Promise<CartAnswer> {
  return (await getPricedCartVersion(owner)).cart;
}

/**
 * The priced cart and the version (`<cart id>:<__v>`) of the stored cart it was priced from, in
 * one read: checkout records the version so one cart as it stood gives one order. Null: no cart.
 */
export async function getPricedCartVersion(
  owner: CartOwner,
): Promise<{ cart: CartAnswer; version: string | null }> {
  const stored = await readStoredCart(owner);
  if (!stored) return { cart: emptyCartAnswer(null), version: null };
  return {
    cart: await priceStoredCart(owner, stored),
    version: `${stored._id.toString()}:${stored.__v ?? 0}`,
  };
}

type StoredCart = NonNullable<Awaited<ReturnType<typeof readStoredCart>>>;

function readStoredCart(owner: CartOwner) {
  return Cart.findOne(cartOwnerFilter(owner)).lean();
}

/**
 * Lines staff entered for a customer (docs/order-desk.md), priced exactly as a cart holding them
 * would be, without storing one. A product that does not exist or is not for sale is a 404 naming
 * its line. A promo code only for a converted saved checkout (the shopper's own): staff give none.
 */
export async function priceLines(
  lines: readonly { productId: string; color: string; size: string; quantity: number }[],
  promoCode: string | null = null,
): Promise<CartAnswer> {
  const unsellable = (index: number) =>
    new HttpError(404, "Product not found", undefined, [
      { path: `lines.${index}.productId`, message: "Product not found" },
    ]);
  const invalid = lines.findIndex((line) => !mongoose.isValidObjectId(line.productId));
  if (invalid >= 0) throw unsellable(invalid);
  const cartItems = lines.map((line) => ({
    _id: new mongoose.Types.ObjectId(),
    product: new mongoose.Types.ObjectId(line.productId),
    color: line.color,
    size: line.size,
    quantity: line.quantity,
  }));
  const unsaved = { _id: new mongoose.Types.ObjectId(), __v: 0, promoCode, cartItems };
  const answer = await priceStoredCart(undefined, unsaved as unknown as StoredCart);
  const priced = new Set(answer.cartItems.map((item) => item._id));
  const gone = cartItems.findIndex((item) => !priced.has(item._id.toString()));
  if (gone >= 0) throw unsellable(gone);
  return { ...answer, _id: null };
}

/** `owner` undefined: lines priced without a stored cart (priceLines), nothing written back. */
async function priceStoredCart(
  owner: CartOwner | undefined,
  cart: StoredCart,
): Promise<CartAnswer> {
  const answer = emptyCartAnswer(cart._id.toString());
  const productIds = [...new Set(cart.cartItems.map((item) => item.product.toString()))];
  // One `_id` lookup per product rather than `$in`: FerretDB pushes only a bare `_id` equality
  // down to SQL (an `$in` scans every product); a cart holds a handful of products.
  const products = await Promise.all(
    productIds.map((productId) =>
      Product.findById(productId)
        .select(
          "title titleBn slug brand price discountedPrice discountPercent imageUrl images colors category categoryName isActive variants",
        )
        .populate<{ category: { _id: mongoose.Types.ObjectId; name: string } | null }>(
          "category",
          "name",
        )
        .lean<
          Omit<LeanProduct, "category"> & { category: { _id: unknown; name: string } | null }
        >(),
    ),
  );
  const byId = new Map(
    products
      .filter((product) => product !== null)
      .map((product) => [product._id.toString(), product]),
  );

  const gone: mongoose.Types.ObjectId[] = [];
  for (const item of cart.cartItems) {
    const product = byId.get(item.product.toString());
    if (!product || !product.isActive) {
      gone.push(item._id);
      continue;
    }
    const stock = variantStock(product as unknown as LeanProduct, item.color, item.size) ?? 0;
    answer.cartItems.push({
      _id: item._id.toString(),
      product: {
        _id: product._id.toString(),
        title: product.title,
        ...banglaFieldsOf(product, ["title"]),
        slug: product.slug,
        brand: product.brand,
        price: product.price,
        discountedPrice: product.discountedPrice,
        discountPercent: product.discountPercent,
        imageUrl: product.imageUrl,
        category: product.category
          ? { _id: String(product.category._id), name: product.category.name }
          : null,
        categoryName: product.categoryName,
      },
      productId: product._id.toString(),
      title: product.title,
      price: product.price,
      discountedPrice: product.discountedPrice,
      quantity: item.quantity,
      color: item.color,
      size: item.size,
      // The line's colour in its photo (and so in the order it becomes).
      imageUrl: colorPhoto(product, item.color),
      stock,
    });
    answer.totalPrice += product.price * item.quantity;
    answer.discount += (product.price - product.discountedPrice) * item.quantity;
  }
  if (owner && gone.length > 0) {
    // Rewrites the array rather than $pull-ing, which FerretDB handles unevenly.
    // Only if nobody changed the cart since it was read (else the next read tidies it).
    const goneIds = new Set(gone.map(String));
    await Cart.updateOne(
      { _id: cart._id, __v: cart.__v },
      {
        $set: { cartItems: cart.cartItems.filter((item) => !goneIds.has(String(item._id))) },
        $inc: { __v: 1 },
      },
    );
  }

  answer.discounte = answer.discount;
  answer.totalItem = answer.cartItems.length;
  if (cart.promoCode && answer.cartItems.length > 0) {
    try {
      const promo = await evaluatePromo(
        cart.promoCode,
        answer.totalPrice - answer.discount,
        owner && "userId" in owner ? owner : undefined,
      );
      answer.promoDetails = promo;
      answer.promoCodeDiscount = promo.discount;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      answer.promoError = error.message;
    }
  }
  answer.totalDiscountedPrice = answer.totalPrice - answer.discount - answer.promoCodeDiscount;
  return answer;
}

// ---------------------------------------------------------------------------------------------
// Caps (docs/cod.md, "Order caps")

const unitsOf = (lines: readonly { quantity: number }[]) =>
  lines.reduce((units, line) => units + line.quantity, 0);

const tooManyOfOneItem = (inCart: number) =>
  new HttpError(422, tooManyOfOneItemMessage(inCart), TOO_MANY_OF_ONE_ITEM_CODE);
const tooManyLines = (caps: OrderCapSettings) =>
  new HttpError(422, tooManyLinesMessage(caps.maxLines), TOO_MANY_LINES_CODE);
const tooManyUnits = (caps: OrderCapSettings) =>
  new HttpError(422, tooManyUnitsMessage(caps.maxUnits), TOO_MANY_UNITS_CODE);

/**
 * Refuses (422) lines past the shop's caps: more than MAX_LINE_QUANTITY of one item, more different
 * items than `maxLines`, more pieces than `maxUnits`. The cart refuses a change that would pass
 * them; the checkout runs this on the whole cart before anything is reserved, for a cart filled
 * before the caps were lowered (or written around the API).
 */
export function assertWithinCaps(
  lines: readonly { quantity: number }[],
  caps: OrderCapSettings,
): void {
  const largest = Math.max(0, ...lines.map((line) => line.quantity));
  if (largest > MAX_LINE_QUANTITY) throw tooManyOfOneItem(largest);
  if (lines.length > caps.maxLines) throw tooManyLines(caps);
  if (unitsOf(lines) > caps.maxUnits) throw tooManyUnits(caps);
}

// ---------------------------------------------------------------------------------------------
// Changes

async function loadSellableProduct(productId: string): Promise<LeanProduct> {
  if (!mongoose.isValidObjectId(productId)) throw badRequest("Invalid productId");
  // By `_id` alone, `isActive` checked here: FerretDB pushes only a bare `_id` match down to SQL.
  const product = await Product.findById(productId)
    .select("title price discountedPrice variants isActive")
    .lean<LeanProduct>();
  if (!product || product.isActive !== true) throw notFound("Product not found");
  return product;
}

function stockMessage(color: string, size: string, stock: number, inCart: number): string {
  if (stock <= 0) return `${color} / ${size} is out of stock`;
  const base = `Only ${stock} left in ${color} / ${size}`;
  return inCart > 0 ? `${base} (${inCart} already in your cart)` : base;
}

export interface AddToCartInput {
  productId: string;
  color: string;
  size: string;
  quantity: number;
}

export async function addToCart(owner: CartOwner, input: AddToCartInput): Promise<CartAnswer> {
  return changeCart(async () => {
    const product = await loadSellableProduct(input.productId);
    const stock = variantStock(product, input.color, input.size);
    if (stock === undefined)
      throw badRequest(`${input.color} / ${input.size} is not available for this product`);
    const cart = await findOrCreateCart(owner);
    const line = cart.cartItems.find(
      (item) =>
        item.product.toString() === product._id.toString() &&
        item.color === input.color &&
        item.size === input.size,
    );
    const inCart = line?.quantity ?? 0;
    const wanted = inCart + input.quantity;
    if (wanted > stock)
      throw conflict(stockMessage(input.color, input.size, stock, inCart), "OUT_OF_STOCK");
    if (wanted > MAX_LINE_QUANTITY) throw tooManyOfOneItem(inCart);
    // A cart past a cap lowered since keeps its lines; it only cannot grow.
    const { orderCaps } = await getShopSettings();
    if (!line && cart.cartItems.length >= orderCaps.maxLines) throw tooManyLines(orderCaps);
    if (unitsOf(cart.cartItems) + input.quantity > orderCaps.maxUnits)
      throw tooManyUnits(orderCaps);
    if (line) line.quantity = wanted;
    else
      cart.cartItems.push({
        product: product._id,
        color: input.color,
        size: input.size,
        quantity: input.quantity,
      });
    await cart.save();
    return getPricedCart(owner);
  });
}

async function cartWithItem(owner: CartOwner, cartItemId: string) {
  if (!mongoose.isValidObjectId(cartItemId)) throw notFound("Cart item not found");
  const cart = await Cart.findOne({
    ...cartOwnerFilter(owner),
    "cartItems._id": new mongoose.Types.ObjectId(cartItemId),
  });
  const item = cart?.cartItems.id(cartItemId);
  if (!cart || !item) throw notFound("Cart item not found");
  return { cart, item };
}

/** Removes a line by setting the whole array (one $set, which every backend applies alike). */
function dropLine(
  cart: Awaited<ReturnType<typeof cartWithItem>>["cart"],
  itemId: mongoose.Types.ObjectId,
) {
  cart.set(
    "cartItems",
    cart.cartItems.filter((line) => !line._id.equals(itemId)),
  );
}

export async function updateCartItem(
  owner: CartOwner,
  cartItemId: string,
  quantity: number,
): Promise<CartAnswer> {
  return changeCart(async () => {
    const { cart, item } = await cartWithItem(owner, cartItemId);
    if (quantity === 0) {
      dropLine(cart, item._id);
    } else {
      const product = await Product.findById(item.product)
        .select("variants isActive")
        .lean<LeanProduct>();
      const stock = product?.isActive ? (variantStock(product, item.color, item.size) ?? 0) : 0;
      if (quantity > stock)
        throw conflict(stockMessage(item.color, item.size, stock, 0), "OUT_OF_STOCK");
      const { orderCaps } = await getShopSettings();
      const units = unitsOf(cart.cartItems) - item.quantity + quantity;
      if (quantity > item.quantity && units > orderCaps.maxUnits) throw tooManyUnits(orderCaps);
      item.quantity = quantity;
    }
    await cart.save();
    return getPricedCart(owner);
  });
}

export async function removeCartItem(owner: CartOwner, cartItemId: string): Promise<CartAnswer> {
  return changeCart(async () => {
    const { cart, item } = await cartWithItem(owner, cartItemId);
    dropLine(cart, item._id);
    await cart.save();
    return getPricedCart(owner);
  });
}

export async function applyPromo(owner: CartOwner, code: string): Promise<CartAnswer> {
  return changeCart(async () => {
    const current = await getPricedCart(owner);
    const promo = await evaluatePromo(
      code,
      current.totalPrice - current.discount,
      "userId" in owner ? owner : undefined,
    );
    const cart = await findOrCreateCart(owner);
    cart.promoCode = promo.code;
    await cart.save();
    return getPricedCart(owner);
  });
}

export async function removePromo(owner: CartOwner): Promise<CartAnswer> {
  await Cart.updateOne(cartOwnerFilter(owner), { $set: { promoCode: null }, $inc: { __v: 1 } });
  return getPricedCart(owner);
}

/** Empties the cart; the version moves on, so a change read before this one is made again. */
export async function clearCart(owner: CartOwner): Promise<void> {
  await Cart.updateOne(cartOwnerFilter(owner), {
    $set: { cartItems: [], promoCode: null },
    $inc: { __v: 1 },
  });
}

// ---------------------------------------------------------------------------------------------
// Guest cart merge at sign-in

/**
 * Moves a guest cart into the user's: quantities of the same line are added, capped by the
 * variant's stock, by MAX_LINE_QUANTITY and by the shop's order caps (a line never shrinks below
 * what the user already had; a guest line that does not fit is left out); lines of deleted,
 * inactive or sold-out products are dropped. The guest cart is deleted.
 */
export async function mergeGuestCart(guestId: string, userId: string): Promise<void> {
  // Taken away in one step, so two sign-ins at once cannot both add the guest's lines.
  const guest = await Cart.findOneAndDelete({ guestId }).lean();
  if (!guest || (guest.cartItems.length === 0 && !guest.promoCode)) return;
  const productIds = guest.cartItems.map((item) => item.product);
  const products = await Product.find({ _id: { $in: productIds }, isActive: true })
    .select("variants isActive")
    .lean<LeanProduct[]>();
  const byId = new Map(products.map((product) => [product._id.toString(), product]));
  const { orderCaps } = await getShopSettings();
  await changeCart(async () => {
    const cart = await findOrCreateCart({ userId });
    let units = unitsOf(cart.cartItems);
    for (const guestItem of guest.cartItems) {
      const product = byId.get(guestItem.product.toString());
      const stock = product ? (variantStock(product, guestItem.color, guestItem.size) ?? 0) : 0;
      const line = cart.cartItems.find(
        (item) =>
          item.product.toString() === guestItem.product.toString() &&
          item.color === guestItem.color &&
          item.size === guestItem.size,
      );
      const had = line?.quantity ?? 0;
      const room =
        line || cart.cartItems.length < orderCaps.maxLines ? orderCaps.maxUnits - units : 0;
      const merged = Math.max(
        had,
        Math.min(had + guestItem.quantity, had + room, stock, MAX_LINE_QUANTITY),
      );
      units += merged - had;
      if (line) line.quantity = merged;
      else if (merged > 0)
        cart.cartItems.push({
          product: guestItem.product,
          color: guestItem.color,
          size: guestItem.size,
          quantity: merged,
        });
    }
    if (!cart.promoCode && guest.promoCode) cart.promoCode = guest.promoCode;
    await cart.save();
  });
}
