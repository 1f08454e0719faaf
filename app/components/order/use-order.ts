import { useCallback, useEffect, useState } from "react";
import { api, errorMessage, getToken, type Order } from "~/lib/api-client";
import { LAST_ORDER_KEY } from "~/lib/checkout";

export type OrderState =
  | { status: "loading" }
  | { status: "ready"; order: Order }
  | { status: "error"; message: string; httpStatus?: number };

function lastPlacedOrder(orderId: string): Order | null {
  try {
    const raw = window.sessionStorage.getItem(LAST_ORDER_KEY);
    const order = raw ? (JSON.parse(raw) as Order) : null;
    return order && order._id === orderId ? order : null;
  } catch {
    return null;
  }
}

/**
 * One order for the confirmation, payment-result and order screens. Signed in: GET /api/orders/{id}
 * with the token. Guest: the same call with X-Guest-Checkout: true (and the tracking token when known).
 * `preferPlaced` shows the order just placed in this tab at once (no request).
 */
export function useOrder(
  orderId: string | null,
  options: { token?: string | null; preferPlaced?: boolean } = {},
) {
  const [state, setState] = useState<OrderState>({ status: "loading" });
  const { token, preferPlaced } = options;

  const load = useCallback(async () => {
    if (!orderId) {
      setState({ status: "error", message: "No order was given." });
      return;
    }
    const placed = preferPlaced ? lastPlacedOrder(orderId) : null;
    if (placed) {
      setState({
        status: "ready",
        order: { ...placed, ...(token ? { trackingToken: token } : {}) },
      });
      return;
    }
    setState({ status: "loading" });
    try {
      const order = await api.orders.byId(orderId, {
        guest: !getToken(),
        trackingToken: token ?? undefined,
      });
      setState({
        status: "ready",
        order: { ...order, ...(token ? { trackingToken: token } : {}) },
      });
    } catch (error) {
      setState({
        status: "error",
        message: errorMessage(error),
        httpStatus: (error as { status?: number }).status,
      });
    }
  }, [orderId, token, preferPlaced]);

  useEffect(() => {
    void load();
  }, [load]);

  return { state, reload: load };
}
