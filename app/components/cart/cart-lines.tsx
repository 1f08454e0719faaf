import { useLingui } from "@lingui/react";
import { Minus, Plus, Trash2 } from "lucide-react";
import type { CartItem } from "~/lib/api-client";
import { colorName } from "~/lib/i18n/color-names";
import { LocalLink, useLocale } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { imageUrl } from "~/lib/image-url";
import { formatMoney, formatNumber, localized } from "#contract/i18n";
import { useCartFetcher } from "./cart-actions";
import { useCart } from "./cart-context";

/**
 * One line of the cart. Quantity and removal go through the line's own fetcher: the optimistic cart
 * shows the new quantity (or drops the line) at once; a refusal brings the old line back with the
 * server's message (kept in the cart store, since a removed line is unmounted meanwhile).
 */
function CartLine({ item }: { item: CartItem }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const { lineErrors } = useCart();
  const fetcher = useCartFetcher(`cart-line:${item._id}`);
  const pending =
    fetcher.pending === "update" || fetcher.pending === "remove" ? fetcher.pending : null;
  const error = pending ? null : (lineErrors[item._id] ?? null);
  const title =
    (item.product && localized(item.product, "title", locale)) || item.title || i18n._("Product");
  const slug = item.product?.slug;
  const unit = item.discountedPrice ?? item.price;
  const setQuantity = (quantity: number) =>
    void fetcher.submit("update", { lineId: item._id, quantity });

  return (
    <li className="flex gap-3 py-4" data-testid="cart-line" aria-busy={pending !== null}>
      <img
        src={imageUrl(item.imageUrl ?? item.product?.imageUrl)}
        alt=""
        width={64}
        height={80}
        loading="lazy"
        className="h-20 w-16 shrink-0 rounded-md bg-stone-100 object-contain"
      />
      <div className="min-w-0 flex-1">
        <div className="flex justify-between gap-2">
          <div className="min-w-0">
            {slug ? (
              <LocalLink
                to={`/product/${slug}`}
                className="line-clamp-2 font-semibold hover:underline"
              >
                {title}
              </LocalLink>
            ) : (
              <p className="line-clamp-2 font-semibold">{title}</p>
            )}
            <p className="text-xs text-stone-600">
              {[
                item.color && colorName(item.color, i18n),
                item.size && i18n._("Size {size}", { size: item.size }),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          </div>
          <p className="shrink-0 text-right text-sm">
            <span className="block font-semibold">{formatMoney(unit * item.quantity, locale)}</span>
            {unit < item.price && (
              <s className="text-xs text-stone-400">
                {formatMoney(item.price * item.quantity, locale)}
              </s>
            )}
          </p>
        </div>
        <div className="mt-2 flex items-center justify-between">
          <div
            className="flex items-center rounded-md border border-stone-300 bg-white"
            role="group"
            aria-label={i18n._("Quantity of {title}", { title })}
          >
            <button
              type="button"
              className="flex h-9 w-9 items-center justify-center disabled:opacity-40"
              aria-label={i18n._("Decrease quantity")}
              disabled={pending !== null || item.quantity <= 1}
              onClick={() => setQuantity(item.quantity - 1)}
            >
              <Minus className="h-4 w-4" aria-hidden="true" />
            </button>
            <output className="w-8 text-center text-sm font-semibold" aria-live="polite">
              {formatNumber(item.quantity, locale)}
            </output>
            <button
              type="button"
              className="flex h-9 w-9 items-center justify-center disabled:opacity-40"
              aria-label={i18n._("Increase quantity")}
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
            aria-label={i18n._("Remove {title}", { title })}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {pending === "remove" ? i18n._("Removing…") : i18n._("Remove")}
          </button>
        </div>
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-600">
            {shopperMessage(i18n, error)}
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
