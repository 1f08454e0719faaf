import { useLingui } from "@lingui/react";
import { formatMoney } from "#contract/i18n";
import { LocalLink, useLocale } from "~/lib/i18n/i18n";
import type { StorefrontSettings } from "#contract/answers/shop-settings";

/** The shop's contact lines and delivery charges come from the shop settings (back office). */
export function Footer({ settings }: { settings: StorefrontSettings }) {
  const { delivery, contact } = settings;
  const { i18n } = useLingui();
  const locale = useLocale();
  const charges = {
    inside: formatMoney(delivery.insideDhaka, locale),
    outside: formatMoney(delivery.outsideDhaka, locale),
    free: formatMoney(delivery.freeDeliveryThreshold, locale),
  };
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 text-sm text-stone-600 sm:grid-cols-3">
        <div>
          <p className="text-lg font-extrabold text-brand-600">Tweest</p>
          <p className="mt-2">
            {i18n._(
              "Everyday clothes, delivered across Bangladesh. Cash on delivery, bKash and cards.",
            )}
          </p>
        </div>
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
        <div className="space-y-2">
          <p data-testid="footer-delivery">
            {delivery.freeDeliveryThreshold > 0
              ? i18n._(
                  "Prices include VAT. Delivery inside Dhaka {inside}, outside Dhaka {outside}; free from {free}.",
                  charges,
                )
              : i18n._(
                  "Prices include VAT. Delivery inside Dhaka {inside}, outside Dhaka {outside}.",
                  charges,
                )}
          </p>
          <address className="space-y-1 not-italic" aria-label={i18n._("Contact us")}>
            {contact.phone && (
              <p>
                {i18n._("Call")} <a href={`tel:${contact.phone}`}>{contact.phone}</a>
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
        </div>
      </div>
    </footer>
  );
}
