/**
 * Tag-manager data layer. Pushes to `window.dataLayer`; no server call.
 *
 * Exports
 * - Event helpers (each de-duplicated, see `pushEvent`):
 *   `trackPageView(path, title)` -> page_view_stape;
 *   `trackViewItem(product)` -> view_item_stape;
 *   `trackAddToCart(product, quantity)` -> add_to_cart and add_to_cart_stape;
 *   `trackBeginCheckout(cart)` -> begin_checkout and begin_checkout_stape;
 *   `trackAddPaymentInfo(paymentMethod, amount)` -> add_payment_info_stape;
 *   `trackPurchase(order)` -> purchase and purchase_stape, once per order id in this browser session
 *   (sessionStorage `purchaseTracked:<id>`, so reloading the confirmation does not count it again);
 *   `trackPaymentFailed(errorText?, orderId?)` -> payment_failed_stape (label = text else 'Unknown error', step 3);
 *   `trackPaymentCancelled(orderId?)` -> payment_cancelled_stape (label 'User cancelled payment', step 3);
 *   `trackDebugTest()` -> debug_test.
 * - `trackableSnapshot(product)` — the few fields `buildItem` reads, flattened, for an add_to_cart
 *   sent later (the pending cart item added after sign-in) with the same payload.
 * - Builders (pure): `buildItem`, `buildItems`, `buildUserData`, `buildPurchase`, `itemPrice`, `orderValue`,
 *   `deriveLoginState`, `categoryOf`, `fixed2`.
 * - Customer info (the guest or selected address): `saveCustomerInfo(info)`, `readCustomerInfo()`
 *   (unreadable -> logged, empty info, not logged in), `CUSTOMER_INFO_KEY` (localStorage).
 * - `pushEvent(event, key?)` — the de-duplicated push: the same key within 2000 ms is dropped, a key is
 *   forgotten 5000 ms after it was pushed. Returns whether it was pushed.
 * - `getTrackedEvents()`, `subscribeTrackedEvents(fn)` — this tab's pushed events (for /TGBHSIAN).
 * - `installTrackingDebug()` — exposes `window.tweestTrackingDebug()` (prints and returns the events).
 * - `resetTrackingForTests()`.
 */

export const CURRENCY = "BDT";
export const COUNTRY = "BD";
export const DEFAULT_BRAND = "Tweest";
export const DEFAULT_CATEGORY = "Other";
export const DEDUPE_WINDOW_MS = 2000;
export const DEDUPE_FORGET_MS = 5000;
export const CUSTOMER_INFO_KEY = "customerInfo";

export type DataLayerEvent = Record<string, unknown> & { event: string };

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
    tweestTrackingDebug?: () => { events: DataLayerEvent[]; dataLayer: unknown[] };
  }
}

// ---------------------------------------------------------------------------------------------------
// Builders

export interface TrackableProduct {
  _id?: string;
  id?: string;
  productId?: string;
  title?: string;
  name?: string;
  price?: number;
  discountedPrice?: number | null;
  quantity?: number;
  category?: { name?: string } | string | null;
  categoryName?: string;
  categories?: { name?: string }[];
  brand?: string;
  colors?: string[];
  color?: string;
  size?: string;
  product?: TrackableProduct | null;
}

/** A number as a fixed 2-decimal string ("1250.00"). */
export function fixed2(value: unknown): string {
  const number = Number(value);
  return (Number.isFinite(number) ? number : 0).toFixed(2);
}

/** discountedPrice when present, else price. */
export function itemPrice(item: { price?: number; discountedPrice?: number | null }): number {
  const discounted = item.discountedPrice;
  if (typeof discounted === "number" && Number.isFinite(discounted)) return discounted;
  return Number(item.price) || 0;
}

export function categoryOf(item: TrackableProduct): string {
  const sources = [item, item.product ?? {}];
  for (const source of sources) {
    const category = source.category;
    if (category && typeof category === "object" && category.name) return category.name;
    if (typeof category === "string" && category && !/^[a-f0-9]{24}$/i.test(category))
      return category;
    if (source.categoryName) return source.categoryName;
    const first = source.categories?.find((entry) => entry?.name);
    if (first?.name) return first.name;
  }
  return DEFAULT_CATEGORY;
}

export interface DataLayerItem {
  item_id: string;
  item_name: string;
  price: string;
  quantity: string;
  item_category: string;
  item_brand: string;
  item_variant?: string;
}

/** One ecommerce item; a cart or order line (with a nested product) or a product. */
export function buildItem(input: TrackableProduct, quantity?: number): DataLayerItem {
  const product = input.product ?? {};
  const itemId = input.productId ?? product._id ?? product.id ?? input._id ?? input.id ?? "unknown";
  const name = input.title ?? input.name ?? product.title ?? product.name ?? "";
  const color = input.color ?? input.colors?.[0];
  const variant = [color, input.size].filter(Boolean).join(" / ");
  const item: DataLayerItem = {
    item_id: String(itemId),
    item_name: name,
    price: fixed2(
      itemPrice({
        price: input.price ?? product.price,
        discountedPrice: input.discountedPrice ?? product.discountedPrice,
      }),
    ),
    quantity: fixed2(quantity ?? input.quantity ?? 1),
    item_category: categoryOf(input),
    item_brand: input.brand || product.brand || DEFAULT_BRAND,
  };
  if (variant) item.item_variant = variant;
  return item;
}

export function buildItems(lines: TrackableProduct[] | null | undefined): DataLayerItem[] {
  return (lines ?? []).map((line) => buildItem(line));
}

export interface CustomerInfo {
  userId?: string;
  customerId?: string;
  _id?: string;
  id?: string;
  firstName?: string;
  lastName?: string;
  mobile?: string;
  phoneNumber?: string;
  phone?: string;
  email?: string;
  city?: string;
  zipCode?: string;
  isGuestCheckout?: boolean;
}

/**
 * Logged in when a user id exists, or when some name or phone exists and the address is not marked
 * guest checkout. Without a user id the customer id is 'address-' + first name + last name + phone.
 */
export function deriveLoginState(info: CustomerInfo | null | undefined): {
  isLoggedIn: boolean;
  customerId: string;
} {
  const data = info ?? {};
  const userId = data.userId ?? data.customerId ?? data._id ?? data.id;
  const phone = data.mobile ?? data.phoneNumber ?? data.phone ?? "";
  if (userId) return { isLoggedIn: true, customerId: String(userId) };
  const hasIdentity = Boolean(data.firstName || data.lastName || phone);
  const isLoggedIn = hasIdentity && !data.isGuestCheckout;
  const customerId = hasIdentity
    ? `address-${data.firstName ?? ""}${data.lastName ?? ""}${phone}`
    : "";
  return { isLoggedIn, customerId };
}

export interface UserData {
  first_name: string;
  last_name: string;
  email_address: string;
  phone_number: string;
  city: string;
  country: string;
  postal_code: string;
  user_id: string;
  new_customer: "true" | "false";
}

export function buildUserData(info: CustomerInfo | null | undefined): UserData {
  const data = info ?? {};
  const { isLoggedIn, customerId } = deriveLoginState(data);
  const phone = data.mobile ?? data.phoneNumber ?? data.phone ?? "";
  return {
    first_name: data.firstName ?? "",
    last_name: data.lastName ?? "",
    email_address: data.email ?? "",
    phone_number: phone.replace(/\D/g, ""),
    city: data.city ?? "",
    country: COUNTRY,
    postal_code: data.zipCode ?? "",
    user_id: customerId,
    new_customer: customerId && isLoggedIn ? "false" : "true",
  };
}

export interface TrackableOrder {
  _id?: string;
  id?: string;
  orderNumber?: string;
  totalPrice?: number;
  totalDiscountedPrice?: number | null;
  tax?: number;
  deliveryCharge?: number;
  promoCode?: string | null;
  orderItems?: TrackableProduct[];
}

/** totalDiscountedPrice, else totalPrice, else 0. */
export function orderValue(order: {
  totalDiscountedPrice?: number | null;
  totalPrice?: number | null;
}): number {
  if (typeof order.totalDiscountedPrice === "number") return order.totalDiscountedPrice;
  if (typeof order.totalPrice === "number") return order.totalPrice;
  return 0;
}

const money = (value: number) => Number(value.toFixed(2));

export function buildPurchase(order: TrackableOrder) {
  return {
    transaction_id: String(order._id ?? order.id ?? ""),
    currency: CURRENCY,
    value: money(orderValue(order)),
    tax: money(Number(order.tax) || 0),
    shipping: money(Number(order.deliveryCharge) || 0),
    coupon: order.promoCode ?? "",
    items: buildItems(order.orderItems),
  };
}

// ---------------------------------------------------------------------------------------------------
// Customer info in browser storage

function localStore(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}

export const PURCHASE_TRACKED_PREFIX = "purchaseTracked:";

function sessionStore(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

export function saveCustomerInfo(info: CustomerInfo): void {
  try {
    localStore()?.setItem(CUSTOMER_INFO_KEY, JSON.stringify(info));
  } catch (error) {
    console.warn("[tracking] could not store customer info", error);
  }
}

/** The stored customer info; unreadable -> logged, empty info (so: not logged in). */
export function readCustomerInfo(): CustomerInfo {
  try {
    const raw = localStore()?.getItem(CUSTOMER_INFO_KEY);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new Error("not an object");
    return parsed as CustomerInfo;
  } catch (error) {
    console.warn("[tracking] stored customer info is unreadable", error);
    return {};
  }
}

// ---------------------------------------------------------------------------------------------------
// Push with de-duplication

const recentKeys = new Map<string, number>();
const forgetTimers = new Map<string, ReturnType<typeof setTimeout>>();
const tabEvents: DataLayerEvent[] = [];
const listeners = new Set<(events: DataLayerEvent[]) => void>();

function dataLayer(): Record<string, unknown>[] | null {
  if (typeof window === "undefined") return null;
  window.dataLayer = window.dataLayer ?? [];
  return window.dataLayer;
}

/**
 * Pushes one event unless the same key was pushed less than 2000 ms ago. Each key is forgotten 5000 ms
 * after its push. The key defaults to the event name plus its JSON.
 */
export function pushEvent(event: DataLayerEvent, key?: string): boolean {
  const dedupeKey = key ?? `${event.event}:${JSON.stringify(event)}`;
  const now = Date.now();
  const last = recentKeys.get(dedupeKey);
  if (last !== undefined && now - last < DEDUPE_WINDOW_MS) return false;
  recentKeys.set(dedupeKey, now);
  const previous = forgetTimers.get(dedupeKey);
  if (previous) clearTimeout(previous);
  forgetTimers.set(
    dedupeKey,
    setTimeout(() => {
      recentKeys.delete(dedupeKey);
      forgetTimers.delete(dedupeKey);
    }, DEDUPE_FORGET_MS),
  );
  const layer = dataLayer();
  if (layer) {
    if (event.ecommerce) layer.push({ ecommerce: null });
    layer.push(event);
  }
  tabEvents.push(event);
  for (const listener of listeners) listener([...tabEvents]);
  return true;
}

/** Whether a key is still remembered (for tests and the debug screen). */
export function isKeyRemembered(key: string): boolean {
  return recentKeys.has(key);
}

export function getTrackedEvents(): DataLayerEvent[] {
  return [...tabEvents];
}

export function subscribeTrackedEvents(listener: (events: DataLayerEvent[]) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function resetTrackingForTests(): void {
  for (const timer of forgetTimers.values()) clearTimeout(timer);
  forgetTimers.clear();
  recentKeys.clear();
  tabEvents.length = 0;
  listeners.clear();
  if (typeof window !== "undefined") window.dataLayer = [];
  const session = sessionStore();
  for (const key of Object.keys(session ?? {}))
    if (key.startsWith(PURCHASE_TRACKED_PREFIX)) session?.removeItem(key);
}

// ---------------------------------------------------------------------------------------------------
// Events

export function trackPageView(path: string, title: string): boolean {
  return pushEvent(
    { event: "page_view_stape", page_path: path, page_title: title },
    `page_view_stape:${path}`,
  );
}

export function trackViewItem(product: TrackableProduct, customer = readCustomerInfo()): boolean {
  const item = buildItem(product, 1);
  return pushEvent(
    {
      event: "view_item_stape",
      ecommerce: { currency: CURRENCY, value: Number(item.price), items: [item] },
      user_data: buildUserData(customer),
    },
    `view_item_stape:${item.item_id}`,
  );
}

/** What buildItem reads of a product, flattened (kept with the pending cart item in sessionStorage). */
export function trackableSnapshot(product: TrackableProduct): {
  productId: string;
  title: string;
  price: number;
  categoryName: string;
  brand: string;
} {
  const item = buildItem(product);
  return {
    productId: item.item_id,
    title: item.item_name,
    price: Number(item.price),
    categoryName: item.item_category,
    brand: item.item_brand,
  };
}

export function trackAddToCart(
  product: TrackableProduct,
  quantity = 1,
  customer = readCustomerInfo(),
): boolean {
  const item = buildItem(product, quantity);
  const ecommerce = {
    currency: CURRENCY,
    value: money(Number(item.price) * quantity),
    items: [item],
  };
  const user_data = buildUserData(customer);
  const key = `${item.item_id}:${item.item_variant ?? ""}:${quantity}`;
  const pushed = pushEvent({ event: "add_to_cart", ecommerce, user_data }, `add_to_cart:${key}`);
  pushEvent({ event: "add_to_cart_stape", ecommerce, user_data }, `add_to_cart_stape:${key}`);
  return pushed;
}

export function trackBeginCheckout(
  cart: {
    cartItems?: TrackableProduct[];
    totalDiscountedPrice?: number | null;
    totalPrice?: number | null;
  },
  customer = readCustomerInfo(),
): boolean {
  const items = buildItems(cart.cartItems);
  const ecommerce = { currency: CURRENCY, value: money(orderValue(cart)), items };
  const user_data = buildUserData(customer);
  const key = items.map((item) => `${item.item_id}x${item.quantity}`).join(",");
  const pushed = pushEvent(
    { event: "begin_checkout", ecommerce, user_data },
    `begin_checkout:${key}`,
  );
  pushEvent({ event: "begin_checkout_stape", ecommerce, user_data }, `begin_checkout_stape:${key}`);
  return pushed;
}

export function trackAddPaymentInfo(paymentMethod: string, amount: number): boolean {
  return pushEvent(
    {
      event: "add_payment_info_stape",
      ecommerce: {
        currency: CURRENCY,
        value: money(Number(amount) || 0),
        payment_type: paymentMethod,
      },
      payment_method: paymentMethod,
      amount: money(Number(amount) || 0),
    },
    `add_payment_info_stape:${paymentMethod}:${amount}`,
  );
}

/** Sends purchase once per order in this browser session (a reload of the result page sends none). */
export function trackPurchase(order: TrackableOrder, customer = readCustomerInfo()): boolean {
  const ecommerce = buildPurchase(order);
  const sentKey = `${PURCHASE_TRACKED_PREFIX}${ecommerce.transaction_id}`;
  const session = sessionStore();
  if (ecommerce.transaction_id && session?.getItem(sentKey)) return false;
  const user_data = buildUserData(customer);
  const pushed = pushEvent(
    { event: "purchase", ecommerce, user_data },
    `purchase:${ecommerce.transaction_id}`,
  );
  pushEvent(
    { event: "purchase_stape", ecommerce, user_data },
    `purchase_stape:${ecommerce.transaction_id}`,
  );
  if (ecommerce.transaction_id) {
    try {
      session?.setItem(sentKey, "true");
    } catch {
      // storage full or denied: the 2 s de-duplication still applies
    }
  }
  return pushed;
}

export function trackPaymentFailed(errorText?: string | null, orderId?: string): boolean {
  const label = errorText || "Unknown error";
  return pushEvent(
    {
      event: "payment_failed_stape",
      checkout_step: 3,
      label,
      ...(orderId ? { transaction_id: orderId } : {}),
    },
    `payment_failed_stape:${orderId ?? ""}:${label}`,
  );
}

export function trackPaymentCancelled(orderId?: string): boolean {
  return pushEvent(
    {
      event: "payment_cancelled_stape",
      checkout_step: 3,
      label: "User cancelled payment",
      ...(orderId ? { transaction_id: orderId } : {}),
    },
    `payment_cancelled_stape:${orderId ?? ""}`,
  );
}

export function trackDebugTest(): boolean {
  return pushEvent({ event: "debug_test", debug_time: new Date().toISOString() });
}

/** window.tweestTrackingDebug(): prints this tab's events and the data layer, and returns them. */
export function installTrackingDebug(): void {
  if (typeof window === "undefined") return;
  window.tweestTrackingDebug = () => {
    const result = { events: getTrackedEvents(), dataLayer: [...(window.dataLayer ?? [])] };
    console.info("[tracking] events of this tab", result.events);
    console.info("[tracking] dataLayer", result.dataLayer);
    return result;
  };
}
