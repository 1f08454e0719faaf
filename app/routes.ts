import {
  type RouteConfig,
  type RouteConfigEntry,
  index,
  layout,
  route,
} from "@react-router/dev/routes";

/**
 * The storefront's screens in one language. English keeps React Router's default ids (the file
 * names); Bangla ids start with `bn/`. Its error boundary keeps the header and footer around a
 * screen that failed.
 */
function storefront(locale: "en" | "bn"): RouteConfigEntry[] {
  const bn = locale === "bn";
  const id = (name: string) => (bn ? `bn/${name}` : name);
  const page = (path: string, file: string, name = file.replace(/\.tsx$/, "")) =>
    route(path, file, { id: id(name) });
  const screens = [
    index("routes/home.tsx", { id: id("routes/home") }),
    // Shopping screens (catalogue, cart, checkout, orders)
    page("products", "routes/products.tsx"),
    page("product/:slug", "routes/product.tsx"),
    page("cart", "routes/cart.tsx"),
    page("checkout", "routes/checkout.tsx"),
    page("order-confirmation", "routes/order-confirmation.tsx"),
    page("payment-success", "routes/payment-result.tsx", "payment-success"),
    page("payment-failed", "routes/payment-result.tsx", "payment-failed"),
    page("payment-cancelled", "routes/payment-result.tsx", "payment-cancelled"),
    page("payment/success", "routes/payment-result.tsx", "payment/success"),
    // Tracking: by order number and mobile, or the confirmation's link to one order.
    page("order/track", "routes/order-guest-track.tsx", "order-track"),
    page("order/guest/track/:id", "routes/order-guest-track.tsx"),
    page("order/:id", "routes/order-details.tsx"),
    page("bulk-order", "routes/bulk-order.tsx"),
    // The shop's own pages (terms, returns, delivery...), written in the back office
    page("pages/:slug", "routes/shop-page.tsx"),
    // Sign-in and account screens
    page("login", "routes/login.tsx"),
    page("register", "routes/register.tsx"),
    page("auth/google/callback", "routes/google-callback.tsx"),
    page("account", "routes/account.tsx"),
    // A staff invitation's link: the invitee sets the password
    page("staff-invite", "routes/staff-invite.tsx"),
    // Any other URL: a 404 in the page's language, with the header and footer.
    page("*", "routes/not-found.tsx"),
  ];
  const file = "routes/storefront/layout.tsx";
  return [
    bn
      ? route("bn", file, { id: id("routes/storefront/layout") }, screens)
      : layout(file, { id: id("routes/storefront/layout") }, screens),
  ];
}

export default [
  // The storefront in English at today's URLs, and again in Bangla under /bn (distinct route ids;
  // the page's language comes from its URL, app/lib/i18n). Any other prefix is an unknown page: 404.
  ...storefront("en"),
  ...storefront("bn"),
  route("sitemap.xml", "routes/sitemap[.]xml.tsx"),
  route("robots.txt", "routes/robots[.]txt.tsx"),
  // The UI messages of one language, named by each page (app/lib/i18n/i18n.tsx)
  route("i18n/:file", "routes/i18n-catalog.ts"),
  // Diagnostics screen
  route("TGBHSIAN", "routes/tgbhsian.tsx"),
  // Many orders' printed documents: back office, checked like it, outside its shell (one page per order)
  route("admin/print", "routes/admin/print.tsx"),
  // Admin back office (client-rendered; the layout's clientLoader checks the admin)
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("products", "routes/admin/products.tsx"),
    route("categories", "routes/admin/categories.tsx"),
    route("orders", "routes/admin/orders.tsx"),
    route("packing", "routes/admin/packing.tsx"),
    route("payments", "routes/admin/payments.tsx"),
    route("customers", "routes/admin/customers.tsx"),
    route("promo-codes", "routes/admin/promo-codes.tsx"),
    route("tshirt-orders", "routes/admin/tshirt-orders.tsx"),
    route("popup-images", "routes/admin/popup-images.tsx"),
    route("size-guides", "routes/admin/size-guides.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("pages", "routes/admin/pages.tsx"),
    route("courier-cash", "routes/admin/courier-cash.tsx"),
    route("couriers", "routes/admin/couriers.tsx"),
    route("payment-gateways", "routes/admin/payment-gateways.tsx"),
    route("phone-blocks", "routes/admin/phone-blocks.tsx"),
    route("buyers", "routes/admin/buyers.tsx"),
    route("call-list", "routes/admin/call-list.tsx"),
    route("stock", "routes/admin/stock.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("staff", "routes/admin/staff.tsx"),
    route("staff-figures", "routes/admin/staff-figures.tsx"),
  ]),
] satisfies RouteConfig;
