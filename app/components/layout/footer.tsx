import { Link } from "react-router";
import { formatBDT } from "#contract/money";
import type { StorefrontSettings } from "#contract/schemas/shop-settings";

/** The shop's contact lines and delivery charges come from the shop settings (back office). */
export function Footer({ settings }: { settings: StorefrontSettings }) {
  const { delivery, contact } = settings;
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 text-sm text-stone-600 sm:grid-cols-3">
        <div>
          <p className="text-lg font-extrabold text-brand-600">Tweest</p>
          <p className="mt-2">
            Everyday clothes, delivered across Bangladesh. Cash on delivery, bKash and cards.
          </p>
        </div>
        <ul className="space-y-2">
          <li>
            <Link to="/products">All products</Link>
          </li>
          <li>
            <Link to="/bulk-order">Bulk t-shirt orders</Link>
          </li>
          <li>
            <Link to="/cart">Cart</Link>
          </li>
        </ul>
        <div className="space-y-2">
          <p data-testid="footer-delivery">
            Prices include VAT. Delivery inside Dhaka {formatBDT(delivery.insideDhaka)}, outside
            Dhaka {formatBDT(delivery.outsideDhaka)}
            {delivery.freeDeliveryThreshold > 0 &&
              `; free from ${formatBDT(delivery.freeDeliveryThreshold)}`}
            .
          </p>
          <address className="space-y-1 not-italic" aria-label="Contact us">
            {contact.phone && (
              <p>
                Call <a href={`tel:${contact.phone}`}>{contact.phone}</a>
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
