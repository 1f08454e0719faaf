/** Answers of /api/admin/settings* and /api/settings: the shop settings and their change log. */
import { z } from "zod";
import { ObjectIdString } from "../schemas/common.js";
import { ShopSettings } from "../schemas/shop-settings.js";
import { BusinessSettings } from "../schemas/shop-presence.js";

const ChangedBy = z.object({ id: z.string(), email: z.string(), name: z.string() });

/**
 * Contact details as answers describe them: plain text. Input is checked by ContactSettings; the
 * document's email pattern is JavaScript's, which other validators read differently.
 */
const ContactAnswer = z.object({
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  hours: z.string(),
});

/** The shop's chat and social links as answers describe them: plain text (checked on input). */
const ChannelAnswer = z.object({
  whatsapp: z.string(),
  messenger: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  youtube: z.string(),
  tiktok: z.string(),
});

export const ShopSettingsAnswer = z.object({
  version: z.number(),
  updatedAt: z.string(),
  updatedBy: ChangedBy.nullable(),
  settings: ShopSettings.extend({ contact: ContactAnswer, channels: ChannelAnswer }),
});
export type ShopSettingsAnswer = z.output<typeof ShopSettingsAnswer>;

export const SettingsChange = z.object({
  _id: ObjectIdString,
  version: z.number(),
  changedAt: z.string(),
  changedBy: ChangedBy,
  /** Every field whose value changed, as a dotted path (`delivery.zones.inside-dhaka.charge`). */
  fields: z.array(z.object({ path: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type SettingsChange = z.output<typeof SettingsChange>;

export const SettingsChangesAnswer = z.object({
  changes: z.array(SettingsChange),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
});

/** A delivery zone as the storefront shows it: its names and charge, not the places it lists. */
const ZoneCharge = z.object({
  id: z.string(),
  name: z.string(),
  nameBn: z.string(),
  charge: z.number(),
  /** This zone's own free-delivery threshold; null: the shop-wide one. */
  freeDeliveryThreshold: z.number().nullable(),
});

/**
 * What the storefront shows (footer, cart, checkout, the chat button): no limits, no SMS details.
 */
export const StorefrontSettings = z.object({
  delivery: z.object({
    /** Every zone, the fallback ("everywhere else") last. */
    zones: z.array(ZoneCharge),
    freeDeliveryThreshold: z.number(),
  }),
  contact: ContactAnswer,
  business: BusinessSettings,
  channels: ChannelAnswer,
});
export type StorefrontSettings = z.output<typeof StorefrontSettings>;
