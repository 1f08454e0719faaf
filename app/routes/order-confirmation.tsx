import { CheckCircle2 } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { GuestTrackingNote, OrderLoading } from "~/components/order/order-extras";
import { OrderSummary } from "~/components/order/order-summary";
import { useOrder } from "~/components/order/use-order";
import { Button } from "~/components/ui/button";
import { RetryAlert } from "~/components/ui/retry-alert";

export function meta() {
  return [{ title: "Order placed — Tweest" }, { name: "robots", content: "noindex" }];
}

export default function OrderConfirmation() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get("orderId");
  const token = searchParams.get("token");
  const { state, reload } = useOrder(orderId, { token, preferPlaced: true });
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <div className="mb-6 text-center">
        <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
        <h1 className="mt-2 text-2xl font-extrabold sm:text-3xl">Thank you for your order!</h1>
        <p className="mt-1 text-stone-600">We will call you to confirm before we ship.</p>
      </div>
      {state.status === "loading" && <OrderLoading />}
      {state.status === "error" && (
        <RetryAlert message={state.message} onRetry={() => void reload()} />
      )}
      {state.status === "ready" && (
        <div className="space-y-6">
          {(state.order.trackingToken ?? token) && (
            <GuestTrackingNote
              orderId={state.order._id}
              orderNumber={state.order.orderNumber}
              token={(state.order.trackingToken ?? token)!}
            />
          )}
          <OrderSummary order={state.order} />
        </div>
      )}
      <div className="mt-8 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button asChild variant="outline">
          <Link to="/products">Continue shopping</Link>
        </Button>
      </div>
    </div>
  );
}
