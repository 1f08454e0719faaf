import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // The storefront: its error boundary keeps the header and footer around a screen that failed.
  layout("routes/storefront/layout.tsx", [
    index("routes/home.tsx"),
    // Shopping screens (catalogue, cart, checkout, orders)
    route("products", "routes/products.tsx"),
    route("product/:slug", "routes/product.tsx"),
    route("cart", "routes/cart.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("order-confirmation", "routes/order-confirmation.tsx"),
    route("payment-success", "routes/payment-result.tsx", { id: "payment-success" }),
    route("payment-failed", "routes/payment-result.tsx", { id: "payment-failed" }),
    route("payment-cancelled", "routes/payment-result.tsx", { id: "payment-cancelled" }),
    route("payment/success", "routes/payment-result.tsx", { id: "payment/success" }),
    route("order/guest/track/:id", "routes/order-guest-track.tsx"),
    route("order/:id", "routes/order-details.tsx"),
    route("bulk-order", "routes/bulk-order.tsx"),
    // Sign-in and account screens
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("auth/google/callback", "routes/google-callback.tsx"),
    route("account", "routes/account.tsx"),
  ]),
  route("sitemap.xml", "routes/sitemap[.]xml.tsx"),
  route("robots.txt", "routes/robots[.]txt.tsx"),
  // Diagnostics screen
  route("TGBHSIAN", "routes/tgbhsian.tsx"),
  // Admin back office (client-rendered; the layout's clientLoader checks the admin)
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("categories", "routes/admin/categories.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("payments", "routes/admin/payments.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("promo-codes", "routes/admin/promo-codes.tsx"),
    route("tshirt-orders", "routes/admin/tshirt-orders.tsx"),
    route("popup-images", "routes/admin/popup-images.tsx"),
    route("size-guides", "routes/admin/size-guides.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("courier-cash", "routes/admin/courier-cash.tsx"),
    route("phone-blocks", "routes/admin/phone-blocks.tsx"),
  ]),
] satisfies RouteConfig;
