/**
 * The back office's entry of the API client: everything `~/lib/api-client` exports, with `api`
 * extended by the admin-only groups. Storefront pages import `~/lib/api-client`, so the back
 * office's request functions never enter a shopper's scripts.
 */
import { api as storefrontApi } from "./api-client";
import { admin } from "./api/admin";
import { adminReviews } from "./api/admin-reviews";
import { courierCash } from "./api/courier-cash";
import { buyers } from "./api/buyers";
import { catalogCsv } from "./api/catalog-csv";
import { incompleteCheckouts } from "./api/incomplete-checkouts";
import { staffOrders } from "./api/staff-orders";
import { orderDesk } from "./api/order-desk";
import { packing } from "./api/packing";
import { refunds } from "./api/refunds";
import { paymentGateways } from "./api/payment-gateways";
import { stock } from "./api/stock";
import { audit } from "./api/audit";
import { staff } from "./api/staff";
import { backOfficeLanguage } from "./api/back-office-language";
import { staffFigures } from "./api/staff-figures";
import { orderEdits } from "./api/order-edits";

export * from "./api-client";

/** Typed functions per endpoint group, the storefront's and the back office's. */
export const api = {
  ...storefrontApi,
  admin,
  adminReviews,
  courierCash,
  buyers,
  catalogCsv,
  incompleteCheckouts,
  staffOrders,
  orderDesk,
  packing,
  refunds,
  paymentGateways,
  stock,
  audit,
  staff,
  backOfficeLanguage,
  staffFigures,
  orderEdits,
};
