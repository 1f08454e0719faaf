/** A printable invoice of one order; only it is printed (print stylesheet below). */
import type { AdminOrder } from "~/lib/api-client";
import { formatBDT } from "#contract/money";
import { PaymentParts } from "~/components/order/payment-parts";
import { formatDate } from "./common";

const PRINT_CSS = `@media print {
  body > *:not(:has(.invoice-print)) { display: none !important; }
  body * { visibility: hidden !important; }
  .invoice-print, .invoice-print * { visibility: visible !important; }
  .invoice-print-dialog {
    position: static !important; transform: none !important; translate: none !important;
    max-height: none !important;
    overflow: visible !important; width: auto !important; max-width: none !important;
    box-shadow: none !important; padding: 0 !important;
  }
  .invoice-print-dialog .invoice-frame { border: 0 !important; padding: 0 !important; margin: 0 !important; }
  .no-print { display: none !important; }
  @page { margin: 12mm; }
}`;

export function OrderInvoice({ order }: { order: AdminOrder }) {
  const address = order.shippingAddress ?? {};
  const subtotal = order.totalPrice ?? 0;
  return (
    <div className="invoice-print text-sm" data-testid="invoice">
      <style>{PRINT_CSS}</style>
      <div className="flex items-start justify-between gap-4">
        <div>
          <p className="text-xl font-bold text-brand-600">Tweest</p>
          <p className="text-xs text-stone-500">Invoice</p>
        </div>
        <div className="text-right">
          <p className="font-semibold">#{order.orderNumber ?? order._id}</p>
          <p className="text-xs text-stone-500">{formatDate(order.createdAt, true)}</p>
        </div>
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <p className="text-xs font-semibold text-stone-500 uppercase">Ship to</p>
          <p className="font-medium">
            {[address.firstName, address.lastName].filter(Boolean).join(" ") || "—"}
          </p>
          <p>{address.streetAddress}</p>
          <p>
            {[address.area, address.zone, address.city, address.zipCode].filter(Boolean).join(", ")}
          </p>
          <p>Bangladesh</p>
          <p>{address.mobile ?? order.guest?.mobile}</p>
          <p>{address.email ?? order.guest?.email}</p>
        </div>
        <div className="sm:text-right">
          <p className="text-xs font-semibold text-stone-500 uppercase">Payment</p>
          <p>{order.paymentMethod ?? "—"}</p>
          <PaymentParts order={order} />
          <p>{order.paymentDetails?.status ?? ""}</p>
          {order.paymentDetails?.transactionId && (
            <p className="font-mono text-xs">{order.paymentDetails.transactionId}</p>
          )}
        </div>
      </div>
      <table className="mt-4 w-full text-left">
        <thead>
          <tr className="border-b border-stone-300 text-xs text-stone-500 uppercase">
            <th className="py-1">Item</th>
            <th className="py-1">Variant</th>
            <th className="py-1 text-right">Qty</th>
            <th className="py-1 text-right">Price</th>
            <th className="py-1 text-right">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.orderItems.map((item, index) => {
            const unit = item.discountedPrice ?? item.price;
            return (
              <tr key={index} className="border-b border-stone-100">
                <td className="py-1">{item.title ?? item.product?.title}</td>
                <td className="py-1">{[item.color, item.size].filter(Boolean).join(" / ")}</td>
                <td className="py-1 text-right">{item.quantity}</td>
                <td className="py-1 text-right">{formatBDT(unit)}</td>
                <td className="py-1 text-right">{formatBDT(unit * item.quantity)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <dl className="mt-3 ml-auto w-full max-w-xs space-y-1">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatBDT(subtotal)}</dd>
        </div>
        {!!order.discount && (
          <div className="flex justify-between">
            <dt>Discount</dt>
            <dd>−{formatBDT(order.discount)}</dd>
          </div>
        )}
        {!!order.promoCodeDiscount && (
          <div className="flex justify-between">
            <dt>Promo {order.promoCode}</dt>
            <dd>−{formatBDT(order.promoCodeDiscount)}</dd>
          </div>
        )}
        <div className="flex justify-between">
          <dt>Delivery</dt>
          <dd>{formatBDT(order.deliveryCharge)}</dd>
        </div>
        {!!order.tax && (
          <div className="flex justify-between">
            <dt>Tax</dt>
            <dd>{formatBDT(order.tax)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-stone-300 pt-1 font-bold">
          <dt>Total</dt>
          <dd>{formatBDT(order.totalDiscountedPrice ?? order.totalPrice)}</dd>
        </div>
      </dl>
      <p className="mt-4 text-xs text-stone-500">
        Prices include VAT. Thank you for shopping with Tweest.
      </p>
    </div>
  );
}
