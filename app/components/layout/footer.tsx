import { Link } from "react-router";

export function Footer() {
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
        <p>Prices include VAT. Delivery inside Dhaka ৳60, outside Dhaka ৳120.</p>
      </div>
    </footer>
  );
}
