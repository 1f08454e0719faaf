/**
 * Ways to reach the shop, from the shop settings (root loader data): the floating chat button on
 * every storefront page. Plain links to wa.me and m.me: no third-party script, nothing loaded
 * until tapped. (The dead ends' "talk to us" links are reach-the-shop.tsx, in their screens' chunks.)
 */
import { useLingui } from "@lingui/react";
import { MessageCircle } from "lucide-react";
import { useLocation, useRouteLoaderData } from "react-router";
import { isStorefrontPath } from "#contract/i18n";
import { messengerUrl, whatsappUrl } from "#contract/shop-contact";
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
          <MessageCircle className="size-6" aria-hidden="true" />
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
