/** Orders (place, list, read, guest tracking), online payment start, and the courier's city lists. */
import type { PaymentMethod } from "#contract/order-status";
import type { GuestOption } from "./session";
import { request, segment } from "./transport";
import type { Order, ShippingAddressInput } from "./types";

export const orders = {
  create: (
    body: { shippingAddress: ShippingAddressInput; paymentMethod: PaymentMethod; note?: string },
    options: GuestOption = {},
  ) => request<Order>("/api/orders", { method: "POST", body, guest: options.guest }),
  mine: () => request<Order[]>("/api/orders/user"),
  /** GET /api/orders/{id}; guest: sends X-Guest-Checkout: true (and the tracking token if known). */
  byId: (orderId: string, options: { guest?: boolean; trackingToken?: string } = {}) =>
    request<Order>(`/api/orders/${segment(orderId)}`, {
      guestOrderDetails: options.guest === true,
      query: { token: options.trackingToken },
    }),
  guestTrack: (orderId: string, query: { phone?: string; token?: string }) =>
    request<Order>(`/api/orders/guest/track/${segment(orderId)}`, { query }),
};

export const payment = {
  start: (orderId: string, options: GuestOption = {}) =>
    request<{ gatewayUrl: string }>(`/api/payment/${segment(orderId)}`, {
      method: "POST",
      body: {},
      guest: options.guest,
    }),
};

export const pathao = {
  cities: () => request<unknown>("/api/pathao/cities"),
  zones: (cityId: string | number) =>
    request<unknown>(`/api/pathao/cities/${segment(String(cityId))}/zones`),
  areas: (zoneId: string | number) =>
    request<unknown>(`/api/pathao/zones/${segment(String(zoneId))}/areas`),
};
