/**
 * The shop settings an admin edits on one screen (docs/cod.md): delivery charges, order limits,
 * order caps, the storefront's contact details, SMS, and the cash-on-delivery rules. Only zod, so the admin
 * screen validates with the same schema the server does.
 *
 * Each section is a strict object: an unknown field is a 400, never silently stored. A field
 * added later gets a default in `defaultShopSettings` (server/services/shop-settings.service.ts),
 * and a stored document written before it existed is read with that default filled in.
 */
import { z } from "zod";
import { OptionalBdMobile } from "../phone.js";
import { PageQuery, Taka } from "./common.js";
import {
  checkZoneTable,
  DeliveryZone,
  FallbackZone,
  LIVE_PRICE_SOURCES,
  MAX_DELIVERY_ZONES,
} from "./delivery-zones.js";
import { BusinessSettings, ChannelSettings } from "./shop-presence.js";
import { SearchSettings } from "./search-synonyms.js";

const Limit = z.number().int().min(1).max(1_000_000);

/**
 * The delivery charge by zone (docs/delivery-zones.md). The two fixed charges of earlier versions,
 * `insideDhaka` and `outsideDhaka`, became the zones "Inside Dhaka" and "Outside Dhaka" (a document
 * saved before zones is read that way: shop-settings.service.ts).
 */
export const DeliverySettings = z
  .strictObject({
    zones: z.array(DeliveryZone).max(MAX_DELIVERY_ZONES, `At most ${MAX_DELIVERY_ZONES} zones`),
    fallbackZone: FallbackZone,
    /**
     * Goods amount (after discounts) from which delivery is free, in every zone without its own;
     * 0 switches free delivery off.
     */
    freeDeliveryThreshold: Taka(10_000_000),
    /** A courier's live price in place of the zone's charge, where the courier can price the address. */
    livePrice: z.enum(LIVE_PRICE_SOURCES),
  })
  .superRefine(checkZoneTable);

/**
 * Order attempts (placed or refused; docs/cod.md, "How attempts count"): per client address an
 * hour, per delivery phone and per guest cart a day.
 */
export const OrderLimitSettings = z.strictObject({
  perClientAddressPerHour: Limit,
  perPhonePerDay: Limit,
  perGuestCartPerDay: Limit,
});

/**
 * What one cart, and so one order, may hold (docs/cod.md, "Order caps"): more is the bulk order
 * form's work. Checked when the cart changes and again when the order is placed.
 */
export const OrderCapSettings = z.strictObject({
  /** Different items (a product in one colour and size) in one cart or order. */
  maxLines: z.number().int().min(1).max(500),
  /** Pieces in all, every line's quantity added up. */
  maxUnits: z.number().int().min(1).max(5000),
  /**
   * A cash-on-delivery order whose goods (after discounts) are worth more than this, in taka,
   * needs its delivery phone confirmed by code, whatever `cod.phoneConfirmation` says; 0: off.
   */
  codPhoneConfirmationAbove: Taka(10_000_000),
});
export type OrderCapSettings = z.output<typeof OrderCapSettings>;

export const ContactSettings = z.strictObject({
  // Empty: the footer leaves that line out; a number is stored as 01XXXXXXXXX.
  phone: OptionalBdMobile,
  email: z.union([z.literal(""), z.email("Enter a valid email address").max(120)]),
  address: z.string().trim().max(200),
  hours: z.string().trim().max(100),
});

/** Which order messages go out by SMS (sign-in codes always do: they are not optional). */
export const SmsOrderTexts = z.strictObject({
  placed: z.boolean(),
  // Added with the Bangla messages; settings saved before it have none: on.
  confirmed: z.boolean().default(true),
  shipped: z.boolean(),
  delivered: z.boolean(),
  cancelled: z.boolean(),
  // Added with refunds; settings saved before them have none: on.
  refunded: z.boolean().default(true),
});

export const SmsSettings = z.strictObject({
  /** The gateway's sender id (masking name); empty: the gateway account's default. */
  senderId: z
    .string()
    .trim()
    .max(20)
    .regex(/^[\w .-]*$/, "Letters, digits, spaces, dots and dashes only"),
  orderTexts: SmsOrderTexts,
});

/** When a cash-on-delivery order needs its phone confirmed with a one-time code (docs/cod.md). */
export const PHONE_CONFIRMATION_RULES = ["never", "guests", "risky", "always"] as const;
export type PhoneConfirmationRule = (typeof PHONE_CONFIRMATION_RULES)[number];

/** When the delivery charge of a cash-on-delivery order is paid online before it is placed. */
export const AdvanceDeliveryChargeSettings = z.strictObject({
  outsideDhaka: z.boolean(),
  riskyNumbers: z.boolean(),
  /** Order amount (after discounts) from which the charge is paid in advance; 0 switches this off. */
  aboveAmount: Taka(10_000_000),
});

/**
 * What a poor delivery record in the couriers' networks (Steadfast's fraud check) asks of a
 * cash-on-delivery order (docs/cod.md, "The couriers' record of a number"): the phone's code, the
 * delivery charge in advance, or nothing. Never a refusal. Poor: fewer than `successRateBelow` per
 * cent of at least `minParcels` parcels delivered.
 */
export const COURIER_RECORD_ACTIONS = ["none", "phoneCode", "advance"] as const;
export type CourierRecordAction = (typeof COURIER_RECORD_ACTIONS)[number];

export const CourierRecordSettings = z.strictObject({
  action: z.enum(COURIER_RECORD_ACTIONS),
  successRateBelow: z.number().int().min(1, "At least 1%").max(100, "At most 100%"),
  minParcels: z.number().int().min(1).max(1000),
});
export type CourierRecordSettings = z.output<typeof CourierRecordSettings>;

/** The cash-on-delivery rules (docs/cod.md). */
export const CodSettings = z.strictObject({
  phoneConfirmation: z.enum(PHONE_CONFIRMATION_RULES),
  advanceDeliveryCharge: AdvanceDeliveryChargeSettings,
  /** Hours after which a COD order nobody confirmed is cancelled and its units released; 0: never. */
  unconfirmedCancelAfterHours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30),
  courierRecord: CourierRecordSettings,
});

/** Who may rate and review a product (docs/reviews.md). */
export const REVIEWERS = ["signedIn", "verifiedBuyers"] as const;
export type Reviewers = (typeof REVIEWERS)[number];

export const ReviewSettings = z.strictObject({
  /** `verifiedBuyers`: only an account with a delivered order of the product; `signedIn`: any account. */
  whoMayReview: z.enum(REVIEWERS),
});

/** Checkouts left after the mobile was typed (docs/call-list.md): how long they are kept. */
export const CallListSettings = z.strictObject({
  keepDays: z.number().int().min(1, "At least 1 day").max(90, "At most 90 days"),
});

/**
 * The suggested courier per order (docs/couriers.md): a courier's record in a district counts once
 * it has `minParcels` finished parcels there, over the last `days` days.
 */
export const CourierSuggestionSettings = z.strictObject({
  minParcels: z.number().int().min(1, "At least 1 parcel").max(1000, "At most 1000 parcels"),
  days: z.number().int().min(30, "At least 30 days").max(730, "At most 730 days"),
});
export type CourierSuggestionSettings = z.output<typeof CourierSuggestionSettings>;

/** Low stock (docs/stock-ledger.md): the default threshold and the owner's daily digest. */
export const StockSettings = z.strictObject({
  /** A variant without its own threshold is low at or below this many units. */
  lowStockThreshold: z.number().int().min(0, "At least 0").max(100_000, "At most 100000"),
  /** The daily low-stock digest goes out (email to the owner, SMS to `digestMobile` if set). */
  dailyDigest: z.boolean(),
  /** Empty: the digest goes by email only; a number is stored as 01XXXXXXXXX. */
  digestMobile: OptionalBdMobile,
});

export const ShopSettings = z.strictObject({
  delivery: DeliverySettings,
  orderLimits: OrderLimitSettings,
  orderCaps: OrderCapSettings,
  contact: ContactSettings,
  sms: SmsSettings,
  cod: CodSettings,
  reviews: ReviewSettings,
  business: BusinessSettings,
  channels: ChannelSettings,
  callList: CallListSettings,
  search: SearchSettings,
  stock: StockSettings,
  courierSuggestion: CourierSuggestionSettings,
});
export type ShopSettings = z.output<typeof ShopSettings>;
export type ShopSettingsInput = z.input<typeof ShopSettings>;

/** PUT body: the whole set, and the version the admin loaded (a stale version is a 409). */
export const ShopSettingsUpdate = z.strictObject({
  version: z.number().int().min(1),
  settings: ShopSettings,
});
export type ShopSettingsUpdate = z.output<typeof ShopSettingsUpdate>;

export const SettingsChangesQuery = z.object(PageQuery);
