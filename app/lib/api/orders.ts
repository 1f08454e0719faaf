/** Orders (place, list, read, guest tracking), online payment start, and the address pickers' thanas. */
import type { GuestOption } from "./session";
import { request, segment } from "./transport";
import type { Order, OrderTracking, PaymentStarted, PlaceOrder, Thanas } from "./types";

export const orders = {
  create: (body: PlaceOrder, options: GuestOption = {}) =>
    request<Order>("/api/orders", { method: "POST", body, guest: options.guest }),
  mine: () => request<Order[]>("/api/orders/user"),
  /** GET /api/orders/{id}; guest: sends X-Guest-Checkout: true (and the tracking token if known). */
  byId: (orderId: string, options: { guest?: boolean; trackingToken?: string } = {}) =>
    request<Order>(`/api/orders/${segment(orderId)}`, {
      guestOrderDetails: options.guest === true,
      query: { token: options.trackingToken },
    }),
  guestTrack: (orderId: string, query: { phone?: string; token?: string }) =>
    request<OrderTracking>(`/api/orders/guest/track/${segment(orderId)}`, { query }),
};

export const payment = {
  /** `token`: the order's tracking token (the link the shop texted for an order staff entered). */
  start: (orderId: string, options: GuestOption & { token?: string } = {}) =>
    request<PaymentStarted>(`/api/payment/${segment(orderId)}`, {
      method: "POST",
      body: {},
      guest: options.guest,
      ...(options.token ? { query: { token: options.token } } : {}),
    }),
};

/** The address pickers' lists (the districts are bundled: app/lib/places.ts). */
export const locations = {
  thanas: (districtId: string) =>
    request<Thanas>(`/api/locations/districts/${segment(districtId)}/thanas`),
};
