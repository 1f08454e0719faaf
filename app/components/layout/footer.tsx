import { useLingui } from "@lingui/react";
import type { I18n } from "@lingui/core";
import { formatMoney, type Locale } from "#contract/i18n";
import { messengerUrl, telUrl, whatsappUrl } from "#contract/shop-contact";
import { LocalLink, useLocale } from "~/lib/i18n/i18n";
import type { PageLink } from "#contract/answers/pages";
import type { PaymentMethod } from "#contract/order-status";
import type { StorefrontSettings } from "#contract/answers/shop-settings";

/** The payment methods the checkout offers, as the checkout names them. */
function paymentMethodNames(methods: readonly PaymentMethod[], i18n: I18n): string {
  const names: Record<PaymentMethod, string> = {
    COD: i18n._("Cash on delivery"),
    BKASH: i18n._("bKash"),
    SSLCOMMERZ: i18n._("Card, mobile or net banking"),
    NAGAD: i18n._("Nagad"),
  };
  return methods.map((method) => names[method]).join(" · ");
}

const SOCIAL = [
  ["facebook", "Facebook"],
  ["instagram", "Instagram"],
  ["youtube", "YouTube"],
  ["tiktok", "TikTok"],
] as const;

function DeliveryCharges({
  delivery,
  locale,
}: Pick<StorefrontSettings, "delivery"> & { locale: Locale }) {
  const { i18n } = useLingui();
  // Each zone by its name in the page's language, the fallback ("Outside Dhaka") last.
  const charges = {
    charges: delivery.zones
      .map(
        (zone) =>
          `${locale === "bn" ? zone.nameBn : zone.name} ${formatMoney(zone.charge, locale)}`,
      )
      .join(", "),
    free: formatMoney(delivery.freeDeliveryThreshold, locale),
  };
  return (
    <p data-testid="footer-delivery">
      {delivery.freeDeliveryThreshold > 0
        ? i18n._("Prices include VAT. Delivery: {charges}; free from {free}.", charges)
        : i18n._("Prices include VAT. Delivery: {charges}.", charges)}
    </p>
  );
}

/**
 * The shop's pages, contact and chat links, social pages, registration (trade licence, TIN) and
 * the payment methods the server has configured: all from the shop settings and the server.
 */
export function Footer({
  settings,
  pages,
  paymentMethods,
}: {
  settings: StorefrontSettings;
  pages: PageLink[];
  paymentMethods: readonly PaymentMethod[];
}) {
  const { contact, business, channels } = settings;
  const { i18n } = useLingui();
  const locale = useLocale();
  const social = SOCIAL.filter(([key]) => channels[key]);
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 text-sm text-stone-600 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-2">
          <p className="text-lg font-extrabold text-brand-600">Tweest</p>
          <p>{i18n._("Everyday clothes, delivered across Bangladesh.")}</p>
          <p data-testid="footer-payment-methods">
            {i18n._("We accept: {methods}", {
              methods: paymentMethodNames(paymentMethods, i18n),
            })}
          </p>
          <DeliveryCharges delivery={settings.delivery} locale={locale} />
        </div>
        <nav aria-label={i18n._("Shop")}>
          <ul className="space-y-2">
            <li>
              <LocalLink to="/products">{i18n._("All products")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/bulk-order">{i18n._("Bulk t-shirt orders")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/cart">{i18n._("Cart")}</LocalLink>
            </li>
            <li>
              <LocalLink to="/order/track">{i18n._("Track order")}</LocalLink>
            </li>
          </ul>
        </nav>
        {pages.length > 0 && (
          <nav aria-label={i18n._("About the shop")}>
            <ul className="space-y-2" data-testid="footer-pages">
              {pages.map((page) => (
                <li key={page.slug}>
                  <LocalLink to={`/pages/${page.slug}`}>{page.title[locale]}</LocalLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="space-y-2">
          <address className="space-y-1 not-italic" aria-label={i18n._("Contact us")}>
            {contact.phone && (
              <p>
                {i18n._("Call")} <a href={telUrl(contact.phone)}>{contact.phone}</a>
              </p>
            )}
            {channels.whatsapp && (
              <p>
                <a href={whatsappUrl(channels.whatsapp)} rel="noopener">
                  {i18n._("WhatsApp")} {channels.whatsapp}
                </a>
              </p>
            )}
            {channels.messenger && (
              <p>
                <a href={messengerUrl(channels.messenger)} rel="noopener">
                  {i18n._("Messenger")}
                </a>
              </p>
            )}
            {contact.email && (
              <p>
                <a href={`mailto:${contact.email}`}>{contact.email}</a>
              </p>
            )}
            {contact.address && <p>{contact.address}</p>}
            {contact.hours && <p>{contact.hours}</p>}
          </address>
          {social.length > 0 && (
            <ul className="flex flex-wrap gap-3" aria-label={i18n._("Follow us")}>
              {social.map(([key, name]) => (
                <li key={key}>
                  <a href={channels[key]} rel="noopener me" className="underline">
                    {name}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {(business.tradeLicence || business.tin) && (
            <p className="text-xs text-stone-500" data-testid="footer-registration">
              {[
                business.tradeLicence &&
                  i18n._("Trade licence {number}", { number: business.tradeLicence }),
                business.tin && i18n._("TIN {number}", { number: business.tin }),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          )}
        </div>
      </div>
    </footer>
  );
}
