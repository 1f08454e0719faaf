import { useLingui } from "@lingui/react";
import { MessageCircle } from "lucide-react";
import { formatMoney } from "#contract/i18n";
import { whatsappUrl } from "#contract/shop-contact";
import { useShopContact } from "~/components/layout/shop-contact";
import { colorName } from "~/lib/i18n/color-names";
import { useLocale } from "~/lib/i18n/i18n";

/**
 * "Order on WhatsApp": opens a chat with the shop's WhatsApp number, the message already written
 * in the page's language: the product, the chosen colour and size, the price and the page's link.
 * Only when the shop has a WhatsApp number.
 */
export function OrderOnWhatsApp({
  title,
  price,
  color,
  size,
  url,
}: {
  title: string;
  price: number;
  color: string | null;
  size: string | null;
  /** The product page's address in the page's language. */
  url: string;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const number = useShopContact()?.channels.whatsapp;
  if (!number) return null;
  const message = [
    i18n._("Hello! I would like to order:"),
    title,
    color && i18n._("Colour: {color}", { color: colorName(color, i18n) }),
    i18n._("Size: {size}", { size: size ?? i18n._("not chosen yet") }),
    i18n._("Price: {price}", { price: formatMoney(price, locale) }),
    url,
  ]
    .filter(Boolean)
    .join("\n");
  return (
    <a
      href={whatsappUrl(number, message)}
      rel="noopener"
      className="mt-3 flex min-h-11 w-full items-center justify-center gap-2 rounded-md border border-green-700 px-4 py-2 font-semibold text-green-800 hover:bg-green-50"
      data-testid="order-on-whatsapp"
    >
      <MessageCircle className="size-5" aria-hidden="true" />
      {i18n._("Order on WhatsApp")}
    </a>
  );
}
