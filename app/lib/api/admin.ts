/** The back office: dashboard, orders, payments, products, categories, promo codes, size guides, customers. */
import { request, segment, type Query } from "./transport";
import type { CategoryRef, Json, Order, Product, SizeGuide, User } from "./types";

export const admin = {
  dashboard: () => request<Json>("/api/admin/dashboard"),
  orders: (query: Query = {}) =>
    request<{ orders: Order[]; total: number; page: number; totalPages: number } | Order[]>(
      "/api/admin/orders",
      { query },
    ),
  setOrderStatus: (
    orderId: string,
    status: "placed" | "confirmed" | "shipped" | "delivered" | "cancelled",
  ) =>
    request<Order>(`/api/admin/orders/${segment(orderId)}/${status}`, { method: "PUT", body: {} }),
  deleteOrder: (orderId: string) =>
    request<{ message: string }>(`/api/admin/orders/${segment(orderId)}`, { method: "DELETE" }),
  bookCourier: (orderId: string) =>
    request<Order>(`/api/admin/orders/${segment(orderId)}/courier`, { method: "POST", body: {} }),
  payments: (query: Query = {}) =>
    request<
      | { success: boolean; payments: Json[]; total: number; page: number; totalPages: number }
      | Json[]
    >("/api/payments", { query }),
  /** GET /api/admin/orders/{id}: the full order (id or order number). */
  order: (orderId: string) => request<Order>(`/api/admin/orders/${segment(orderId)}`),
  products: (query: Query = {}) =>
    request<{ products: Product[]; total: number } | Product[]>("/api/admin/products", { query }),
  createProduct: (form: FormData) =>
    request<Product>("/api/admin/products", { method: "POST", body: form }),
  updateProduct: (productId: string, form: FormData) =>
    request<Product>(`/api/admin/products/${segment(productId)}`, { method: "PUT", body: form }),
  deleteProduct: (productId: string) =>
    request<{ message: string }>(`/api/admin/products/${segment(productId)}`, { method: "DELETE" }),
  createCategory: (body: Json) =>
    request<CategoryRef>("/api/admin/categories", { method: "POST", body }),
  updateCategory: (categoryId: string, body: Json) =>
    request<CategoryRef>(`/api/admin/categories/${segment(categoryId)}`, { method: "PUT", body }),
  deleteCategory: (categoryId: string) =>
    request<{ message: string }>(`/api/admin/categories/${segment(categoryId)}`, {
      method: "DELETE",
    }),
  /** With page or limit: `{promoCodes, total, page, totalPages}`; without, the whole list. */
  promoCodes: (query: Query = {}) => request<unknown>("/api/admin/promo-codes", { query }),
  createPromoCode: (body: Json) =>
    request<Json>("/api/admin/promo-codes", { method: "POST", body }),
  updatePromoCode: (promoId: string, body: Json) =>
    request<Json>(`/api/admin/promo-codes/${segment(promoId)}`, { method: "PUT", body }),
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
    request<{ customers: User[]; total: number; page: number; totalPages: number } | User[]>(
      "/api/users/admin/customers",
      { query },
    ),
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
};
