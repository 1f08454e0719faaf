import { z } from "zod";
import {
  ProviderFieldAnswer,
  ProviderIdParams,
  ProviderSettingsUpdate,
  providerAnswerFields,
} from "./provider-settings.js";

/**
 * The couriers the shop ships with, by id, with the name shoppers and staff read. One list: the
 * server's registry (server/couriers/index.ts) is a `Record<CourierId, Courier>`, so a courier named
 * here without an adapter there fails the type check. `manual` is any other courier or the shop's
 * own rider: the owner types its name and tracking number.
 */
export const COURIER_NAMES = {
  pathao: "Pathao",
  steadfast: "Steadfast",
  redx: "RedX",
  manual: "Other courier",
} as const;
export type CourierId = keyof typeof COURIER_NAMES;
export const COURIER_IDS = Object.keys(COURIER_NAMES) as [CourierId, ...CourierId[]];

/** The `{tracking}` placeholder of a tracking URL template (manual shipments). */
export const TRACKING_PLACEHOLDER = "{tracking}";

/**
 * Who is bringing the parcel and how to follow it, as every order answer carries it (customers,
 * guests, the back office). `status` is the courier's own word for where the parcel is (e.g.
 * `Pending`, `in_review`, `picked`); the order's own state is `orderStatus`.
 */
export const ShipmentAnswer = z.object({
  courier: z.enum(COURIER_IDS),
  /** The courier's name as the shopper reads it (for `manual`, what the owner typed). */
  courierName: z.string(),
  trackingNumber: z.string(),
  /** Where the shopper follows the parcel; null when the courier has no public page. */
  trackingUrl: z.string().nullable(),
  status: z.string(),
});
export type ShipmentAnswer = z.infer<typeof ShipmentAnswer>;

const Text = (max: number) => z.string().trim().max(max);

export const MANUAL_NEEDS_TRACKING_NUMBER = "Enter the tracking number the courier gave you";
export const MANUAL_NEEDS_COURIER_NAME = "Enter the courier's name";
export const TRACKING_URL_NEEDS_PLACEHOLDER =
  "The tracking link must start with https:// and hold {tracking} where the number goes";

/**
 * `POST /api/admin/orders/{id}/shipment`: the courier to book the parcel with. Pathao and the
 * other API couriers book through their API (a tracking number is theirs to give); `manual` needs
 * the courier's name and the number it gave, and may carry a link template for shoppers.
 */
export const BookShipmentBody = z
  .object({
    courier: z.enum(COURIER_IDS),
    // Short enough for the shipped SMS to stay within two parts (notifications.service.ts).
    trackingNumber: Text(30).optional(),
    courierName: Text(60).optional(),
    trackingUrlTemplate: Text(300)
      .refine(
        (value) =>
          value === "" ||
          (/^https:\/\/[^\s]+$/.test(value) && value.includes(TRACKING_PLACEHOLDER)),
        TRACKING_URL_NEEDS_PLACEHOLDER,
      )
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.courier !== "manual") return;
    if (!body.trackingNumber)
      ctx.addIssue({
        code: "custom",
        path: ["trackingNumber"],
        message: MANUAL_NEEDS_TRACKING_NUMBER,
      });
    if (!body.courierName)
      ctx.addIssue({ code: "custom", path: ["courierName"], message: MANUAL_NEEDS_COURIER_NAME });
  });
export type BookShipmentBody = z.infer<typeof BookShipmentBody>;

/** `POST /api/admin/shipments`: many orders (by id) booked with one API courier, each answered on its own. */
export const BookShipmentsBody = z.object({
  orderIds: z
    .array(
      z
        .string()
        .regex(/^[0-9a-fA-F]{24}$/, "Not an order id")
        .transform((id) => id.toLowerCase()),
    )
    .min(1)
    .max(100)
    .transform((ids) => [...new Set(ids)]),
  courier: z.enum(COURIER_IDS),
});

/** One order of a many-at-once booking: its shipment, or why it was not booked (nothing changed). */
export const ShipmentResultAnswer = z.union([
  z.object({
    orderId: z.string(),
    ok: z.literal(true),
    orderNumber: z.string(),
    shipment: ShipmentAnswer.nullable(),
  }),
  z.object({
    orderId: z.string(),
    ok: z.literal(false),
    status: z.number(),
    message: z.string(),
    code: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
]);
export const BookShipmentsAnswer = z.object({ results: z.array(ShipmentResultAnswer) });
export type BookShipmentsAnswer = z.infer<typeof BookShipmentsAnswer>;

/** One setting of a courier as the back office reads it (contract/provider-settings.ts). */
export const CourierFieldAnswer = ProviderFieldAnswer;
export type CourierFieldAnswer = ProviderFieldAnswer;

export const CourierAnswer = z.object({
  id: z.enum(COURIER_IDS),
  name: z.string(),
  ...providerAnswerFields,
});
export type CourierAnswer = z.infer<typeof CourierAnswer>;

/** `GET /api/admin/couriers`: every courier, whether it can book now, and its settings. */
export const CouriersAnswer = z.object({
  couriers: z.array(CourierAnswer),
  /** False in production without SETTINGS_ENCRYPTION_KEY: credentials cannot be saved. */
  canStoreSecrets: z.boolean(),
});
export type CouriersAnswer = z.infer<typeof CouriersAnswer>;

/** `PUT /api/admin/couriers/{id}`: the fields to change and the switch (contract/provider-settings.ts). */
export const CourierSettingsUpdate = ProviderSettingsUpdate;
export type CourierSettingsUpdate = z.infer<typeof CourierSettingsUpdate>;

/** A courier named in a path that may not exist (the answer is a 404, not a 400). */
export const CourierIdParams = ProviderIdParams;

export const CourierParams = z.object({ courier: z.enum(COURIER_IDS) });
