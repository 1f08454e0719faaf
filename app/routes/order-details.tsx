import { Link, useRevalidator, useSearchParams } from "react-router";
import { OrderSummary } from "~/components/order/order-summary";
import { loadOrder } from "~/components/order/use-order";
import { OrderLoading } from "~/components/order/order-extras";
import type { Route } from "./+types/order-details";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Order ${params.id} — Tweest` }, { name: "robots", content: "noindex" }];
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
  const [searchParams] = useSearchParams();
  const reference = searchParams.get("paymentId") ?? searchParams.get("transactionId");
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="mb-1 text-2xl font-extrabold sm:text-3xl">Order details</h1>
      {reference && <p className="mb-4 text-sm text-stone-600">Payment reference: {reference}</p>}
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
  const state = loaderData.order;
  const revalidator = useRevalidator();
  if (revalidator.state === "loading") return <HydrateFallback />;
  return (
    <OrderDetailsPage>
      {state.status === "error" && (
        <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-700">
          <p>{state.message}</p>
          <p className="mt-2">
            <button
              type="button"
              className="underline"
              onClick={() => void revalidator.revalidate()}
            >
              Try again
            </button>{" "}
            or{" "}
            <Link to={`/order/guest/track/${params.id}`} className="underline">
              track it with your mobile number
            </Link>
            .
          </p>
        </div>
      )}
      {state.status === "ready" && <OrderSummary order={state.order} />}
    </OrderDetailsPage>
  );
}
