import type { PaymentMethod } from "#contract/order-status";

// ---------------------------------------------------------------------------------------------------
// Answer shapes of the REST API; kept loose where the API leaves fields open.

export interface Address {
  _id?: string;
  firstName?: string;
  lastName?: string;
  mobile?: string;
  phone?: string;
  email?: string;
  streetAddress?: string;
  city?: string;
  zone?: string;
  area?: string;
  zipCode?: string;
}

export interface User {
  _id: string;
  id?: string;
  firstName: string;
  lastName: string;
  email: string;
  mobile?: string;
  phone?: string;
  role?: "CUSTOMER" | "ADMIN";
  isAdmin?: boolean;
  isOTPVerified?: boolean;
  authProvider?: "local" | "google";
  addresses?: Address[];
  createdAt?: string;
}

export interface AuthAnswer {
  jwt: string;
  message?: string;
  requireOTPVerification?: boolean;
}

export interface CategoryRef {
  _id: string;
  name: string;
  slug?: string;
  parentCategory?: string | null;
}

export interface Product {
  _id: string;
  title: string;
  slug?: string;
  description?: string;
  brand?: string;
  price: number;
  discountedPrice?: number;
  discountPercent?: number;
  category?: CategoryRef | string | null;
  categoryName?: string;
  colors?: string[];
  sizes?: { name: string; quantity: number }[];
  variants?: { color: string; size: string; stock: number; sku?: string }[];
  quantity?: number;
  images?: string[];
  imageUrl?: string;
  averageRating?: number;
  numRatings?: number;
  numReviews?: number;
  isActive?: boolean;
  createdAt?: string;
}

export interface ProductList {
  content: Product[];
  totalPages: number;
  currentPage: number;
  totalProducts: number;
  availableFilters: { colors: string[]; sizes: string[] };
}

export interface CartItem {
  _id: string;
  product?: Partial<Product> & { _id?: string };
  productId?: string;
  title?: string;
  price: number;
  discountedPrice?: number;
  quantity: number;
  color?: string;
  size?: string;
  imageUrl?: string;
}

export interface Cart {
  _id?: string;
  cartItems: CartItem[];
  totalPrice: number;
  totalItem: number;
  totalDiscountedPrice: number;
  discounte: number;
  discount: number;
  promoCodeDiscount: number;
  promoDetails: unknown;
}

export interface OrderItem {
  product?: {
    _id?: string;
    title?: string;
    category?: unknown;
    discountedPrice?: number;
    imageUrl?: string;
  };
  productId?: string;
  title?: string;
  price: number;
  discountedPrice?: number;
  quantity: number;
  color?: string;
  size?: string;
}

export interface Order {
  _id: string;
  id?: string;
  orderNumber?: string;
  orderItems: OrderItem[];
  shippingAddress?: Address;
  totalPrice: number;
  discount?: number;
  promoCode?: string | null;
  promoCodeDiscount?: number;
  deliveryCharge?: number;
  tax?: number;
  totalDiscountedPrice?: number;
  totalItem?: number;
  paymentMethod?: PaymentMethod;
  paymentDetails?: { status?: string; paymentId?: string; transactionId?: string };
  orderStatus: string;
  statusHistory?: { status: string; at: string; by?: string }[];
  courier?: { name?: string; consignmentId?: string; trackingCode?: string };
  trackingToken?: string;
  guest?: { email?: string; mobile?: string };
  createdAt: string;
}

export type { PaymentMethod };

export interface ShippingAddressInput {
  firstName: string;
  lastName: string;
  mobile: string;
  email?: string;
  streetAddress: string;
  city: string;
  zipCode: string;
  zone?: string;
  area?: string;
}

export interface Quote {
  subtotal: number;
  discount: number;
  promoCodeDiscount: number;
  deliveryCharge: number;
  tax: number;
  total: number;
}

export interface PopupImage {
  _id: string;
  title?: string;
  description?: string;
  link?: string;
  imagePath: string;
  sequence?: number;
  isActive?: boolean;
  startsAt?: string;
  endsAt?: string;
}

export interface Review {
  _id: string;
  review: string;
  user?: { _id?: string; firstName?: string } | string;
  verifiedPurchase?: boolean;
  createdAt: string;
}

export interface Rating {
  _id: string;
  rating: number;
  user?: unknown;
  createdAt?: string;
}

export interface SizeGuide {
  _id: string;
  name: string;
  category?: unknown;
  unit: "cm" | "inch";
  columns: string[];
  rows: { size: string; values: (string | number)[] }[];
  note?: string;
}

export type Json = Record<string, unknown>;
