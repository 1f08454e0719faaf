/**
 * Ways to reach the shop, from the shop settings (root loader data): the floating chat button, and
 * the "talk to us" links every dead end shows (a blocked number, no search results, a failed
 * payment). Plain links to wa.me, m.me and tel: no third-party script, nothing loaded until tapped.
 */
import { useLingui } from "@lingui/react";
import { MessageCircle, MessagesSquare, Phone } from "lucide-react";
import { useLocation, useRouteLoaderData } from "react-router";
import { isStorefrontPath } from "#contract/i18n";
import { messengerUrl, telUrl, whatsappUrl } from "#contract/shop-contact";
import type { StorefrontSettings } from "#contract/answers/shop-settings";

/** The shop's contact details and chat channels, as the root loader read them (none before it ran). */
export function useShopContact(): Pick<StorefrontSettings, "contact" | "channels"> | undefined {
  const root = useRouteLoaderData("root") as { storefront?: StorefrontSettings } | undefined;
  return root?.storefront;
}

/**
 * The round WhatsApp and Messenger buttons at the bottom right of every storefront page (none when
 * neither is set). Placed above the page, below dialogs.
 */
export function ChatButton() {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  const shop = useShopContact();
  if (!shop || !isStorefrontPath(pathname)) return null;
  const { whatsapp, messenger } = shop.channels;
  if (!whatsapp && !messenger) return null;
  const round =
    "flex size-12 items-center justify-center rounded-full text-white shadow-lg ring-2 ring-white";
  return (
    <div
      className="fixed right-3 bottom-3 z-30 flex flex-col gap-2 print:hidden"
      data-testid="chat-button"
    >
      {messenger && (
        <a
          href={messengerUrl(messenger)}
          rel="noopener"
          className={`${round} bg-[#0866ff]`}
          aria-label={i18n._("Chat on Messenger")}
        >
          <MessagesSquare className="size-6" aria-hidden="true" />
        </a>
      )}
      {whatsapp && (
        <a
          href={whatsappUrl(whatsapp)}
          rel="noopener"
          className={`${round} bg-[#1a8f4c]`}
          aria-label={i18n._("Chat on WhatsApp")}
        >
          <MessageCircle className="size-6" aria-hidden="true" />
        </a>
      )}
    </div>
  );
}

/**
 * "Talk to us": WhatsApp (with `message` written in), Messenger and a call, as configured; else
 * the email. Nothing when the shop has set none of them.
 */
export function ReachTheShop({ message, className = "" }: { message?: string; className?: string }) {
  const { i18n } = useLingui();
  const shop = useShopContact();
  if (!shop) return null;
  const { channels, contact } = shop;
  const link =
    "inline-flex min-h-11 items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2 text-sm font-medium text-stone-800 hover:bg-stone-50";
  const links = [
    channels.whatsapp && (
      <a key="whatsapp" href={whatsappUrl(channels.whatsapp, message)} rel="noopener" className={link}>
        <MessageCircle className="size-4 text-[#1a8f4c]" aria-hidden="true" />
        {i18n._("WhatsApp")}
      </a>
    ),
    channels.messenger && (
      <a key="messenger" href={messengerUrl(channels.messenger)} rel="noopener" className={link}>
        <MessagesSquare className="size-4 text-[#0866ff]" aria-hidden="true" />
        {i18n._("Messenger")}
      </a>
    ),
    contact.phone && (
      <a key="phone" href={telUrl(contact.phone)} className={link}>
        <Phone className="size-4" aria-hidden="true" />
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
