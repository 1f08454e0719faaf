import { useLingui } from "@lingui/react";
import { CheckCircle2, Circle } from "lucide-react";
import { Fragment } from "react";
import { CartTotals } from "~/components/cart/cart-totals";
import type { OrderView } from "~/lib/api-client";
import { imageUrl } from "~/lib/image-url";
import {
  formatDate as formatShopDate,
  formatMoney,
  formatNumber,
  type Locale,
} from "#contract/i18n";
import { localized } from "#contract/i18n";
import { cityName } from "~/lib/i18n/city-names";
import { colorName } from "~/lib/i18n/color-names";
import { useLocale } from "~/lib/i18n/i18n";
import { cn } from "~/lib/utils";
import { PaymentParts } from "./payment-parts";
import { RefundsNote } from "./refunds-note";
import { orderStatusWord, paymentMethodWord, paymentStatusWord } from "~/lib/i18n/status-words";

const STEPS = ["PLACED", "CONFIRMED", "SHIPPED", "DELIVERED"];
/** An order time in the page's language, Dhaka time; "" when missing or not a date. */
export function orderTime(value: string | undefined, locale: Locale): string {
  if (!value || Number.isNaN(new Date(value).getTime())) return "";
  return formatShopDate(value, locale, "dateTime");
}

/** Placed -> confirmed -> shipped -> delivered, with the time of each step reached. */
export function StatusTimeline({ order }: { order: OrderView }) {
  const { i18n } = useLingui();
  const locale = useLocale();
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
        {orderStatusWord(order.orderStatus, i18n)}
      </p>
    );
  }
  const reached = STEPS.indexOf(order.orderStatus);
  const at = (status: string) => order.statusHistory?.find((entry) => entry.status === status)?.at;
  return (
    <ol
      className="grid grid-cols-4 gap-1 text-center text-xs"
      aria-label={i18n._("Order progress")}
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
              {orderStatusWord(step, i18n)}
              <span className="sr-only">{done ? i18n._(" (done)") : i18n._(" (not yet)")}</span>
            </span>
            {done && at(step) && (
              <span className="text-[11px] text-stone-500">{orderTime(at(step), locale)}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** Who is bringing the parcel and how to follow it, once it is booked with a courier. */
export function ShipmentNote({ order }: { order: OrderView }) {
  const { i18n } = useLingui();
  const shipment = order.shipment;
  if (!shipment) return null;
  return (
    <div className="rounded-md bg-stone-50 px-3 py-2 text-sm" data-testid="shipment">
      <p>{i18n._("Bringing your parcel: {courier}", { courier: shipment.courierName })}</p>
      <p className="text-stone-700">
        {i18n._("Tracking number")}:{" "}
        <span className="font-mono font-semibold" translate="no">
          {shipment.trackingNumber}
        </span>
      </p>
      {shipment.trackingUrl && (
        <a
          className="font-semibold text-stone-900 underline"
          href={shipment.trackingUrl}
          target="_blank"
          rel="noreferrer noopener"
        >
          {i18n._("Follow the parcel ({courier})", { courier: shipment.courierName })}
        </a>
      )}
    </div>
  );
}

/** Items, totals, payment and (when known) the delivery address of one order. */
export function OrderSummary({ order }: { order: OrderView }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const address = order.shippingAddress;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p>
          {i18n._("Order")}{" "}
          <span className="font-bold" data-testid="order-number" translate="no">
            {order.orderNumber ?? order._id}
          </span>
        </p>
        <p className="text-stone-600">{orderTime(order.createdAt, locale)}</p>
      </div>
      <StatusTimeline order={order} />
      <ShipmentNote order={order} />
      <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white px-3">
        {order.orderItems.map((item, index) => (
          <li
            key={`${item.productId ?? index}-${item.color}-${item.size}`}
            className="flex gap-3 py-3 text-sm"
          >
            <img
              src={imageUrl(item.product?.imageUrl)}
              alt=""
              width={48}
              height={60}
              loading="lazy"
              className="h-15 w-12 shrink-0 rounded bg-stone-100 object-contain"
            />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-1 font-semibold">
                {localized(
                  { title: item.title || item.product?.title, titleBn: item.product?.titleBn },
                  "title",
                  locale,
                )}
              </p>
              <p className="text-xs text-stone-600">
                {[item.color && colorName(item.color, i18n), item.size].filter(Boolean).join(" · ")}{" "}
                × {formatNumber(item.quantity, locale)}
              </p>
            </div>
            <p className="shrink-0 font-medium">
              {formatMoney((item.discountedPrice ?? item.price) * item.quantity, locale)}
            </p>
          </li>
        ))}
      </ul>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1 text-sm">
          <h3 className="font-semibold">{i18n._("Payment")}</h3>
          <p>{paymentMethodWord(order.paymentMethod, i18n)}</p>
          <PaymentParts order={order} />
          {order.paymentDetails?.status && (
            <p className="text-stone-600">
              {i18n._("Status: {status}", {
                status: paymentStatusWord(order.paymentDetails.status, i18n),
              })}
            </p>
          )}
          <RefundsNote order={order} />
          {address && (address.streetAddress || address.city) && (
            <>
              <h3 className="pt-2 font-semibold">{i18n._("Delivery to")}</h3>
              <p className="text-stone-700">
                {[address.firstName, address.lastName].filter(Boolean).join(" ")}
                {address.mobile ? ` · ${address.mobile}` : ""}
                <br />
                {[
                  address.streetAddress,
                  address.area,
                  // The thana's English name, as stored (a proper name: not for translation).
                  address.zone && <span translate="no">{address.zone}</span>,
                  address.city && cityName(address.city, locale),
                  address.zipCode,
                ]
                  .filter(Boolean)
                  .map((part, index) => (
                    <Fragment key={index}>
                      {index > 0 && ", "}
                      {part}
                    </Fragment>
                  ))}
                <br />
                {i18n._("Bangladesh")}
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
