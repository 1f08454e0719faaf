/**
 * "Book many" above the back office's order list: every placed or confirmed order shown that has no
 * parcel yet, booked with one API courier in one request (Steadfast's bulk call; the others one by
 * one). Each order is answered on its own; the toast says how many were booked and why others
 * were not (docs/couriers.md). The couriers suggested for those orders (each by its district's
 * delivered shares) are named as a hint, and the one suggested most is chosen until the owner picks.
 */
import { useState } from "react";
import { useAdminAction } from "~/components/admin/admin-action";
import { useAdminData } from "~/components/admin/common";
import { suggestionRule, useCourierSuggestions } from "~/components/admin/courier-insights";
import { useStaffAccess } from "~/components/admin/staff-access";
import { Button } from "~/components/ui/button";
import type { AdminOrder } from "~/lib/admin-api-client";
import { api } from "~/lib/admin-api-client";
import { COURIER_NAMES, type CourierId } from "#contract/couriers";
import { suggestionCounts } from "#contract/courier-insights";
import { useLingui } from "@lingui/react";
import { formatCount } from "./admin-i18n";

const BOOKABLE = new Set(["PLACED", "CONFIRMED"]);

/** The orders of the page a bulk booking would take. */
export function unbookedOrders(orders: readonly AdminOrder[]): AdminOrder[] {
  return orders.filter(
    (order) => BOOKABLE.has(order.orderStatus) && !order.shipment && !order.courier,
  );
}

interface BulkShipmentProps {
  orders: readonly AdminOrder[];
  /** The orders given: the page's ("shown") or the desk's selection ("selected"). */
  which?: "shown" | "selected";
}

/** Booking many orders at once, for the roles that ship (`orders.ship`); nothing for the others. */
export function BulkShipment(props: BulkShipmentProps) {
  const { can } = useStaffAccess();
  return can("orders.ship") ? <BulkBooking {...props} /> : null;
}

function BulkBooking({ orders, which = "shown" }: BulkShipmentProps) {
  const { i18n } = useLingui();
  const couriers = useAdminData(() => api.admin.couriers(), "couriers");
  // Couriers with an API that can book now (a manual shipment needs each parcel's own number).
  const bookable = (couriers.data?.couriers ?? []).filter(
    (courier) => courier.configured && courier.enabled && courier.id !== "manual",
  );
  const [chosen, setChosen] = useState<CourierId | "">("");
  const booking = useAdminAction();
  const waiting = unbookedOrders(orders);
  const suggestions = useCourierSuggestions(waiting.map((order) => order._id));
  const suggested = suggestionCounts(suggestions).filter(({ courier }) =>
    bookable.some((entry) => entry.id === courier),
  );
  const courier = chosen || suggested[0]?.courier || bookable[0]?.id;
  if (bookable.length === 0 || waiting.length === 0) return null;
  return (
    <div
      className="mb-3 flex flex-wrap items-end gap-2 rounded-md border border-stone-200 p-3 text-sm"
      data-testid="bulk-shipment"
    >
      <label className="grid gap-1">
        <span>
          {which === "shown"
            ? i18n._("Book the {count} unbooked orders shown with", {
                count: formatCount(waiting.length),
              })
            : i18n._("Book the {count} unbooked orders selected with", {
                count: formatCount(waiting.length),
              })}
        </span>
        <select
          className="h-10 rounded-md border border-stone-300 bg-white px-2"
          value={courier}
          onChange={(event) => setChosen(event.target.value as CourierId)}
        >
          {bookable.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </select>
      </label>
      <Button
        variant="outline"
        disabled={booking.pending || !courier}
        onClick={() =>
          void booking.submit("book-shipments", {
            body: { orderIds: waiting.map((order) => order._id), courier },
          })
        }
      >
        {i18n._("Book {count} orders", { count: formatCount(waiting.length) })}
      </Button>
      {suggested.length > 0 && (
        <p className="basis-full text-xs text-stone-600" data-testid="bulk-suggestion">
          {i18n._("Suggested: {couriers}", {
            couriers: suggested
              .map((entry) =>
                entry.orders === 1
                  ? i18n._("{courier} for {number} order", {
                      courier: COURIER_NAMES[entry.courier],
                      number: formatCount(1),
                    })
                  : i18n._("{courier} for {number} orders", {
                      courier: COURIER_NAMES[entry.courier],
                      number: formatCount(entry.orders),
                    }),
              )
              .join(", "),
          })}
          {suggestions[0] && <span className="block">{suggestionRule(i18n, suggestions[0])}</span>}
        </p>
      )}
    </div>
  );
}
