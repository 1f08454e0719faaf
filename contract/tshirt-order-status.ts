/** Bulk t-shirt order enums, free of mongoose so the admin UI can import them. */
export const PRINT_TYPES = ["SCREEN", "DTF", "EMBROIDERY", "NONE"] as const;
export type PrintType = (typeof PRINT_TYPES)[number];
export const TSHIRT_ORDER_STATUSES = [
  "NEW",
  "QUOTED",
  "CONFIRMED",
  "IN_PRODUCTION",
  "DELIVERED",
  "CANCELLED",
] as const;
export type TshirtOrderStatus = (typeof TSHIRT_ORDER_STATUSES)[number];
export const TSHIRT_SIZES = ["S", "M", "L", "XL", "XXL"] as const;
/** A bulk order is at least this many pieces. */
export const MIN_BULK_QUANTITY = 10;
