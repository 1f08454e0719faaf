import { useLingui } from "@lingui/react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { api, errorMessage, type OrderTracking } from "~/lib/api-client";
import { formatMoney } from "#contract/i18n";
import { useLocale } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";

/**
 * An order awaiting its online payment, opened from the link the shop texted (an order staff
 * entered for the customer; docs/order-desk.md): the button starts the payment with the link's
 * token and goes to the gateway, as the checkout does.
 */
export function PayNow({ order, token }: { order: OrderTracking; token: string }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const [state, setState] = useState<{ pending: boolean; error?: string }>({ pending: false });
  const advance = order.paymentMethod === "COD" ? order.advanceDeliveryCharge : null;
  const amount = advance ? advance.amount : order.totalDiscountedPrice;

  async function pay() {
    setState({ pending: true });
    try {
      const { gatewayUrl } = await api.payment.start(order._id, { token });
      window.location.assign(gatewayUrl);
    } catch (error) {
      setState({ pending: false, error: errorMessage(error) });
    }
  }

  return (
    <div className="space-y-2" data-testid="pay-now">
      <Button type="button" size="lg" disabled={state.pending} onClick={() => void pay()}>
        {state.pending
          ? i18n._("Opening the payment page…")
          : i18n._("Pay {amount} online", { amount: formatMoney(amount, locale) })}
      </Button>
      {state.error && (
        <p role="alert" className="text-sm text-red-700">
          {shopperMessage(i18n, state.error)}
        </p>
      )}
    </div>
  );
}
