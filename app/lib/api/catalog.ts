/** The catalogue: products, categories, reviews, ratings and size guides. */
import { request, segment, type Query } from "./transport";
import type {
  CategoryRef,
  MyReview,
  Product,
  ProductList,
  Rating,
  Review,
  SizeGuide,
} from "./types";

export const products = {
  list: (query: Query = {}) => request<ProductList>("/api/products", { query }),
  byId: (productId: string) => request<Product>(`/api/products/id/${segment(productId)}`),
  bySlug: (slug: string) => request<Product>(`/api/products/slug/${segment(slug)}`),
};

export const categories = {
  list: () => request<CategoryRef[]>("/api/categories"),
};

export const reviews = {
  forProduct: (productId: string) =>
    request<Review[]>(`/api/reviews/product/${segment(productId)}`),
  /** Whether the signed-in shopper may review the product, and their own review of it. */
  mine: (productId: string) => request<MyReview>(`/api/reviews/product/${segment(productId)}/mine`),
  /** JSON, or a FormData with productId, review, rating and up to 3 files in `photos`. */
  create: (body: { productId: string; review: string; rating?: number } | FormData) =>
    request<Review>("/api/reviews/create", { method: "POST", body }),
};

export const ratings = {
  forProduct: (productId: string) =>
    request<Rating[]>(`/api/ratings/product/${segment(productId)}`),
  create: (body: { productId: string; rating: number }) =>
    request<Rating>("/api/ratings/create", { method: "POST", body }),
};

export const sizeGuides = {
  list: (category?: string) => request<SizeGuide[]>("/api/size-guides", { query: { category } }),
};
