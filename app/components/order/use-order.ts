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
 * `preferPlaced` answers with the order just placed in this tab at once (no request). Never throws:
 * a failure is the state's message (and HTTP status). The order screens call it from their
 * clientLoader; `useOrder` runs it from a component.
 */
export async function loadOrder(
  orderId: string | null,
  options: { token?: string | null; preferPlaced?: boolean } = {},
): Promise<OrderState> {
  const { token, preferPlaced } = options;
  if (!orderId) return { status: "error", message: "No order was given." };
  const withToken = (order: Order): Order => ({
    ...order,
    ...(token ? { trackingToken: token } : {}),
  });
  const placed = preferPlaced ? lastPlacedOrder(orderId) : null;
  if (placed) return { status: "ready", order: withToken(placed) };
  try {
    const order = await api.orders.byId(orderId, {
      guest: !getToken(),
      trackingToken: token ?? undefined,
    });
    return { status: "ready", order: withToken(order) };
  } catch (error) {
    return {
      status: "error",
      message: errorMessage(error),
      httpStatus: (error as { status?: number }).status,
    };
  }
}

/** `loadOrder` from a component (the payment-result screen, whose events follow the answer). */
export function useOrder(
  orderId: string | null,
  options: { token?: string | null; preferPlaced?: boolean } = {},
) {
  const [state, setState] = useState<OrderState>({ status: "loading" });
  const { token, preferPlaced } = options;

  const load = useCallback(async () => {
    setState({ status: "loading" });
    setState(await loadOrder(orderId, { token, preferPlaced }));
  }, [orderId, token, preferPlaced]);

  useEffect(() => {
    void load();
  }, [load]);

  return { state, reload: load };
}
