import { useLingui } from "@lingui/react";
import { useRevalidator, useSearchParams } from "react-router";
import { OrderSummary } from "~/components/order/order-summary";
import { loadOrder } from "~/components/order/use-order";
import { OrderLoading } from "~/components/order/order-extras";
import { LocalLink, metaI18n } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import type { Route } from "./+types/order-details";

export function meta({ params, matches }: Route.MetaArgs) {
  const { i18n } = metaI18n(matches);
  return [
    { title: i18n._("Order {id} — Tweest", { id: params.id }) },
    { name: "robots", content: "noindex" },
  ];
}

/**
 * /order/{id}?paymentId=… or ?transactionId=… (payment reference shown). Signed-in owners read it with
 * their token; guests with X-Guest-Checkout (guest cookie or ?token).
 */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { order: await loadOrder(params.id, { token }) };
}
clientLoader.hydrate = true as const;

function OrderDetailsPage({ children }: { children: React.ReactNode }) {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const reference = searchParams.get("paymentId") ?? searchParams.get("transactionId");
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="mb-1 text-2xl font-extrabold sm:text-3xl">{i18n._("Order details")}</h1>
      {reference && (
        <p className="mb-4 text-sm text-stone-600">
          {i18n._("Payment reference:")} <span translate="no">{reference}</span>
        </p>
      )}
      {children}
    </div>
  );
}

export function HydrateFallback() {
  return (
    <OrderDetailsPage>
      <OrderLoading />
    </OrderDetailsPage>
  );
}

export default function OrderDetails({ params, loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const state = loaderData.order;
  const revalidator = useRevalidator();
  if (revalidator.state === "loading") return <HydrateFallback />;
  return (
    <OrderDetailsPage>
      {state.status === "error" && (
        <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-700">
          <p>{shopperMessage(i18n, state.message)}</p>
          <p className="mt-2">
            <button
              type="button"
              className="underline"
              onClick={() => void revalidator.revalidate()}
            >
              {i18n._("Try again")}
            </button>{" "}
            {i18n._("or")}{" "}
            <LocalLink to={`/order/guest/track/${params.id}`} className="underline">
              {i18n._("track it with your mobile number")}
            </LocalLink>
            {i18n._(".")}
          </p>
        </div>
      )}
      {state.status === "ready" && <OrderSummary order={state.order} />}
    </OrderDetailsPage>
  );
}
