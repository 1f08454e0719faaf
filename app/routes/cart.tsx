import { useLingui } from "@lingui/react";
import { ShoppingBag } from "lucide-react";
import { performCartAction } from "~/components/cart/perform-cart-action";
import { refreshCart, useCart } from "~/components/cart/cart-context";
import { CartLines } from "~/components/cart/cart-lines";
import { CartTotals } from "~/components/cart/cart-totals";
import { FreeDeliveryProgress } from "~/components/cart/free-delivery";
import { PromoForm, promoCodeOf } from "~/components/cart/promo-form";
import { RestoreFailedNote } from "~/components/cart/restore-failed-note";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { getToken } from "~/lib/api-client";
import { LocalLink, metaI18n } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import type { Route } from "./+types/cart";

export function meta({ matches }: Route.MetaArgs) {
  const { i18n } = metaI18n(matches);
  return [{ title: i18n._("Your cart — Tweest") }, { name: "robots", content: "noindex" }];
}

/**
 * The cart lives in the browser session (guest cookie or the token in localStorage): it loads in the
 * browser, into the shared cart store the header badge and checkout read too. A failure is shown on the
 * page with "Try again" (the store keeps the message), so the loader itself never throws.
 */
export async function clientLoader() {
  await refreshCart();
  return null;
}
clientLoader.hydrate = true as const;

/** Every cart change (line quantity, removal, add, promo code) posted by the cart fetchers. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return performCartAction(await request.formData());
}

function CartSkeleton() {
  const { i18n } = useLingui();
  return (
    <div
      className="grid gap-6 lg:grid-cols-[1fr_340px]"
      aria-busy="true"
      aria-label={i18n._("Loading your cart")}
    >
      <div className="space-y-4">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
      <Skeleton className="h-56 w-full" />
    </div>
  );
}

export function HydrateFallback() {
  const { i18n } = useLingui();
  return (
    <div className="mx-auto max-w-6xl px-4 py-5">
      <h1 className="mb-4 text-2xl font-extrabold sm:text-3xl">{i18n._("Your cart")}</h1>
      <RestoreFailedNote />
      <CartArea>
        <CartSkeleton />
      </CartArea>
    </div>
  );
}

/**
 * The cart's own part of the page, at least most of a screen tall: the cart is read in the browser,
 * so the skeleton gives way to an empty cart or to its lines, and without the room kept the footer
 * would jump up or down in view as it does (layout shift).
 */
function CartArea({ children }: { children: React.ReactNode }) {
  return <div className="min-h-[70vh]">{children}</div>;
}

export default function CartPage() {
  const { i18n } = useLingui();
  const { cart, status, error, refresh } = useCart();

  const loading = !cart && (status === "idle" || status === "loading");
  return (
    <div className="mx-auto max-w-6xl px-4 py-5">
      <h1 className="mb-4 text-2xl font-extrabold sm:text-3xl">{i18n._("Your cart")}</h1>
      <RestoreFailedNote />
      <CartArea>
        {loading && <CartSkeleton />}
        {!cart && status === "error" && (
          <div
            role="alert"
            className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-700"
          >
            {error && shopperMessage(i18n, error)}{" "}
            <button
              type="button"
              className="font-semibold underline"
              onClick={() => void refresh()}
            >
              {i18n._("Try again")}
            </button>
          </div>
        )}
        {cart && cart.cartItems.length === 0 && (
          <div className="rounded-lg border border-dashed border-stone-300 bg-white p-10 text-center">
            <ShoppingBag className="mx-auto h-10 w-10 text-stone-400" aria-hidden="true" />
            <p className="mt-3 font-semibold">{i18n._("Your cart is empty.")}</p>
            <LocalLink to="/products" className="mt-3 inline-block text-brand-700 underline">
              {i18n._("Start shopping")}
            </LocalLink>
          </div>
        )}
        {cart && cart.cartItems.length > 0 && (
          <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
            <section
              aria-label={i18n._("Items")}
              className="rounded-lg border border-stone-200 bg-white px-4"
            >
              <CartLines items={cart.cartItems} />
            </section>
            <aside
              aria-label={i18n._("Order summary")}
              className="h-fit space-y-4 rounded-lg border border-stone-200 bg-white p-4 lg:sticky lg:top-32"
            >
              <h2 className="text-lg font-bold">{i18n._("Summary")}</h2>
              <PromoForm />
              <CartTotals
                totals={{
                  totalPrice: cart.totalPrice,
                  discount: cart.discount,
                  promoCodeDiscount: cart.promoCodeDiscount,
                  promoCode: promoCodeOf(cart.promoDetails),
                  total: cart.totalDiscountedPrice,
                }}
              />
              <FreeDeliveryProgress goods={cart.totalDiscountedPrice} />
              <p className="text-xs text-stone-500">
                {i18n._("Delivery charge is added at checkout.")}
              </p>
              <Button asChild size="lg" className="w-full">
                <LocalLink
                  to={getToken() ? "/checkout" : "/checkout?guest=true"}
                  data-testid="go-to-checkout"
                >
                  {i18n._("Checkout")}
                </LocalLink>
              </Button>
            </aside>
          </div>
        )}
      </CartArea>
    </div>
  );
}
