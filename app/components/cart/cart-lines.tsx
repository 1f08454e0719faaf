import { Minus, Plus, Trash2 } from "lucide-react";
import { Link } from "react-router";
import type { CartItem } from "~/lib/api-client";
import { imageUrl } from "~/lib/image-url";
import { formatBDT } from "#contract/money";
import { useCartFetcher } from "./cart-actions";
import { useCart } from "./cart-context";

/**
 * One line of the cart. Quantity and removal go through the line's own fetcher: the optimistic cart
 * shows the new quantity (or drops the line) at once; a refusal brings the old line back with the
 * server's message (kept in the cart store, since a removed line is unmounted meanwhile).
 */
function CartLine({ item }: { item: CartItem }) {
  const { lineErrors } = useCart();
  const fetcher = useCartFetcher(`cart-line:${item._id}`);
  const pending =
    fetcher.pending === "update" || fetcher.pending === "remove" ? fetcher.pending : null;
  const error = pending ? null : (lineErrors[item._id] ?? null);
  const title = item.title ?? item.product?.title ?? "Product";
  const slug = item.product?.slug;
  const unit = item.discountedPrice ?? item.price;
  const setQuantity = (quantity: number) =>
    void fetcher.submit("update", { lineId: item._id, quantity });

  return (
    <li className="flex gap-3 py-4" data-testid="cart-line" aria-busy={pending !== null}>
      <img
        src={imageUrl(item.imageUrl ?? item.product?.imageUrl)}
        alt=""
        width={80}
        height={80}
        loading="lazy"
        className="h-20 w-20 shrink-0 rounded-md bg-stone-100 object-cover"
      />
      <div className="min-w-0 flex-1">
        <div className="flex justify-between gap-2">
          <div className="min-w-0">
            {slug ? (
              <Link to={`/product/${slug}`} className="line-clamp-2 font-semibold hover:underline">
                {title}
              </Link>
            ) : (
              <p className="line-clamp-2 font-semibold">{title}</p>
            )}
            <p className="text-xs text-stone-600">
              {[item.color, item.size && `Size ${item.size}`].filter(Boolean).join(" · ")}
            </p>
          </div>
          <p className="shrink-0 text-right text-sm">
            <span className="block font-semibold">{formatBDT(unit * item.quantity)}</span>
            {unit < item.price && (
              <s className="text-xs text-stone-400">{formatBDT(item.price * item.quantity)}</s>
            )}
          </p>
        </div>
        <div className="mt-2 flex items-center justify-between">
          <div
            className="flex items-center rounded-md border border-stone-300 bg-white"
            role="group"
            aria-label={`Quantity of ${title}`}
          >
            <button
              type="button"
              className="flex h-9 w-9 items-center justify-center disabled:opacity-40"
              aria-label="Decrease quantity"
              disabled={pending !== null || item.quantity <= 1}
              onClick={() => setQuantity(item.quantity - 1)}
            >
              <Minus className="h-4 w-4" aria-hidden="true" />
            </button>
            <output className="w-8 text-center text-sm font-semibold" aria-live="polite">
              {item.quantity}
            </output>
            <button
              type="button"
              className="flex h-9 w-9 items-center justify-center disabled:opacity-40"
              aria-label="Increase quantity"
              disabled={pending !== null || item.quantity >= 10}
              onClick={() => setQuantity(item.quantity + 1)}
            >
              <Plus className="h-4 w-4" aria-hidden="true" />
            </button>
          </div>
          <button
            type="button"
            className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm text-stone-600 hover:bg-stone-100 hover:text-red-700 disabled:opacity-40"
            disabled={pending !== null}
            onClick={() => void fetcher.submit("remove", { lineId: item._id })}
            aria-label={`Remove ${title}`}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {pending === "remove" ? "Removing…" : "Remove"}
          </button>
        </div>
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}

export function CartLines({ items }: { items: CartItem[] }) {
  return (
    <ul className="divide-y divide-stone-200">
      {items.map((item) => (
        <CartLine key={item._id} item={item} />
      ))}
    </ul>
  );
}
