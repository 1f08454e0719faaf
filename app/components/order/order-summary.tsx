import { CheckCircle2, Circle } from "lucide-react";
import { CartTotals } from "~/components/cart/cart-totals";
import { dhakaDateFormatter } from "#contract/dates";
import type { OrderView } from "~/lib/api-client";
import { imageUrl } from "~/lib/image-url";
import { formatBDT } from "#contract/money";
import { cn } from "~/lib/utils";
import { PaymentParts } from "./payment-parts";

export const STATUS_LABELS: Record<string, string> = {
  PENDING: "Awaiting payment",
  PLACED: "Order placed",
  CONFIRMED: "Confirmed",
  SHIPPED: "Shipped",
  DELIVERED: "Delivered",
  CANCELLED: "Cancelled",
  RETURNING: "Returning to the shop",
  RETURNED: "Returned to the shop",
};

export const PAYMENT_LABELS: Record<string, string> = {
  COD: "Cash on delivery",
  SSLCOMMERZ: "SSLCommerz",
  BKASH: "bKash",
};

const STEPS = ["PLACED", "CONFIRMED", "SHIPPED", "DELIVERED"];
const formatDateTime = dhakaDateFormatter({ dateStyle: "medium", timeStyle: "short" });

export function formatDate(value: string | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : formatDateTime(date);
}

/** Placed -> confirmed -> shipped -> delivered, with the time of each step reached. */
export function StatusTimeline({ order }: { order: OrderView }) {
  // Off the happy path (payment awaited, cancelled, parcel refused): one line, no steps.
  if (["CANCELLED", "PENDING", "RETURNING", "RETURNED"].includes(order.orderStatus)) {
    return (
      <p
        className={cn(
          "rounded-md px-3 py-2 text-sm font-semibold",
          order.orderStatus !== "PENDING" ? "bg-red-50 text-red-700" : "bg-amber-50 text-amber-800",
        )}
        data-testid="order-status"
      >
        {STATUS_LABELS[order.orderStatus]}
      </p>
    );
  }
  const reached = STEPS.indexOf(order.orderStatus);
  const at = (status: string) => order.statusHistory?.find((entry) => entry.status === status)?.at;
  return (
    <ol
      className="grid grid-cols-4 gap-1 text-center text-xs"
      aria-label="Order progress"
      data-testid="order-status"
      data-status={order.orderStatus}
    >
      {STEPS.map((step, index) => {
        const done = index <= reached;
        return (
          <li
            key={step}
            aria-current={index === reached ? "step" : undefined}
            className="flex flex-col items-center gap-1"
          >
            {done ? (
              <CheckCircle2 className="h-6 w-6 text-green-600" aria-hidden="true" />
            ) : (
              <Circle className="h-6 w-6 text-stone-300" aria-hidden="true" />
            )}
            <span className={cn("font-medium", done ? "text-stone-900" : "text-stone-400")}>
              {STATUS_LABELS[step]}
              <span className="sr-only">{done ? " (done)" : " (not yet)"}</span>
            </span>
            {done && at(step) && (
              <span className="text-[11px] text-stone-500">{formatDate(at(step))}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Items, totals, payment and (when known) the delivery address of one order. */
export function OrderSummary({ order }: { order: OrderView }) {
  const address = order.shippingAddress;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p>
          Order{" "}
          <span className="font-bold" data-testid="order-number">
            {order.orderNumber ?? order._id}
          </span>
        </p>
        <p className="text-stone-600">{formatDate(order.createdAt)}</p>
      </div>
      <StatusTimeline order={order} />
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white px-3">
        {order.orderItems.map((item, index) => (
          <li
            key={`${item.productId ?? index}-${item.color}-${item.size}`}
            className="flex gap-3 py-3 text-sm"
          >
            <img
              src={imageUrl(item.product?.imageUrl)}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              className="h-14 w-14 shrink-0 rounded bg-stone-100 object-cover"
            />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-1 font-semibold">{item.title ?? item.product?.title}</p>
              <p className="text-xs text-stone-600">
                {[item.color, item.size].filter(Boolean).join(" · ")} × {item.quantity}
              </p>
            </div>
            <p className="shrink-0 font-medium">
              {formatBDT((item.discountedPrice ?? item.price) * item.quantity)}
            </p>
          </li>
        ))}
      </ul>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1 text-sm">
          <h3 className="font-semibold">Payment</h3>
          <p>{PAYMENT_LABELS[order.paymentMethod ?? ""] ?? order.paymentMethod}</p>
          <PaymentParts order={order} />
          {order.paymentDetails?.status && (
            <p className="text-stone-600">Status: {order.paymentDetails.status}</p>
          )}
          {address && (address.streetAddress || address.city) && (
            <>
              <h3 className="pt-2 font-semibold">Delivery to</h3>
              <p className="text-stone-700">
                {[address.firstName, address.lastName].filter(Boolean).join(" ")}
                {address.mobile ? ` · ${address.mobile}` : ""}
                <br />
                {[address.streetAddress, address.area, address.zone, address.city, address.zipCode]
                  .filter(Boolean)
                  .join(", ")}
                <br />
                Bangladesh
              </p>
            </>
          )}
        </div>
        <CartTotals
          totals={{
            totalPrice: order.totalPrice,
            discount: order.discount ?? 0,
            promoCodeDiscount: order.promoCodeDiscount ?? 0,
            promoCode: order.promoCode,
            deliveryCharge: order.deliveryCharge ?? 0,
            tax: order.tax,
            total: order.totalDiscountedPrice ?? order.totalPrice,
          }}
        />
      </div>
    </div>
  );
}
