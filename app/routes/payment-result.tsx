import { useLocation } from "react-router";
import { outcomeOfPath, PaymentResult } from "~/components/order/payment-result";
import type { Route } from "./+types/payment-result";

export function meta({ location }: Route.MetaArgs) {
  const outcome = outcomeOfPath(location.pathname);
  const title =
    outcome === "success"
      ? "Payment received"
      : outcome === "failed"
        ? "Payment failed"
        : "Payment cancelled";
  return [{ title: `${title} — Tweest` }, { name: "robots", content: "noindex" }];
}

/** /payment-success, /payment-failed, /payment-cancelled and /payment/success: one screen. */
export default function PaymentResultRoute() {
  const { pathname } = useLocation();
  return <PaymentResult outcome={outcomeOfPath(pathname)} />;
}
