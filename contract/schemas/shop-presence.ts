/**
 * The shop's public presence, edited with the other shop settings: the business registration the
 * footer must show (trade licence, TIN), the return window the policy pages quote, and the places
 * a shopper can reach the shop (WhatsApp, Messenger, social pages). Only zod.
 */
import { z } from "zod";
import { OptionalBdMobile } from "../phone.js";

export const BusinessSettings = z.strictObject({
  /** The trade licence number as the city corporation wrote it; empty: not shown. */
  tradeLicence: z
    .string()
    .trim()
    .max(60)
    .regex(/^[\w ./-]*$/, "Letters, digits, spaces, dots, slashes and dashes only"),
  /** The e-TIN (12 digits in Bangladesh); empty: not shown. */
  tin: z
    .string()
    .trim()
    .regex(/^(\d{12})?$/, "A TIN is 12 digits"),
  /** Days after delivery within which a shopper may ask to return or exchange; 0: no returns. */
  returnDays: z.number().int().min(0).max(90),
});
export type BusinessSettings = z.output<typeof BusinessSettings>;

const MESSENGER_URL =
  /^(?:https?:\/\/)?(?:www\.|web\.|m\.)?(?:m\.me|facebook\.com|fb\.com)\/([\w.]+)\/?$/i;

/**
 * A Facebook page's user name or numeric id (what m.me/<name> opens); a pasted m.me or
 * facebook.com address is reduced to it. Empty: no Messenger link.
 */
const MessengerName = z
  .string()
  .trim()
  .max(200)
  .transform((value) => MESSENGER_URL.exec(value)?.[1] ?? value)
  .pipe(
    z
      .string()
      .max(50)
      .regex(/^([\w.]{5,50})?$/, "Enter the Facebook page's user name (as in m.me/yourshop)"),
  );

/** An https address of one of the shop's pages elsewhere; empty: no link. */
const ProfileUrl = z.union([
  z.literal(""),
  z
    .url({ protocol: /^https$/, error: "Enter the page's address, starting with https://" })
    .max(200),
]);

export const ChannelSettings = z.strictObject({
  /** The WhatsApp number (a Bangladeshi mobile); empty: no WhatsApp button. */
  /** Empty: no WhatsApp button; a number is stored as 01XXXXXXXXX. */
  whatsapp: OptionalBdMobile,
  messenger: MessengerName,
  facebook: ProfileUrl,
  instagram: ProfileUrl,
  youtube: ProfileUrl,
  tiktok: ProfileUrl,
});
export type ChannelSettings = z.output<typeof ChannelSettings>;
