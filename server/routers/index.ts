import type { Router } from "express";
import { cartRouter } from "./cart.router.js";
import { adminCategoriesRouter, adminProductsRouter } from "./admin-products.router.js";
import { adminCatalogCsvRouter } from "./admin-catalog-csv.router.js";
import { productsRouter } from "./products.router.js";
import { adminPromoCodesRouter } from "./promo-codes.router.js";
import { ratingsRouter, reviewsRouter } from "./reviews.router.js";
import { adminSizeGuidesRouter, sizeGuidesRouter } from "./size-guides.router.js";
import { authRouter } from "./auth.router.js";
import { categoriesRouter } from "./categories.router.js";
import { dashboardRouter } from "./dashboard.router.js";
import { popupImagesRouter } from "./popup-images.router.js";
import { tshirtOrdersRouter } from "./tshirt-orders.router.js";
import { usersRouter } from "./users.router.js";
import { adminOrdersRouter } from "./admin-orders.router.js";
import { adminRefundsRouter } from "./admin-refunds.router.js";
import { adminStaffOrdersRouter } from "./admin-staff-orders.router.js";
import { adminOrderDeskRouter } from "./admin-order-desk.router.js";
import { checkoutRouter } from "./checkout.router.js";
import { ordersRouter } from "./orders.router.js";
import { pathaoRouter } from "./pathao.router.js";
import { paymentRouter, paymentsRouter } from "./payments.router.js";
import { adminPaymentGatewaysRouter } from "./payment-gateways.router.js";
import { adminShopSettingsRouter, shopSettingsRouter } from "./shop-settings.router.js";
import { adminCourierCashRouter } from "./courier-cash.router.js";
import { adminPhonesRouter } from "./phone-history.router.js";
import {
  adminCouriersRouter,
  adminShipmentsRouter,
  courierWebhooksRouter,
} from "./shipments.router.js";
import { adminPathaoPlacesRouter } from "./admin-pathao-places.router.js";
import { locationsRouter } from "./locations.router.js";
import { adminCourierSuggestionsRouter } from "./courier-suggestions.router.js";
import { adminReviewsRouter } from "./admin-reviews.router.js";
import { adminPagesRouter, pagesRouter } from "./pages.router.js";
import { adminBuyersRouter } from "./buyers.router.js";
import { adminPackingRouter, adminProductCodesRouter } from "./packing.router.js";
import { adminStockRouter } from "./stock.router.js";
import { adminAuditRouter } from "./audit.router.js";
import {
  adminIncompleteCheckoutsRouter,
  cartRestoreRouter,
  incompleteCheckoutRouter,
} from "./incomplete-checkouts.router.js";
import { adminStaffRouter, staffInviteRouter } from "./staff.router.js";
import { adminStaffFiguresRouter } from "./staff-figures.router.js";

/**
 * Every REST router and where it is mounted. Paths given to endpoint() inside a router are relative
 * to its prefix here, and the same prefix is passed to endpoint() for the OpenAPI document.
 */
export const apiRouters: { prefix: string; router: Router }[] = [
  { prefix: "/api/categories", router: categoriesRouter },
  { prefix: "/api/popup-images", router: popupImagesRouter },
  { prefix: "/api/tshirt-orders", router: tshirtOrdersRouter },
  { prefix: "/api/admin/dashboard", router: dashboardRouter },
  { prefix: "/auth", router: authRouter },
  { prefix: "/api/users", router: usersRouter },
  { prefix: "/api/cart", router: cartRouter },
  { prefix: "/api/products", router: productsRouter },
  // The look-up by code (a fixed path) before the one-product routes' /:id.
  { prefix: "/api/admin/products", router: adminProductCodesRouter },
  { prefix: "/api/admin/products", router: adminCatalogCsvRouter },
  { prefix: "/api/admin/products", router: adminProductsRouter },
  { prefix: "/api/admin/categories", router: adminCategoriesRouter },
  { prefix: "/api/reviews", router: reviewsRouter },
  { prefix: "/api/ratings", router: ratingsRouter },
  { prefix: "/api/admin/reviews", router: adminReviewsRouter },
  { prefix: "/api/size-guides", router: sizeGuidesRouter },
  { prefix: "/api/admin/size-guides", router: adminSizeGuidesRouter },
  { prefix: "/api/admin/promo-codes", router: adminPromoCodesRouter },
  { prefix: "/api/checkout", router: checkoutRouter },
  { prefix: "/api/orders", router: ordersRouter },
  // The desk's fixed paths (queues, export.csv, bulk) before the one-order routes' /:id.
  { prefix: "/api/admin/orders", router: adminOrderDeskRouter },
  { prefix: "/api/admin/orders", router: adminOrdersRouter },
  { prefix: "/api/admin/orders", router: adminStaffOrdersRouter },
  { prefix: "/api/admin/orders", router: adminPackingRouter },
  { prefix: "/api/admin/orders", router: adminRefundsRouter },
  { prefix: "/api/payment", router: paymentRouter },
  { prefix: "/api/payments", router: paymentsRouter },
  { prefix: "/api/admin/payment-gateways", router: adminPaymentGatewaysRouter },
  { prefix: "/api/pathao", router: pathaoRouter },
  { prefix: "/api/settings", router: shopSettingsRouter },
  { prefix: "/api/admin/settings", router: adminShopSettingsRouter },
  { prefix: "/api/admin/courier-cash", router: adminCourierCashRouter },
  { prefix: "/api/admin/phones", router: adminPhonesRouter },
  { prefix: "/api/locations", router: locationsRouter },
  { prefix: "/api/admin/couriers", router: adminCouriersRouter },
  { prefix: "/api/admin/couriers/pathao", router: adminPathaoPlacesRouter },
  { prefix: "/api/admin/shipments", router: adminShipmentsRouter },
  { prefix: "/api/couriers", router: courierWebhooksRouter },
  { prefix: "/api/admin/courier-suggestions", router: adminCourierSuggestionsRouter },
  { prefix: "/api/pages", router: pagesRouter },
  { prefix: "/api/admin/pages", router: adminPagesRouter },
  { prefix: "/api/admin/stock", router: adminStockRouter },
  { prefix: "/api/admin/audit", router: adminAuditRouter },
  { prefix: "/api/admin/buyers", router: adminBuyersRouter },
  { prefix: "/api/checkout/incomplete", router: incompleteCheckoutRouter },
  { prefix: "/cart/restore", router: cartRestoreRouter },
  { prefix: "/api/admin/incomplete-checkouts", router: adminIncompleteCheckoutsRouter },
  // The figures (a fixed path) before the staff routes' /:id.
  { prefix: "/api/admin/staff/figures", router: adminStaffFiguresRouter },
  { prefix: "/api/admin/staff", router: adminStaffRouter },
  { prefix: "/auth/staff-invite", router: staffInviteRouter },
];
