import { Banknote, CreditCard, Smartphone } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { useCart } from "~/components/cart/cart-context";
import { CartTotals } from "~/components/cart/cart-totals";
import { promoCodeOf } from "~/components/cart/promo-form";
import { AddressForm } from "~/components/checkout/address-form";
import { Button } from "~/components/ui/button";
import { RetryAlert } from "~/components/ui/retry-alert";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/input";
import {
  api,
  ApiError,
  errorMessage,
  getToken,
  type Address,
  type PaymentMethod,
  type Quote,
} from "~/lib/api-client";
import { rememberRedirectAfterLogin, useAuth } from "~/lib/auth";
import {
  EMPTY_ADDRESS,
  LAST_ORDER_KEY,
  readStoredAddress,
  storeAddress,
  type CheckoutAddress,
  type FieldErrors,
} from "~/lib/checkout";
import { checkWith, serverFieldErrors } from "~/lib/form-validation";
import { normalizeBdMobile, ShippingAddressBody } from "~/lib/storefront-schemas";
import { formatBDT } from "#contract/money";
import { cn } from "~/lib/utils";
import {
  trackAddPaymentInfo,
  trackBeginCheckout,
  trackPurchase,
  type TrackableOrder,
} from "~/lib/tracking";
import type { Route } from "./+types/checkout";

export function meta() {
  return [{ title: "Checkout — Tweest" }, { name: "robots", content: "noindex" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { paymentMethods: context.config.paymentMethods };
}

const METHODS: Record<PaymentMethod, { label: string; hint: string; icon: typeof Banknote }> = {
  COD: {
    label: "Cash on delivery",
    hint: "Pay the rider in cash when your parcel arrives.",
    icon: Banknote,
  },
  SSLCOMMERZ: {
    label: "Card, mobile or net banking",
    hint: "Visa, Mastercard, Nagad, Rocket and banks via SSLCommerz.",
    icon: CreditCard,
  },
  BKASH: { label: "bKash", hint: "Pay from your bKash account.", icon: Smartphone },
};

function fromSaved(address: Address): CheckoutAddress {
  return {
    ...EMPTY_ADDRESS,
    firstName: address.firstName ?? "",
    lastName: address.lastName ?? "",
    mobile: address.mobile ?? "",
    email: address.email ?? "",
    streetAddress: address.streetAddress ?? "",
    city: address.city ?? "",
    zone: address.zone ?? "",
    area: address.area ?? "",
    zipCode: address.zipCode ?? "",
  };
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { paymentMethods } = loaderData;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { cart, status, error: cartError, refresh } = useCart();
  const auth = useAuth();
  const [hasToken, setHasToken] = useState<boolean | null>(null);
  const guest = searchParams.get("guest") === "true" || hasToken === false;
  const [address, setAddress] = useState<CheckoutAddress>(EMPTY_ADDRESS);
  const [savedIndex, setSavedIndex] = useState<number | "new">("new");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [method, setMethod] = useState<PaymentMethod>("COD");
  const [note, setNote] = useState("");
  const [quote, setQuote] = useState<
    | { status: "idle" | "loading" }
    | { status: "ready"; quote: Quote }
    | { status: "error"; message: string }
  >({
    status: "idle",
  });
  const [placing, setPlacing] = useState<
    { status: "idle" | "placing" | "redirecting" } | { status: "error"; message: string }
  >({
    status: "idle",
  });
  const begun = useRef(false);

  useEffect(() => {
    setHasToken(Boolean(getToken()));
    setAddress(readStoredAddress());
    void refresh();
  }, [refresh]);

  // Signed in: saved addresses from the profile. The address used last time (kept in the browser) wins
  // when it is a full one; otherwise the first saved address; otherwise the profile's name and contact.
  const saved = auth.user?.addresses ?? [];
  useEffect(() => {
    if (!auth.user) return;
    const user = auth.user;
    const addresses = user.addresses ?? [];
    const stored = readStoredAddress();
    const mobileOf = (value: string) => normalizeBdMobile(value) ?? value;
    const sameAs = (item: Address) =>
      (item.streetAddress ?? "") === stored.streetAddress &&
      mobileOf(item.mobile ?? "") === mobileOf(stored.mobile);
    if (stored.streetAddress) {
      setAddress(stored);
      const index = addresses.findIndex(sameAs);
      setSavedIndex(index >= 0 ? index : "new");
    } else if (addresses.length > 0) {
      setAddress(fromSaved(addresses[0]));
      setSavedIndex(0);
    } else {
      setAddress((current) => ({
        ...current,
        firstName: current.firstName || user.firstName || "",
        lastName: current.lastName || user.lastName || "",
        email: current.email || user.email || "",
        mobile: current.mobile || user.mobile || user.phone || "",
      }));
    }
  }, [auth.user]);

  useEffect(() => {
    if (begun.current || !cart || cart.cartItems.length === 0) return;
    begun.current = true;
    trackBeginCheckout(cart);
  }, [cart]);

  // Delivery charge and totals for the chosen city/zone (re-quoted when the cart changes).
  const city = address.city.trim();
  const zone = address.zone.trim();
  useEffect(() => {
    if (!city || !cart || cart.cartItems.length === 0) {
      setQuote({ status: "idle" });
      return;
    }
    let live = true;
    setQuote({ status: "loading" });
    const timer = setTimeout(() => {
      api.checkout
        .quote({ city, ...(zone ? { zone } : {}) }, { guest: !getToken() })
        .then((answer) => live && setQuote({ status: "ready", quote: answer }))
        .catch(
          (error: unknown) => live && setQuote({ status: "error", message: errorMessage(error) }),
        );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [city, zone, cart]);

  const total = quote.status === "ready" ? quote.quote.total : (cart?.totalDiscountedPrice ?? 0);

  function chooseMethod(next: PaymentMethod) {
    setMethod(next);
    trackAddPaymentInfo(next, total);
  }

  async function placeOrder(event: React.FormEvent) {
    event.preventDefault();
    // The API's own rules and messages (ShippingAddressBody); the mobile number comes out normalised.
    const checked = checkWith(ShippingAddressBody, address, Object.keys(EMPTY_ADDRESS));
    if (!checked.ok) {
      setErrors(checked.errors);
      const first = Object.keys(checked.errors)[0];
      document.getElementById(`addr-${first}`)?.focus();
      return;
    }
    setErrors({});
    setPlacing({ status: "placing" });
    const value = checked.value;
    const signedIn = Boolean(getToken());
    storeAddress(value, { userId: auth.user?._id, isGuestCheckout: !signedIn });
    trackAddPaymentInfo(method, total);
    try {
      const order = await api.orders.create(
        {
          shippingAddress: {
            firstName: value.firstName,
            lastName: value.lastName,
            mobile: value.mobile,
            ...(value.email ? { email: value.email } : {}),
            streetAddress: value.streetAddress,
            city: value.city,
            zipCode: value.zipCode ?? "",
            ...(value.zone ? { zone: value.zone } : {}),
            ...(value.area ? { area: value.area } : {}),
          },
          paymentMethod: method,
          ...(note.trim() ? { note: note.trim() } : {}),
        },
        { guest: !signedIn },
      );
      try {
        window.sessionStorage.setItem(LAST_ORDER_KEY, JSON.stringify(order));
      } catch {
        // the confirmation screen loads the order from the API instead
      }
      void refresh();
      const tokenQuery = order.trackingToken
        ? `&token=${encodeURIComponent(order.trackingToken)}`
        : "";
      if (method === "COD") {
        trackPurchase(order as TrackableOrder);
        navigate(
          `/order-confirmation?orderId=${order._id}${tokenQuery}${signedIn ? "" : "&guest=true"}`,
        );
        return;
      }
      setPlacing({ status: "redirecting" });
      const { gatewayUrl } = await api.payment.start(order._id, { guest: !signedIn });
      window.location.assign(gatewayUrl);
    } catch (error) {
      // The server's field messages (a rule only it can check) go on the address fields too.
      const fieldErrors = serverFieldErrors(error, Object.keys(EMPTY_ADDRESS), "shippingAddress.");
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        document.getElementById(`addr-${Object.keys(fieldErrors)[0]}`)?.focus();
      }
      // No answer in time: the order may still have been placed. The cart tells: empty means it was.
      const timedOut = error instanceof ApiError && error.status === 0;
      const cartAfter = timedOut ? await refresh() : null;
      setPlacing({
        status: "error",
        message:
          cartAfter && cartAfter.cartItems.length === 0
            ? "We did not hear back in time, but your cart is now empty: your order was most likely placed. We will send you an SMS with the order number."
            : errorMessage(error),
      });
    }
  }

  if (hasToken === false && searchParams.get("guest") !== "true") {
    return (
      <div className="mx-auto max-w-md px-4 py-10 text-center">
        <h1 className="text-2xl font-extrabold">Checkout</h1>
        <p className="mt-2 text-stone-600">
          Sign in for faster checkout and order history, or continue as a guest.
        </p>
        <div className="mt-6 flex flex-col gap-2">
          <Button asChild size="lg">
            <Link to="/login" onClick={() => rememberRedirectAfterLogin("/checkout")}>
              Sign in
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/checkout?guest=true" data-testid="checkout-as-guest">
              Continue as guest
            </Link>
          </Button>
        </div>
      </div>
    );
  }

  const loading = !cart && status !== "error";
  return (
    <div className="mx-auto max-w-6xl px-4 py-5">
      <h1 className="mb-1 text-2xl font-extrabold sm:text-3xl">Checkout</h1>
      {guest && <p className="mb-4 text-sm text-stone-600">Checking out as a guest.</p>}
      {loading && (
        <div
          className="mt-4 grid gap-6 lg:grid-cols-[1fr_360px]"
          aria-busy="true"
          aria-label="Loading checkout"
        >
          <Skeleton className="h-96 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
      {!cart && status === "error" && (
        <RetryAlert message={cartError} onRetry={() => void refresh()} />
      )}
      {cart && cart.cartItems.length === 0 && placing.status === "idle" && (
        <div className="mt-4 rounded-lg border border-dashed border-stone-300 bg-white p-10 text-center">
          <p className="font-semibold">Your cart is empty.</p>
          <Link to="/products" className="mt-3 inline-block text-brand-700 underline">
            Continue shopping
          </Link>
        </div>
      )}
      {cart && (cart.cartItems.length > 0 || placing.status !== "idle") && (
        <form onSubmit={placeOrder} noValidate className="mt-4 grid gap-6 lg:grid-cols-[1fr_360px]">
          <div className="space-y-6">
            <section
              aria-labelledby="address-heading"
              className="rounded-lg border border-stone-200 bg-white p-4"
            >
              <h2 id="address-heading" className="mb-3 text-lg font-bold">
                Delivery address
              </h2>
              {saved.length > 0 && (
                <fieldset className="mb-4 space-y-2">
                  <legend className="mb-1 text-sm font-semibold">Saved addresses</legend>
                  {saved.map((item, index) => (
                    <label
                      key={item._id ?? index}
                      className="flex items-start gap-2 rounded-md border border-stone-200 p-3 text-sm has-[:checked]:border-brand-500"
                    >
                      <input
                        type="radio"
                        name="saved-address"
                        checked={savedIndex === index}
                        onChange={() => {
                          setSavedIndex(index);
                          setAddress(fromSaved(item));
                        }}
                        className="mt-1 accent-brand-500"
                      />
                      <span>
                        <span className="font-semibold">
                          {item.firstName} {item.lastName}
                        </span>{" "}
                        · {item.mobile}
                        <br />
                        {[item.streetAddress, item.area, item.zone, item.city]
                          .filter(Boolean)
                          .join(", ")}
                      </span>
                    </label>
                  ))}
                  <label className="flex items-center gap-2 rounded-md border border-stone-200 p-3 text-sm has-[:checked]:border-brand-500">
                    <input
                      type="radio"
                      name="saved-address"
                      checked={savedIndex === "new"}
                      onChange={() => {
                        setSavedIndex("new");
                        setAddress(EMPTY_ADDRESS);
                      }}
                      className="accent-brand-500"
                    />
                    A new address
                  </label>
                </fieldset>
              )}
              <AddressForm
                value={address}
                errors={errors}
                onChange={setAddress}
                disabled={placing.status === "placing"}
              />
            </section>

            <section
              aria-labelledby="payment-heading"
              className="rounded-lg border border-stone-200 bg-white p-4"
            >
              <h2 id="payment-heading" className="mb-3 text-lg font-bold">
                Payment
              </h2>
              <fieldset className="space-y-2">
                <legend className="sr-only">Payment method</legend>
                {paymentMethods.map((value) => {
                  const { label, hint, icon: Icon } = METHODS[value];
                  return (
                    <label
                      key={value}
                      className={cn(
                        "flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500",
                        method === value ? "border-brand-500 bg-brand-50" : "border-stone-200",
                      )}
                    >
                      <input
                        type="radio"
                        name="paymentMethod"
                        value={value}
                        checked={method === value}
                        onChange={() => chooseMethod(value)}
                        className="mt-1 accent-brand-500"
                      />
                      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-stone-600" aria-hidden="true" />
                      <span>
                        <span className="block font-semibold">{label}</span>
                        <span className="block text-sm text-stone-600">{hint}</span>
                      </span>
                    </label>
                  );
                })}
              </fieldset>
              <div className="mt-4">
                <label htmlFor="order-note" className="mb-1 block text-sm font-medium">
                  Note for the rider (optional)
                </label>
                <Textarea
                  id="order-note"
                  maxLength={500}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                  className="min-h-16"
                />
              </div>
            </section>
          </div>

          <aside
            aria-label="Order summary"
            className="h-fit space-y-4 rounded-lg border border-stone-200 bg-white p-4 lg:sticky lg:top-32"
          >
            <h2 className="text-lg font-bold">Your order</h2>
            <ul className="space-y-2 text-sm">
              {cart.cartItems.map((item) => (
                <li key={item._id} className="flex justify-between gap-2">
                  <span className="min-w-0">
                    <span className="line-clamp-1">{item.title ?? item.product?.title}</span>
                    <span className="text-xs text-stone-500">
                      {[item.color, item.size].filter(Boolean).join(" · ")} × {item.quantity}
                    </span>
                  </span>
                  <span className="shrink-0">
                    {formatBDT((item.discountedPrice ?? item.price) * item.quantity)}
                  </span>
                </li>
              ))}
            </ul>
            <div aria-live="polite" aria-busy={quote.status === "loading"}>
              <CartTotals
                deliveryPending={quote.status !== "ready"}
                totals={
                  quote.status === "ready"
                    ? {
                        totalPrice: quote.quote.subtotal,
                        discount: quote.quote.discount,
                        promoCodeDiscount: quote.quote.promoCodeDiscount,
                        promoCode: promoCodeOf(cart.promoDetails),
                        deliveryCharge: quote.quote.deliveryCharge,
                        tax: quote.quote.tax,
                        total: quote.quote.total,
                      }
                    : {
                        totalPrice: cart.totalPrice,
                        discount: cart.discount,
                        promoCodeDiscount: cart.promoCodeDiscount,
                        promoCode: promoCodeOf(cart.promoDetails),
                        deliveryCharge: null,
                        total: cart.totalDiscountedPrice,
                      }
                }
              />
              {quote.status === "loading" && (
                <p className="mt-2 flex items-center gap-2 text-xs text-stone-500">
                  <Spinner size={16} thickness={4} label="Calculating delivery" /> Calculating
                  delivery…
                </p>
              )}
              {quote.status === "error" && (
                <p className="mt-2 text-xs text-red-600">{quote.message}</p>
              )}
            </div>
            <Button
              type="submit"
              size="lg"
              className="w-full"
              disabled={placing.status === "placing" || placing.status === "redirecting"}
              data-testid="place-order"
            >
              {placing.status === "placing"
                ? "Placing your order…"
                : placing.status === "redirecting"
                  ? "Opening the payment page…"
                  : method === "COD"
                    ? `Place order · ${formatBDT(total)}`
                    : `Pay ${formatBDT(total)}`}
            </Button>
            {placing.status === "error" && (
              <p role="alert" className="text-sm text-red-600" data-testid="place-order-error">
                {placing.message}
              </p>
            )}
            {Object.keys(errors).length > 0 && (
              <p role="alert" className="text-sm text-red-600">
                Please check the highlighted fields.
              </p>
            )}
          </aside>
        </form>
      )}
    </div>
  );
}
