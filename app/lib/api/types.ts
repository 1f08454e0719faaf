/**
 * The answers' types as the browser receives them: the contract's answer schemas (`#contract/answers`),
 * with every server-side Date as its ISO text (`Wire`). Nothing here is written by hand.
 */
import type { CartAnswer, CartLine, QuoteAnswer } from "#contract/answers/cart";
import type {
  AdminCategoryAnswer,
  AdminProductListAnswer,
  CategoryAnswer,
  ProductAnswer,
  ProductCard,
  ProductListAnswer,
  ProductSuggestion,
  PromoCodeAnswer,
  PromoCodePageAnswer,
  RatedAnswer,
  RatingAnswer,
  ReviewAnswer,
  SizeGuideAnswer,
} from "#contract/answers/catalog";
import type { Wire } from "#contract/answers/common";
import type { DashboardStats } from "#contract/answers/dashboard";
import type { ThanasAnswer } from "#contract/answers/locations";
import type {
  AdminOrderRowAnswer,
  AdminOrderPageAnswer,
  OrderAnswer,
  OrderLineAnswer,
  OrderTrackingAnswer,
  PaymentAnswer,
  PaymentPageAnswer,
  PaymentStartedAnswer,
} from "#contract/answers/orders";
import type { ActivePopupImage, PopupImageView } from "#contract/answers/popup-images";
import type {
  AdminReviewAnswer,
  AdminReviewPageAnswer,
  MyReviewAnswer,
} from "#contract/answers/reviews";
import type { TshirtOrderListAnswer, TshirtOrderView } from "#contract/answers/tshirt-orders";
import type {
  AddressAnswer,
  AuthAnswer,
  CustomerListAnswer,
  UserAnswer,
} from "#contract/answers/users";
import type { PaymentMethod } from "#contract/order-status";
import type { PlaceOrderBody, ShippingAddressBody } from "#contract/schemas/orders";
import type {
  PhoneBlock as PhoneBlockAnswer,
  PhoneBlocksAnswer,
  PhoneRisk as PhoneRiskAnswer,
} from "#contract/schemas/phone-history";
import type { z } from "zod";

export type { PaymentMethod, Wire };
export type Address = AddressAnswer;
export type User = Wire<UserAnswer>;
export type CustomerPage = Wire<CustomerListAnswer>;
export type { AuthAnswer };
export type CategoryRef = CategoryAnswer;
export type AdminCategory = AdminCategoryAnswer;
export type Product = ProductAnswer;
export type ProductList = ProductListAnswer;
export type AdminProductList = AdminProductListAnswer;
export type { ProductCard, ProductSuggestion };
export type CartItem = CartLine;
export type Cart = CartAnswer;
export type Quote = QuoteAnswer;
export type OrderItem = OrderLineAnswer;
/** An order as its customer or guest reads it (the shop, never a staff member, moved it). */
export type Order = Wire<OrderAnswer>;
/**
 * An order as the back office reads it: its customer, and which admin did what (list rows also
 * carry their phone's risk level).
 */
export type AdminOrder = Wire<AdminOrderRowAnswer>;
export type OrderPage = Wire<AdminOrderPageAnswer>;
/** What guest tracking shows: status, history, items and totals, no address or contact. */
export type OrderTracking = Wire<OrderTrackingAnswer>;
/** What an order's summary shows: a full order, or guest tracking's (the address then in part). */
export type OrderView = Omit<OrderTracking, "shippingAddress"> & {
  shippingAddress: Partial<Order["shippingAddress"]>;
};
/** What the shipping form sends (before the server normalises it). */
export type ShippingAddressInput = z.input<typeof ShippingAddressBody>;
/** What placing an order sends. */
export type PlaceOrder = z.input<typeof PlaceOrderBody>;
export type PaymentStarted = PaymentStartedAnswer;
export type Payment = Wire<PaymentAnswer>;
export type PaymentPage = Wire<PaymentPageAnswer>;
export type { ActivePopupImage };
export type PopupImage = Wire<PopupImageView>;
export type Review = ReviewAnswer;
export type MyReview = MyReviewAnswer;
export type AdminReview = AdminReviewAnswer;
export type AdminReviewPage = AdminReviewPageAnswer;
export type Rating = RatingAnswer;
export type Rated = RatedAnswer;
export type SizeGuide = SizeGuideAnswer;
export type PromoCode = PromoCodeAnswer;
export type PromoCodePage = PromoCodePageAnswer;
export type TshirtOrder = Wire<TshirtOrderView>;
export type TshirtOrderPage = Wire<TshirtOrderListAnswer>;
export type Dashboard = Wire<DashboardStats>;
/** A mobile number's orders by outcome and its risk level (customer history by phone). */
export type PhoneRisk = PhoneRiskAnswer;
export type PhoneBlock = PhoneBlockAnswer;
export type PhoneBlocks = PhoneBlocksAnswer;
export type Thanas = ThanasAnswer;

/** A request body the back office sends as it is (the server's schemas validate it). */
export type Json = Record<string, unknown>;
