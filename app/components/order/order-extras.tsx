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
 * Guests keep this link: it shows the order without an account. The link addresses the order by its
 * id; the shopper reads the order number (TW-...), the one they quote on the phone.
 */
export function GuestTrackingNote({
  orderId,
  orderNumber,
  token,
}: {
  orderId: string;
  orderNumber?: string;
  token: string;
}) {
  const { i18n } = useLingui();
  const href = `/order/guest/track/${orderId}?token=${encodeURIComponent(token)}`;
  return (
    <div
      className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm"
      data-testid="guest-tracking"
    >
      <p className="font-semibold">{i18n._("Keep this link to track your order")}</p>
      <p className="mt-1 text-stone-700">
        {i18n._(
          "You checked out as a guest. Track your order any time with this link, or with your order number and mobile number.",
        )}
      </p>
      <LocalLink
        to={href}
        className="mt-2 inline-block font-semibold break-all text-brand-700 underline"
        data-testid="guest-tracking-link"
      >
        {i18n._("Track order {number}", { number: orderNumber ?? orderId })}
      </LocalLink>
      <p className="mt-2 text-xs text-stone-600">
        {i18n._("Tracking code:")}{" "}
        <code className="break-all select-all" translate="no">
          {token}
        </code>
      </p>
    </div>
  );
}
