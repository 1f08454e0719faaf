import { Link, useSearchParams } from "react-router";
import { OrderSummary } from "~/components/order/order-summary";
import { useOrder } from "~/components/order/use-order";
import { OrderLoading } from "~/components/order/order-extras";
import type { Route } from "./+types/order-details";

export function meta({ params }: Route.MetaArgs) {
  return [{ title: `Order ${params.id} — Tweest` }, { name: "robots", content: "noindex" }];
}

/**
 * /order/{id}?paymentId=… or ?transactionId=… (payment reference shown). Signed-in owners read it with
 * their token; guests with X-Guest-Checkout (guest cookie or ?token).
 */
export default function OrderDetails({ params }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  const reference = searchParams.get("paymentId") ?? searchParams.get("transactionId");
  const { state, reload } = useOrder(params.id, { token });
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="mb-1 text-2xl font-extrabold sm:text-3xl">Order details</h1>
      {reference && <p className="mb-4 text-sm text-stone-600">Payment reference: {reference}</p>}
      {state.status === "loading" && <OrderLoading />}
      {state.status === "error" && (
        <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-700">
          <p>{state.message}</p>
          <p className="mt-2">
            <button type="button" className="underline" onClick={() => void reload()}>
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
    </div>
  );
}
