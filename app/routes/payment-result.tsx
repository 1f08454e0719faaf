import { useLocation } from "react-router";
import { outcomeCopy, outcomeOfPath, PaymentResult } from "~/components/order/payment-result";
import { metaI18n } from "~/lib/i18n/i18n";
import type { Route } from "./+types/payment-result";

export function meta({ location, matches }: Route.MetaArgs) {
  const { i18n } = metaI18n(matches);
  const { title } = outcomeCopy(outcomeOfPath(location.pathname), i18n);
  return [{ title: i18n._("{title} — Tweest", { title }) }, { name: "robots", content: "noindex" }];
}

/** /payment-success, /payment-failed, /payment-cancelled and /payment/success: one screen. */
export default function PaymentResultRoute() {
  const { pathname } = useLocation();
  return <PaymentResult outcome={outcomeOfPath(pathname)} />;
}
