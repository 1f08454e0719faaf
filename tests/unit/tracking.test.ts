// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  buildItem,
  buildPurchase,
  buildUserData,
  CUSTOMER_INFO_KEY,
  deriveLoginState,
  getTrackedEvents,
  installTrackingDebug,
  isKeyRemembered,
  pushEvent,
  readCustomerInfo,
  resetTrackingForTests,
  saveCustomerInfo,
  trackAddPaymentInfo,
  trackAddToCart,
  trackBeginCheckout,
  trackDebugTest,
  trackPageView,
  trackPaymentCancelled,
  trackPaymentFailed,
  trackPurchase,
  trackableSnapshot,
  trackViewItem,
} from "~/lib/tracking";

const layerEvents = () =>
  (window.dataLayer ?? []).filter((entry) => "event" in entry) as Record<string, unknown>[];

beforeEach(() => {
  resetTrackingForTests();
  window.localStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("tracking builders", () => {
  it("builds an item: 2-decimal strings, discounted price first, defaults Other / Tweest", () => {
    expect(
      buildItem(
        { _id: "p1", title: "Tee", price: 1200, discountedPrice: 990, color: "Red", size: "M" },
        2,
      ),
    ).toEqual({
      item_id: "p1",
      item_name: "Tee",
      price: "990.00",
      quantity: "2.00",
      item_category: "Other",
      item_brand: "Tweest",
      item_variant: "Red / M",
    });
    expect(
      buildItem({
        _id: "p2",
        title: "Polo",
        price: 850.5,
        brand: "Acme",
        category: { name: "Men" },
      }),
    ).toMatchObject({
      price: "850.50",
      quantity: "1.00",
      item_category: "Men",
      item_brand: "Acme",
    });
    expect(buildItem({ _id: "p3", price: 1, categoryName: "Kids" }).item_category).toBe("Kids");
    expect(buildItem({ _id: "p4", price: 1, categories: [{ name: "Women" }] }).item_category).toBe(
      "Women",
    );
    expect(buildItem({ _id: "p5", price: 1, category: "Panjabi" }).item_category).toBe("Panjabi");
  });

  it("builds an item from a cart or order line with a nested product", () => {
    expect(
      buildItem({
        productId: "p9",
        title: "Hoodie",
        price: 2000,
        discountedPrice: 1800,
        quantity: 3,
        product: { _id: "p9", category: { name: "Winter" } },
      }),
    ).toMatchObject({ item_id: "p9", price: "1800.00", quantity: "3.00", item_category: "Winter" });
  });

  it("derives login state and the pseudo customer id", () => {
    expect(deriveLoginState({ userId: "u1" })).toEqual({ isLoggedIn: true, customerId: "u1" });
    expect(
      deriveLoginState({ firstName: "Rahim", lastName: "Uddin", mobile: "01712345678" }),
    ).toEqual({
      isLoggedIn: true,
      customerId: "address-RahimUddin01712345678",
    });
    expect(
      deriveLoginState({
        firstName: "Rahim",
        lastName: "Uddin",
        phone: "01712345678",
        isGuestCheckout: true,
      }),
    ).toEqual({ isLoggedIn: false, customerId: "address-RahimUddin01712345678" });
    expect(deriveLoginState({})).toEqual({ isLoggedIn: false, customerId: "" });
  });

  it("builds user_data: digits-only phone, country BD, new_customer", () => {
    expect(
      buildUserData({
        userId: "u1",
        firstName: "Karim",
        lastName: "Ahmed",
        email: "k@example.com",
        phoneNumber: "+880 1712-345678",
        city: "Dhaka",
        zipCode: "1207",
      }),
    ).toEqual({
      first_name: "Karim",
      last_name: "Ahmed",
      email_address: "k@example.com",
      phone_number: "8801712345678",
      city: "Dhaka",
      country: "BD",
      postal_code: "1207",
      user_id: "u1",
      new_customer: "false",
    });
    expect(
      buildUserData({ firstName: "G", mobile: "017", isGuestCheckout: true }).new_customer,
    ).toBe("true");
    expect(buildUserData(null)).toMatchObject({ country: "BD", new_customer: "true", user_id: "" });
  });

  it("builds purchase: transaction_id, value fallbacks, tax, shipping, coupon", () => {
    const order = {
      _id: "o1",
      totalPrice: 3000,
      totalDiscountedPrice: 2700,
      tax: 0,
      deliveryCharge: 60,
      promoCode: "SAVE10",
      orderItems: [
        { productId: "p1", title: "Tee", price: 1500, discountedPrice: 1350, quantity: 2 },
      ],
    };
    expect(buildPurchase(order)).toEqual({
      transaction_id: "o1",
      currency: "BDT",
      value: 2700,
      tax: 0,
      shipping: 60,
      coupon: "SAVE10",
      items: [
        {
          item_id: "p1",
          item_name: "Tee",
          price: "1350.00",
          quantity: "2.00",
          item_category: "Other",
          item_brand: "Tweest",
        },
      ],
    });
    expect(buildPurchase({ _id: "o2", totalPrice: 500 }).value).toBe(500);
    expect(buildPurchase({ _id: "o3" }).value).toBe(0);
  });

  it("reads stored customer info; unreadable info is logged and treated as empty", () => {
    saveCustomerInfo({ firstName: "A", mobile: "01811111111" });
    expect(readCustomerInfo()).toEqual({ firstName: "A", mobile: "01811111111" });
    window.localStorage.setItem(CUSTOMER_INFO_KEY, "{not json");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(readCustomerInfo()).toEqual({});
    expect(warn).toHaveBeenCalled();
    expect(deriveLoginState(readCustomerInfo()).isLoggedIn).toBe(false);
  });
});

describe("tracking events", () => {
  it("pushes page_view_stape with path and title", () => {
    trackPageView("/products", "Products — Tweest");
    expect(layerEvents()).toEqual([
      { event: "page_view_stape", page_path: "/products", page_title: "Products — Tweest" },
    ]);
  });

  it("pushes view_item_stape, add_to_cart + add_to_cart_stape, begin_checkout + _stape in BDT", () => {
    saveCustomerInfo({ userId: "u1", firstName: "K" });
    trackViewItem({ _id: "p1", title: "Tee", price: 1000 });
    trackAddToCart({ _id: "p1", title: "Tee", price: 1000, color: "Red", size: "L" }, 2);
    trackBeginCheckout({
      cartItems: [{ productId: "p1", title: "Tee", price: 1000, quantity: 2 }],
      totalPrice: 2000,
      totalDiscountedPrice: 1800,
    });
    const events = layerEvents();
    expect(events.map((event) => event.event)).toEqual([
      "view_item_stape",
      "add_to_cart",
      "add_to_cart_stape",
      "begin_checkout",
      "begin_checkout_stape",
    ]);
    expect(events[1]).toMatchObject({
      ecommerce: {
        currency: "BDT",
        value: 2000,
        items: [{ item_variant: "Red / L", quantity: "2.00" }],
      },
      user_data: { user_id: "u1", new_customer: "false", country: "BD" },
    });
    expect(events[3]).toMatchObject({ ecommerce: { currency: "BDT", value: 1800 } });
    // GA4 convention: the previous ecommerce object is cleared before each ecommerce event.
    expect(window.dataLayer?.filter((entry) => entry.ecommerce === null)).toHaveLength(5);
  });

  it("pushes purchase + purchase_stape, payment info and the step-3 payment events", () => {
    trackPurchase({
      _id: "o7",
      totalPrice: 900,
      deliveryCharge: 120,
      promoCode: null,
      orderItems: [],
    });
    trackAddPaymentInfo("BKASH", 1020);
    trackPaymentFailed("Insufficient balance", "o7");
    trackPaymentFailed(undefined, "o8");
    trackPaymentCancelled("o9");
    const events = layerEvents();
    expect(events.map((event) => event.event)).toEqual([
      "purchase",
      "purchase_stape",
      "add_payment_info_stape",
      "payment_failed_stape",
      "payment_failed_stape",
      "payment_cancelled_stape",
    ]);
    expect(events[0]).toMatchObject({
      ecommerce: {
        transaction_id: "o7",
        value: 900,
        shipping: 120,
        tax: 0,
        coupon: "",
        currency: "BDT",
      },
    });
    expect(events[2]).toMatchObject({ payment_method: "BKASH", amount: 1020 });
    expect(events[3]).toMatchObject({ label: "Insufficient balance", checkout_step: 3 });
    expect(events[4]).toMatchObject({ label: "Unknown error", checkout_step: 3 });
    expect(events[5]).toMatchObject({ label: "User cancelled payment", checkout_step: 3 });
  });

  it("exposes window.tweestTrackingDebug and debug_test", () => {
    installTrackingDebug();
    vi.spyOn(console, "info").mockImplementation(() => undefined);
    trackDebugTest();
    const result = window.tweestTrackingDebug?.();
    expect(result?.events.map((event) => event.event)).toEqual(["debug_test"]);
    expect(getTrackedEvents()).toHaveLength(1);
  });
});

describe("tracking de-duplication", () => {
  it("drops the same key within 2000 ms and forgets it after 5000 ms", () => {
    vi.useFakeTimers();
    expect(pushEvent({ event: "x" }, "k")).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(pushEvent({ event: "x" }, "k")).toBe(false);
    vi.advanceTimersByTime(1);
    expect(isKeyRemembered("k")).toBe(true);
    expect(pushEvent({ event: "x" }, "k")).toBe(true);
    vi.advanceTimersByTime(4999);
    expect(isKeyRemembered("k")).toBe(true);
    vi.advanceTimersByTime(1);
    expect(isKeyRemembered("k")).toBe(false);
    expect(layerEvents()).toHaveLength(2);
  });

  it("sends purchase once per order in the browser session (a reload of the result page sends none)", () => {
    vi.useFakeTimers();
    trackPurchase({ _id: "o-reload", totalPrice: 100 });
    // After the 5 s de-duplication memory, as after a reload: remembered in sessionStorage.
    vi.advanceTimersByTime(6000);
    expect(trackPurchase({ _id: "o-reload", totalPrice: 100 })).toBe(false);
    expect(trackPurchase({ _id: "o-other", totalPrice: 50 })).toBe(true);
    expect(
      layerEvents()
        .filter((event) => event.event === "purchase")
        .map((event) => (event.ecommerce as { transaction_id: string }).transaction_id),
    ).toEqual(["o-reload", "o-other"]);
    expect(layerEvents().filter((event) => event.event === "purchase_stape")).toHaveLength(2);
    expect(window.sessionStorage.getItem("purchaseTracked:o-reload")).toBe("true");
  });

  it("a snapshot of the product gives the same add_to_cart as the product itself", () => {
    const product = {
      _id: "p-snap",
      title: "Panjabi",
      price: 2400,
      discountedPrice: 1990,
      category: { name: "Men" },
      brand: "Tweest Eid",
      variants: [],
    };
    vi.useFakeTimers();
    trackAddToCart({ ...product, color: "Navy", size: "L" }, 2);
    vi.advanceTimersByTime(6000);
    trackAddToCart({ ...trackableSnapshot(product), color: "Navy", size: "L" }, 2);
    const adds = layerEvents().filter((event) => event.event === "add_to_cart");
    expect(adds).toHaveLength(2);
    expect(adds[1].ecommerce).toEqual(adds[0].ecommerce);
  });

  it("drops a repeated page view or purchase but not a different one", () => {
    vi.useFakeTimers();
    trackPageView("/a", "A");
    trackPageView("/a", "A");
    trackPageView("/b", "B");
    trackPurchase({ _id: "o1", totalPrice: 1 });
    trackPurchase({ _id: "o1", totalPrice: 1 });
    expect(layerEvents().map((event) => event.event)).toEqual([
      "page_view_stape",
      "page_view_stape",
      "purchase",
      "purchase_stape",
    ]);
  });
});
