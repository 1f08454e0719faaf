/** The back office: dashboard, orders, payments, products, categories, promo codes, size guides, customers, shop settings, shop pages. */
import type { SettingsChange, ShopSettingsAnswer } from "#contract/answers/shop-settings";
import type { ShopSettingsUpdate } from "#contract/schemas/shop-settings";
import type { AdminPageAnswer } from "#contract/answers/pages";
import type { PageCreateBody, PageUpdateBody } from "#contract/schemas/pages";
import type { AdminCancelledBy } from "#contract/order-status";
import type {
  BookShipmentBody,
  BookShipmentsAnswer,
  CourierAnswer,
  CourierId,
  CouriersAnswer,
  CourierSettingsUpdate,
} from "#contract/couriers";
import type { CourierSuggestionsAnswer } from "#contract/courier-insights";
import type { PhoneHistoryAnswer } from "#contract/schemas/phone-history";
import { request, segment, type Query } from "./transport";
import type {
  AdminCategory,
  AdminProductList,
  CustomerPage,
  Dashboard,
  Json,
  AdminOrder,
  OrderPage,
  Payment,
  PaymentPage,
  PhoneBlock,
  PhoneBlocks,
  Product,
  PromoCode,
  PromoCodePage,
  SizeGuide,
  User,
} from "./types";

export const admin = {
  /**
   * GET /api/admin/phones/{phone}: a number's orders by outcome, its risk level, and each
   * courier's record of it in its whole network.
   */
  phoneHistory: (phone: string, excludeOrder?: string) =>
    request<PhoneHistoryAnswer>(`/api/admin/phones/${segment(phone)}`, {
      query: { excludeOrder },
    }),
  phoneBlocks: (show: "active" | "all" = "active") =>
    request<PhoneBlocks>("/api/admin/phones/blocks", { query: { show } }),
  blockPhone: (body: { phone: string; reason: string }) =>
    request<PhoneBlock>("/api/admin/phones/blocks", { method: "POST", body }),
  liftPhoneBlock: (phone: string) =>
    request<PhoneBlock>(`/api/admin/phones/blocks/${segment(phone)}`, { method: "DELETE" }),
  dashboard: () => request<Dashboard>("/api/admin/dashboard"),
  orders: (query: Query = {}) => request<OrderPage | AdminOrder[]>("/api/admin/orders", { query }),
  /** A cancellation says who caused it (`cancelledBy`; the server's default is the shop). */
  setOrderStatus: (
    orderId: string,
    status: "placed" | "confirmed" | "shipped" | "delivered" | "cancelled",
    body: { cancelledBy?: AdminCancelledBy } = {},
  ) =>
    request<AdminOrder>(`/api/admin/orders/${segment(orderId)}/${status}`, { method: "PUT", body }),
  deleteOrder: (orderId: string) =>
    request<{ message: string }>(`/api/admin/orders/${segment(orderId)}`, { method: "DELETE" }),
  bookCourier: (orderId: string) =>
    request<AdminOrder>(`/api/admin/orders/${segment(orderId)}/courier`, {
      method: "POST",
      body: {},
    }),
  /** GET /api/admin/couriers: every courier and whether it can book now. */
  couriers: () => request<CouriersAnswer>("/api/admin/couriers"),
  /** PUT /api/admin/couriers/{id}: a courier's credentials, defaults and switch. */
  saveCourier: (courier: CourierId, update: CourierSettingsUpdate) =>
    request<CourierAnswer>(`/api/admin/couriers/${segment(courier)}`, {
      method: "PUT",
      body: update,
    }),
  /** DELETE /api/admin/orders/{id}/shipment: cancels the parcel where the courier allows it. */
  cancelShipment: (orderId: string) =>
    request<AdminOrder>(`/api/admin/orders/${segment(orderId)}/shipment`, { method: "DELETE" }),
  /** POST /api/admin/orders/{id}/shipment: books the parcel with a courier, or records a manual one. */
  bookShipment: (orderId: string, body: BookShipmentBody) =>
    request<AdminOrder>(`/api/admin/orders/${segment(orderId)}/shipment`, {
      method: "POST",
      body,
    }),
  /** GET /api/admin/courier-suggestions: the courier to book each order with, and why. */
  courierSuggestions: (orderIds: readonly string[]) =>
    request<CourierSuggestionsAnswer>("/api/admin/courier-suggestions", {
      query: { orderIds: orderIds.join(",") },
    }),
  /** POST /api/admin/shipments: many orders booked with one courier, each answered on its own. */
  bookShipments: (orderIds: string[], courier: CourierId) =>
    request<BookShipmentsAnswer>("/api/admin/shipments", {
      method: "POST",
      body: { orderIds, courier },
    }),
  payments: (query: Query = {}) => request<PaymentPage | Payment[]>("/api/payments", { query }),
  /** GET /api/admin/orders/{id}: the full order (id or order number). */
  order: (orderId: string) => request<AdminOrder>(`/api/admin/orders/${segment(orderId)}`),
  products: (query: Query = {}) =>
    request<AdminProductList | Product[]>("/api/admin/products", { query }),
  createProduct: (form: FormData) =>
    request<Product>("/api/admin/products", { method: "POST", body: form }),
  updateProduct: (productId: string, form: FormData) =>
    request<Product>(`/api/admin/products/${segment(productId)}`, { method: "PUT", body: form }),
  deleteProduct: (productId: string) =>
    request<{ message: string }>(`/api/admin/products/${segment(productId)}`, { method: "DELETE" }),
  createCategory: (body: Json) =>
    request<AdminCategory>("/api/admin/categories", { method: "POST", body }),
  updateCategory: (categoryId: string, body: Json) =>
    request<AdminCategory>(`/api/admin/categories/${segment(categoryId)}`, { method: "PUT", body }),
  deleteCategory: (categoryId: string) =>
    request<{ message: string }>(`/api/admin/categories/${segment(categoryId)}`, {
      method: "DELETE",
    }),
  /** With page or limit: `{promoCodes, total, page, totalPages}`; without, the whole list. */
  promoCodes: (query: Query = {}) =>
    request<PromoCode[] | PromoCodePage>("/api/admin/promo-codes", { query }),
  createPromoCode: (body: Json) =>
    request<PromoCode>("/api/admin/promo-codes", { method: "POST", body }),
  updatePromoCode: (promoId: string, body: Json) =>
    request<PromoCode>(`/api/admin/promo-codes/${segment(promoId)}`, { method: "PUT", body }),
  deletePromoCode: (promoId: string) =>
    request<{ message: string }>(`/api/admin/promo-codes/${segment(promoId)}`, {
      method: "DELETE",
    }),
  createSizeGuide: (body: Json) =>
    request<SizeGuide>("/api/admin/size-guides", { method: "POST", body }),
  updateSizeGuide: (guideId: string, body: Json) =>
    request<SizeGuide>(`/api/admin/size-guides/${segment(guideId)}`, { method: "PUT", body }),
  deleteSizeGuide: (guideId: string) =>
    request<{ message: string }>(`/api/admin/size-guides/${segment(guideId)}`, {
      method: "DELETE",
    }),
  customers: (query: Query = {}) =>
    request<CustomerPage | User[]>("/api/users/admin/customers", { query }),
  updateCustomer: (customerId: string, body: Json) =>
    request<User>(`/api/users/admin/customers/${segment(customerId)}`, { method: "PUT", body }),
  deleteCustomer: (customerId: string) =>
    request<{ message: string }>(`/api/users/admin/customers/${segment(customerId)}`, {
      method: "DELETE",
    }),
  resetCustomerPassword: (customerId: string, newPassword: string) =>
    request<{ message: string }>(
      `/api/users/admin/customers/${segment(customerId)}/reset-password`,
      {
        method: "POST",
        body: { newPassword },
      },
    ),
  /** The shop settings screen: GET/PUT /api/admin/settings and its change log. */
  settings: {
    read: () => request<ShopSettingsAnswer>("/api/admin/settings"),
    save: (update: ShopSettingsUpdate) =>
      request<ShopSettingsAnswer>("/api/admin/settings", { method: "PUT", body: update }),
    changes: (page: number, limit = 10) =>
      request<SettingsChangesPage>("/api/admin/settings/changes", { query: { page, limit } }),
  },
  /** The shop's own pages (terms, returns, delivery...): Markdown in both languages. */
  pages: {
    list: () => request<AdminPageAnswer[]>("/api/admin/pages"),
    create: (body: PageCreateBody) =>
      request<AdminPageAnswer>("/api/admin/pages", { method: "POST", body }),
    update: (slug: string, body: PageUpdateBody) =>
      request<AdminPageAnswer>(`/api/admin/pages/${segment(slug)}`, { method: "PUT", body }),
    remove: (slug: string) =>
      request<{ message: string }>(`/api/admin/pages/${segment(slug)}`, { method: "DELETE" }),
  },
};

export interface SettingsChangesPage {
  changes: SettingsChange[];
  total: number;
  page: number;
  pages: number;
}
