/**
 * "Talk to us" on every dead end (a blocked number at checkout, no search results, a failed
 * payment): WhatsApp, Messenger and a call as the shop settings have them. Plain links; in the
 * chunks of the screens that show it, not in every page's.
 */
import { useLingui } from "@lingui/react";
import { messengerUrl, telUrl, whatsappUrl } from "#contract/shop-contact";
import { useShopContact } from "./shop-contact";

/**
 * "Talk to us": WhatsApp (with `message` written in), Messenger and a call, as configured; else
 * the email. Nothing when the shop has set none of them.
 */
export function ReachTheShop({
  message,
  className = "",
}: {
  message?: string;
  className?: string;
}) {
  const { i18n } = useLingui();
  const shop = useShopContact();
  if (!shop) return null;
  const { channels, contact } = shop;
  const link =
    "inline-flex min-h-11 items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50";
  const links = [
    channels.whatsapp && (
      <a
        key="whatsapp"
        href={whatsappUrl(channels.whatsapp, message)}
        rel="noopener"
        className={link}
      >
        {i18n._("WhatsApp")}
      </a>
    ),
    channels.messenger && (
      <a key="messenger" href={messengerUrl(channels.messenger)} rel="noopener" className={link}>
        {i18n._("Messenger")}
      </a>
    ),
    contact.phone && (
      <a key="phone" href={telUrl(contact.phone)} className={link}>
        {i18n._("Call {phone}", { phone: contact.phone })}
      </a>
    ),
    !channels.whatsapp && !channels.messenger && !contact.phone && contact.email && (
      <a key="email" href={`mailto:${contact.email}`} className={link}>
        {contact.email}
      </a>
    ),
  ].filter(Boolean);
  if (links.length === 0) return null;
  return (
    <div className={`text-center ${className}`} data-testid="reach-the-shop">
      <p className="text-sm text-stone-600">{i18n._("Need help? Talk to us:")}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">{links}</div>
    </div>
  );
}
