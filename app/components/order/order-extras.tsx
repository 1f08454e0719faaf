import { Link } from "react-router";
import { Skeleton } from "~/components/ui/skeleton";

export function OrderLoading() {
  return (
    <div className="space-y-3" aria-busy="true" aria-label="Loading your order">
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
  const href = `/order/guest/track/${orderId}?token=${encodeURIComponent(token)}`;
  return (
    <div
      className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm"
      data-testid="guest-tracking"
    >
      <p className="font-semibold">Keep this link to track your order</p>
      <p className="mt-1 text-stone-700">
        You checked out as a guest. Track your order any time with this link, or with your order
        number and mobile number.
      </p>
      <Link
        to={href}
        className="mt-2 inline-block font-semibold break-all text-brand-700 underline"
        data-testid="guest-tracking-link"
      >
        Track order {orderNumber ?? orderId}
      </Link>
      <p className="mt-2 text-xs text-stone-600">
        Tracking code: <code className="break-all select-all">{token}</code>
      </p>
    </div>
  );
}
