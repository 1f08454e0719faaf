import type { OrderStatus } from "./order-status.js";
import type { BulkAction } from "./schemas/order-desk.js";
/**
 * Who on the shop's team may do what: the roles and the permissions of each, one declaration that
 * the server enforces (each admin endpoint names the permission it needs) and the back office reads
 * (it hides what the signed-in role cannot do). docs/staff-roles.md has the table and the reasons.
 */

/** Every action the back office guards, by name; an admin endpoint needs exactly one of these. */
export const PERMISSIONS = [
  // Any staff member: enter the back office (the admin check answers role and permissions).
  "backOffice.enter",
  // Orders
  "orders.read",
  "orders.create",
  "orders.confirm",
  "orders.cancel",
  "orders.delete",
  "orders.callList",
  "orders.print",
  "orders.pack",
  "orders.ship",
  // Buyers and numbers
  "buyers.read",
  "buyers.notes",
  "phones.block",
  "customers.manage",
  "bulkOrders.manage",
  // Catalogue
  "products.manage",
  "categories.manage",
  "stock.manage",
  "popups.manage",
  "sizeGuides.manage",
  "pages.manage",
  "reviews.moderate",
  "promoCodes.manage",
  // Money
  "payments.read",
  "payments.refund",
  "courierCash.manage",
  "reports.read",
  // The shop itself
  "settings.manage",
  "couriers.configure",
  "gateways.configure",
  "staff.manage",
  "audit.read",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const STAFF_ROLES = [
  "owner",
  "manager",
  "orderDesk",
  "packer",
  "catalogue",
  "accountant",
] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Only the owner manages staff and the couriers' and payment gateways' credentials; the manager
 * does all the rest (and reads the audit trail).
 */
const MANAGER_WITHOUT: readonly Permission[] = [
  "staff.manage",
  "couriers.configure",
  "gateways.configure",
];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((permission) => !MANAGER_WITHOUT.includes(permission)),
  orderDesk: [
    "backOffice.enter",
    "orders.read",
    "orders.create",
    "orders.confirm",
    "orders.cancel",
    "orders.callList",
    "buyers.read",
    "buyers.notes",
    "phones.block",
    "bulkOrders.manage",
  ],
  packer: ["backOffice.enter", "orders.read", "orders.print", "orders.pack", "orders.ship"],
  catalogue: [
    "backOffice.enter",
    "products.manage",
    "categories.manage",
    "stock.manage",
    "popups.manage",
    "sizeGuides.manage",
    "pages.manage",
    "reviews.moderate",
  ],
  accountant: [
    "backOffice.enter",
    "orders.read",
    "buyers.read",
    "payments.read",
    "payments.refund",
    "courierCash.manage",
    "reports.read",
  ],
};

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  manager: "Manager",
  orderDesk: "Order desk",
  packer: "Packer",
  catalogue: "Catalogue",
  accountant: "Accountant",
};

export function roleAllows(role: StaffRole | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** The permissions of a role, in the declaration's order (none for no role). */
export function permissionsOf(role: StaffRole | null | undefined): Permission[] {
  return role ? [...ROLE_PERMISSIONS[role]] : [];
}

/** What moving an order to each status takes (PUT /api/admin/orders/{id}/{status}). */
export const ORDER_MOVE_PERMISSIONS = {
  PENDING: "orders.confirm",
  PLACED: "orders.confirm",
  CONFIRMED: "orders.confirm",
  CANCELLED: "orders.cancel",
  SHIPPED: "orders.ship",
  DELIVERED: "orders.ship",
  RETURNING: "orders.ship",
  RETURNED: "orders.ship",
} as const satisfies Record<OrderStatus, Permission>;

/** The route's declaration: any one of these lets the request in; the status then decides. */
export const ORDER_MOVES = [...new Set(Object.values(ORDER_MOVE_PERMISSIONS))];

/** What each bulk action takes (POST /api/admin/orders/bulk). */
export const BULK_ACTION_PERMISSIONS = {
  confirm: "orders.confirm",
  cancel: "orders.cancel",
} as const satisfies Record<BulkAction, Permission>;

/** What a customer made staff on the Customers screen starts as: the narrowest role. */
export const PROMOTED_CUSTOMER_ROLE: StaffRole = "packer";
