import { useLingui } from "@lingui/react";
import { Skeleton } from "~/components/ui/skeleton";
import { LocalLink } from "~/lib/i18n/i18n";

export function OrderLoading() {
  const { i18n } = useLingui();
  return (
    <div className="space-y-3" aria-busy="true" aria-label={i18n._("Loading your order")}>
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

/**
 * The order number is what the shopper keeps (read out on the phone, typed on the tracking page
 * with the mobile); never the database id or the 32-character token. A guest's link still carries
 * the token, so this browser opens the order without typing anything.
 */
export function OrderNumberNote({
  orderId,
  orderNumber,
  token,
}: {
  orderId: string;
  orderNumber: string;
  token?: string | null;
}) {
  const { i18n } = useLingui();
  const href = token
    ? `/order/guest/track/${orderId}?token=${encodeURIComponent(token)}`
    : `/order/track?number=${encodeURIComponent(orderNumber)}`;
  return (
    <div
      className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm"
      data-testid="order-number-note"
    >
      <p className="font-semibold">{i18n._("Your order number")}</p>
      <p
        className="mt-1 font-mono text-xl font-bold tracking-wide select-all"
        translate="no"
        data-testid="confirmation-order-number"
      >
        {orderNumber}
      </p>
      <p className="mt-1 text-stone-700">
        {i18n._(
          "Keep it: with your mobile number it finds your order on the Track order page (in the menu at the top), and it is what to tell us when you call.",
        )}
      </p>
      <LocalLink
        to={href}
        className="mt-2 inline-block font-semibold text-brand-700 underline"
        data-testid="guest-tracking-link"
      >
        {i18n._("Track order {number}", { number: orderNumber })}
      </LocalLink>
    </div>
  );
}
