/**
 * Where an order came from (docs/order-desk.md, "Orders from every channel"): the storefront
 * (`web`), or a channel where staff took it and entered it in the back office.
 */
export const ORDER_SOURCES = [
  "web",
  "phone",
  "facebook",
  "instagram",
  "whatsapp",
  "walk-in",
] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** The channels staff enter orders from: every source but the storefront. */
export const STAFF_ORDER_SOURCES = [
  "phone",
  "facebook",
  "instagram",
  "whatsapp",
  "walk-in",
] as const satisfies readonly OrderSource[];
export type StaffOrderSource = (typeof STAFF_ORDER_SOURCES)[number];

/** The back office's words for each source. */
export const ORDER_SOURCE_LABELS: Record<OrderSource, string> = {
  web: "Website",
  phone: "Phone call",
  facebook: "Facebook / Messenger",
  instagram: "Instagram",
  whatsapp: "WhatsApp",
  "walk-in": "Walk-in",
};
