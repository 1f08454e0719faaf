import { useLingui } from "@lingui/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useSearchParams } from "react-router";
import { useCart } from "~/components/cart/cart-context";
import {
  AdvanceDeliveryCharge,
  advanceSubmitLabel,
} from "~/components/checkout/advance-delivery-charge";
import { AddressStep } from "~/components/checkout/address-step";
import { SignInOrGuest } from "~/components/checkout/checkout-gate";
import {
  advanceAskedAtPlacement,
  CHECKOUT_DEFAULTS,
  type CheckoutValues,
} from "~/components/checkout/checkout-form";
import { CheckoutSummary } from "~/components/checkout/checkout-summary";
import { PaymentStep } from "~/components/checkout/payment-step";
import { useDeliveryQuote } from "~/components/checkout/use-delivery-quote";
import { prefetchAddressForm, usePlaceOrder } from "~/components/checkout/use-place-order";
import { RetryAlert } from "~/components/ui/retry-alert";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { getToken } from "~/lib/api-client";
import { useAuth } from "~/lib/auth";
import { LocalLink, metaI18n } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { normalizeBdMobile } from "#contract/phone-number";
import { trackBeginCheckout } from "~/lib/tracking";
import type { Route } from "./+types/checkout";

/**
 * Asked for only when the shop wants a cash-on-delivery order's phone confirmed, after the order
 * was placed: its code loads then (or when the shopper first fills in the form).
 */
const loadPhoneConfirmation = () => import("~/components/checkout/phone-confirmation");
const PhoneConfirmation = lazy(() =>
  loadPhoneConfirmation().then((module) => ({ default: module.PhoneConfirmation })),
);

/** What placing the order needs besides the page: the form's schema and the phone step. */
function prefetchPlacingOrder() {
  prefetchAddressForm();
  void loadPhoneConfirmation().catch(() => undefined);
}

export function meta({ matches }: Route.MetaArgs) {
  const { i18n } = metaI18n(matches);
  return [{ title: i18n._("Checkout — Tweest") }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return { paymentMethods: await context.services.paymentMethods() };
}

/**
 * Checkout: the address and payment steps and the summary, as one react-hook-form form. Without a
 * token and without `guest=true` the shopper first chooses to sign in or continue as a guest.
 */
export default function Checkout({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const { cart, status, error: cartError, refresh } = useCart();
  const auth = useAuth();
  // Unknown on the server (the token is in localStorage): known once the page runs in the browser.
  const [hasToken, setHasToken] = useState<boolean | null>(null);
  const guest = searchParams.get("guest") === "true" || hasToken === false;
  const form = useForm<CheckoutValues>({
    defaultValues: CHECKOUT_DEFAULTS,
    // The messages change on submit only, as the shopper last asked.
    reValidateMode: "onSubmit",
  });
  const [city, zone, districtId, thanaId, method, mobile] = useWatch({
    control: form.control,
    name: ["city", "zone", "districtId", "thanaId", "paymentMethod", "mobile"],
  });
  const quote = useDeliveryQuote(
    { city: city.trim(), zone: zone.trim(), districtId, thanaId },
    cart,
  );
  // The mobile the placement last asked an advance for (the quote never reads the number).
  const [advanceAskedFor, setAdvanceAskedFor] = useState<string | null>(null);
  const quoted = method === "COD" && quote.status === "ready" ? quote.quote : undefined;
  const advance =
    quoted?.advanceDeliveryCharge ??
    (quoted && advanceAskedFor !== null && advanceAskedFor === normalizeBdMobile(mobile)
      ? advanceAskedAtPlacement(quoted, loaderData.paymentMethods)
      : undefined);
  const total = quote.status === "ready" ? quote.quote.total : (cart?.totalDiscountedPrice ?? 0);
  const { placing, placeOrder, phoneCode, setPhoneCode } = usePlaceOrder(form, {
    userId: auth.user?._id,
    total,
    advance,
    onAdvanceAsked: setAdvanceAskedFor,
  });
  const begun = useRef(false);

  useEffect(() => {
    setHasToken(Boolean(getToken()));
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (begun.current || !cart || cart.cartItems.length === 0) return;
    begun.current = true;
    trackBeginCheckout(cart);
  }, [cart]);

  if (hasToken === false && searchParams.get("guest") !== "true") return <SignInOrGuest />;

  const loading = !cart && status !== "error";
  return (
    <div className="mx-auto max-w-6xl px-4 py-5">
      <h1 className="mb-1 text-2xl font-extrabold sm:text-3xl">{i18n._("Checkout")}</h1>
      {guest && <p className="mb-4 text-sm text-stone-600">{i18n._("Checking out as a guest.")}</p>}
      {loading && (
        <div
          className="mt-4 grid gap-6 lg:grid-cols-[1fr_360px]"
          aria-busy="true"
          aria-label={i18n._("Loading checkout")}
        >
          <Skeleton className="h-96 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
      {!cart && status === "error" && (
        <RetryAlert
          message={cartError && shopperMessage(i18n, cartError)}
          onRetry={() => void refresh()}
        />
      )}
      {cart && cart.cartItems.length === 0 && placing.status === "idle" && (
        <div className="mt-4 rounded-lg border border-dashed border-stone-300 bg-white p-10 text-center">
          <p className="font-semibold">{i18n._("Your cart is empty.")}</p>
          <LocalLink to="/products" className="mt-3 inline-block text-brand-700 underline">
            {i18n._("Continue shopping")}
          </LocalLink>
        </div>
      )}
      {cart && (cart.cartItems.length > 0 || placing.status !== "idle") && (
        <FormProvider {...form}>
          <form
            onSubmit={form.handleSubmit(placeOrder)}
            // A shopper who only taps "Place order" (address filled in from last time) starts it there.
            onFocus={prefetchPlacingOrder}
            onPointerDown={prefetchPlacingOrder}
            noValidate
            className="mt-4 grid gap-6 lg:grid-cols-[1fr_360px]"
          >
            <div className="space-y-6">
              <AddressStep user={auth.user} disabled={placing.status === "placing"} />
              <PaymentStep methods={loaderData.paymentMethods} total={total} />
              {phoneCode && method === "COD" && (
                <Suspense fallback={<Spinner size={24} />}>
                  <PhoneConfirmation
                    phone={phoneCode.phone}
                    code={phoneCode.code}
                    onCodeChange={setPhoneCode}
                    placing={placing.status === "placing"}
                    error={placing.status === "error" ? placing.message : undefined}
                  />
                </Suspense>
              )}
              {advance && <AdvanceDeliveryCharge advance={advance} />}
            </div>
            <CheckoutSummary
              cart={cart}
              quote={quote}
              total={total}
              method={method}
              placing={placing}
              submitLabel={advance ? advanceSubmitLabel(advance, i18n) : undefined}
              fieldsInvalid={Object.keys(form.formState.errors).length > 0}
            />
          </form>
        </FormProvider>
      )}
    </div>
  );
}
