import { useLingui } from "@lingui/react";
import { CheckCircle2 } from "lucide-react";
import { useRevalidator } from "react-router";
import { OrderNumberNote, OrderLoading } from "~/components/order/order-extras";
import { OrderSummary } from "~/components/order/order-summary";
import { loadOrder } from "~/components/order/use-order";
import { Button } from "~/components/ui/button";
import { RetryAlert } from "~/components/ui/retry-alert";
import { LocalLink, metaI18n } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import type { Route } from "./+types/order-confirmation";

export function meta({ matches }: Route.MetaArgs) {
  const { i18n } = metaI18n(matches);
  return [{ title: i18n._("Order placed — Tweest") }, { name: "robots", content: "noindex" }];
}

/** The order just placed in this tab shows at once; otherwise (a reload, a link) it is asked for. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token");
  return {
    token,
    order: await loadOrder(params.get("orderId"), { token, preferPlaced: true }),
  };
}
clientLoader.hydrate = true as const;

function ConfirmationPage({ children }: { children: React.ReactNode }) {
  const { i18n } = useLingui();
  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <div className="mb-6 text-center">
        <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
        <h1 className="mt-2 text-2xl font-extrabold sm:text-3xl">
          {i18n._("Thank you for your order!")}
        </h1>
        <p className="mt-1 text-stone-600">
          {i18n._("We will call you to confirm before we ship.")}
        </p>
      </div>
      {children}
      <div className="mt-8 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Button asChild variant="outline">
          <LocalLink to="/products">{i18n._("Continue shopping")}</LocalLink>
        </Button>
      </div>
    </div>
  );
}

export function HydrateFallback() {
  return (
    <ConfirmationPage>
      <OrderLoading />
    </ConfirmationPage>
  );
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order: state, token } = loaderData;
  const { i18n } = useLingui();
  const revalidator = useRevalidator();
  if (revalidator.state === "loading") return <HydrateFallback />;
  return (
    <ConfirmationPage>
      {state.status === "error" && (
        <RetryAlert
          message={shopperMessage(i18n, state.message)}
          onRetry={() => void revalidator.revalidate()}
        />
      )}
      {state.status === "ready" && (
        <div className="space-y-6">
          {state.order.orderNumber && (
            <OrderNumberNote
              orderId={state.order._id}
              orderNumber={state.order.orderNumber}
              token={state.order.trackingToken ?? token}
            />
          )}
          <OrderSummary order={state.order} />
        </div>
      )}
    </ConfirmationPage>
  );
}
