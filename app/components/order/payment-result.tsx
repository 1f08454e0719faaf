import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { CheckCircle2, CircleSlash, XCircle } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { api, errorMessage, getToken } from "~/lib/api-client";
import { LocalLink } from "~/lib/i18n/i18n";
import { ReachTheShop } from "~/components/layout/reach-the-shop";
import { unlocalizedPath } from "#contract/i18n";
import { paymentFailureReason } from "~/lib/i18n/payment-reasons";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import {
  trackPaymentCancelled,
  trackPaymentFailed,
  trackPurchase,
  type TrackableOrder,
} from "~/lib/tracking";
import { OrderSummary } from "./order-summary";
import { useOrder } from "./use-order";
import { RetryAlert } from "~/components/ui/retry-alert";
import { Skeleton } from "~/components/ui/skeleton";

export type PaymentOutcome = "success" | "failed" | "cancelled";

/** The outcome a payment-result URL names, in either language (/bn/payment-failed too). */
export function outcomeOfPath(pathname: string): PaymentOutcome {
  const path = unlocalizedPath(pathname);
  if (path.startsWith("/payment-failed")) return "failed";
  if (path.startsWith("/payment-cancelled")) return "cancelled";
  return "success";
}

/** The screen's heading and text for an outcome, in the page's language. */
export function outcomeCopy(outcome: PaymentOutcome, i18n: I18n): { title: string; body: string } {
  if (outcome === "failed")
    return {
      title: i18n._("Payment failed"),
      body: i18n._(
        "Your payment did not go through. Your order is kept for 30 minutes — try again or choose another method.",
      ),
    };
  if (outcome === "cancelled")
    return {
      title: i18n._("Payment cancelled"),
      body: i18n._(
        "You cancelled the payment. Your order is kept for 30 minutes if you want to pay now.",
      ),
    };
  return {
    title: i18n._("Payment received"),
    body: i18n._("Thank you! Your order is placed and we are preparing it."),
  };
}

/**
 * The ONE payment-result screen for /payment-success, /payment-failed, /payment-cancelled and
 * /payment/success. Reads orderId, transactionId / paymentId and reason from the gateway redirect;
 * fires purchase (success), payment_failed_stape or payment_cancelled_stape (checkout step 3).
 */
export function PaymentResult({ outcome }: { outcome: PaymentOutcome }) {
  const { i18n } = useLingui();
  const copy = outcomeCopy(outcome, i18n);
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get("orderId") ?? searchParams.get("order_id");
  const reason = searchParams.get("reason") ?? searchParams.get("error");
  const reference = searchParams.get("transactionId") ?? searchParams.get("paymentId");
  const { state, reload } = useOrder(orderId);
  const tracked = useRef(false);
  const [retry, setRetry] = useState<
    { status: "idle" | "pending" } | { status: "error"; message: string }
  >({ status: "idle" });

  useEffect(() => {
    if (tracked.current) return;
    if (outcome === "failed") {
      tracked.current = true;
      trackPaymentFailed(reason, orderId ?? undefined);
    } else if (outcome === "cancelled") {
      tracked.current = true;
      trackPaymentCancelled(orderId ?? undefined);
    } else if (state.status === "ready") {
      tracked.current = true;
      trackPurchase(state.order as TrackableOrder);
    }
  }, [outcome, reason, orderId, state]);

  async function payAgain() {
    if (!orderId) return;
    setRetry({ status: "pending" });
    try {
      const { gatewayUrl } = await api.payment.start(orderId, { guest: !getToken() });
      window.location.assign(gatewayUrl);
    } catch (error) {
      setRetry({ status: "error", message: errorMessage(error) });
    }
  }

  const Icon = outcome === "success" ? CheckCircle2 : outcome === "failed" ? XCircle : CircleSlash;
  return (
    <div
      className="mx-auto max-w-3xl px-4 py-6"
      data-testid="payment-result"
      data-outcome={outcome}
    >
      <div className="mb-6 text-center">
        <Icon
          className={`mx-auto h-12 w-12 ${outcome === "success" ? "text-green-600" : outcome === "failed" ? "text-red-600" : "text-stone-500"}`}
          aria-hidden="true"
        />
        <h1 className="mt-2 text-2xl font-extrabold sm:text-3xl">{copy.title}</h1>
        <p className="mt-1 text-stone-600">{copy.body}</p>
        {outcome === "failed" && reason && <FailureReason reason={reason} />}
        {reference && (
          <p className="mt-1 text-xs text-stone-500">
            {i18n._("Reference:")} <span translate="no">{reference}</span>
          </p>
        )}
      </div>
      {outcome !== "success" &&
        state.status === "ready" &&
        state.order.orderStatus === "PENDING" &&
        (state.order.paymentMethod !== "COD" || Boolean(state.order.advanceDeliveryCharge)) && (
          <div className="mb-6 flex flex-col items-center gap-2">
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button
                type="button"
                onClick={() => void payAgain()}
                disabled={retry.status === "pending"}
              >
                {retry.status === "pending"
                  ? i18n._("Opening the payment page…")
                  : i18n._("Try paying again")}
              </Button>
              <Button asChild variant="outline">
                <LocalLink to="/cart">{i18n._("Back to cart")}</LocalLink>
              </Button>
            </div>
            {retry.status === "error" && (
              <p role="alert" className="text-sm text-red-600">
                {shopperMessage(i18n, retry.message)}
              </p>
            )}
          </div>
        )}
      {orderId && state.status === "loading" && (
        <div className="space-y-3" aria-busy="true" aria-label={i18n._("Loading your order")}>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      )}
      {orderId && state.status === "error" && (
        <RetryAlert message={shopperMessage(i18n, state.message)} onRetry={() => void reload()} />
      )}
      {outcome !== "success" && (
        <ReachTheShop
          className="mb-6"
          message={
            state.status === "ready"
              ? i18n._("Hello! My payment for order {number} did not go through.", {
                  number: state.order.orderNumber,
                })
              : undefined
          }
        />
      )}
      {state.status === "ready" && <OrderSummary order={state.order} />}
      <div className="mt-8 text-center">
        <LocalLink to="/products" className="text-brand-700 underline">
          {i18n._("Continue shopping")}
        </LocalLink>
      </div>
    </div>
  );
}

/** "Reason: …" in the page's language; a gateway's own words quoted, in English (lang="en"). */
function FailureReason({ reason }: { reason: string }) {
  const { i18n } = useLingui();
  const { text, gatewayWords } = paymentFailureReason(i18n, reason);
  if (!text) return null;
  return (
    <p className="mt-1 text-sm text-red-700" data-testid="payment-failure-reason">
      {i18n._("Reason: {reason}", { reason: text })}
      {gatewayWords && (
        <>
          {" "}
          {i18n._("The gateway's words:")}{" "}
          <q lang="en" translate="no">
            {gatewayWords}
          </q>
        </>
      )}
    </p>
  );
}
