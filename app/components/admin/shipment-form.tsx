/**
 * "Ship with" in the back office's order dialog: the courier that carries the parcel. API couriers
 * (Pathao, Steadfast) book through their API; any other courier or the shop's own rider is recorded
 * with its name and tracking number, and an optional tracking link (`{tracking}` where the number
 * goes) for the shopper (docs/couriers.md). The courier suggested for the order (its district's
 * delivered shares) is chosen until the owner picks another, with the numbers behind it.
 */
import { useLingui } from "@lingui/react";
import { useId, useState, type FormEvent } from "react";
import { ConfirmAction, useAdminData } from "~/components/admin/common";
import { SuggestionNote, useCourierSuggestions } from "~/components/admin/courier-insights";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { api } from "~/lib/admin-api-client";
import {
  COURIER_IDS,
  COURIER_NAMES,
  type BookShipmentBody,
  type CourierId,
} from "#contract/couriers";

export function ShipmentForm({
  orderId,
  disabled,
  onBook,
}: {
  orderId: string;
  disabled: boolean;
  onBook: (body: BookShipmentBody) => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  // What the owner picked; until then the suggested courier (or a manual shipment).
  const [picked, setCourier] = useState<CourierId | null>(null);
  const [suggestion] = useCourierSuggestions([orderId]);
  const [courierName, setCourierName] = useState("");
  const [trackingNumber, setTrackingNumber] = useState("");
  const [trackingUrlTemplate, setTemplate] = useState("");
  // Which couriers can book now; until it is known (or if it fails) every one is offered and the
  // server names what is missing. A courier the owner switched off is not offered.
  const couriers = useAdminData(() => api.admin.couriers(), "couriers");
  const stateOf = (value: CourierId) => couriers.data?.couriers.find((entry) => entry.id === value);
  const configured = (value: CourierId) => stateOf(value)?.configured ?? true;
  const offered = COURIER_IDS.filter((value) => stateOf(value)?.enabled ?? true);
  const suggested =
    suggestion?.courier && configured(suggestion.courier) && offered.includes(suggestion.courier)
      ? suggestion.courier
      : null;
  const wanted = picked ?? suggested ?? "manual";
  const chosen = offered.includes(wanted) ? wanted : (offered[0] ?? wanted);
  const typed = chosen === "manual";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onBook(
      typed
        ? {
            courier: chosen,
            courierName,
            trackingNumber,
            ...(trackingUrlTemplate ? { trackingUrlTemplate } : {}),
          }
        : { courier: chosen },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="mt-3 grid gap-2 rounded-md border border-stone-200 p-3 text-sm sm:grid-cols-2"
      aria-labelledby={`${id}-title`}
      data-testid="shipment-form"
    >
      <h3 id={`${id}-title`} className="font-semibold sm:col-span-2">
        {i18n._("Shipment")}
      </h3>
      {suggestion && (
        <div className="sm:col-span-2">
          <SuggestionNote suggestion={suggestion} />
        </div>
      )}
      <label className="grid gap-1 sm:col-span-2">
        <span>{i18n._("Ship with")}</span>
        <select
          className="h-10 rounded-md border border-stone-300 bg-white px-2"
          value={chosen}
          onChange={(event) => setCourier(event.target.value as CourierId)}
        >
          {offered.map((value) => (
            <option key={value} value={value} disabled={!configured(value)}>
              {COURIER_NAMES[value]}
              {configured(value) ? "" : ` (${i18n._("not configured")})`}
              {value === suggested ? ` (${i18n._("suggested")})` : ""}
            </option>
          ))}
        </select>
      </label>
      {typed && (
        <>
          <label className="grid gap-1">
            <span>{i18n._("Courier name")}</span>
            <Input
              value={courierName}
              onChange={(event) => setCourierName(event.target.value)}
              placeholder={i18n._("Sundarban, own rider…")}
              maxLength={60}
              required
            />
          </label>
          <label className="grid gap-1">
            <span>{i18n._("Tracking number")}</span>
            <Input
              value={trackingNumber}
              onChange={(event) => setTrackingNumber(event.target.value)}
              maxLength={30}
              required
            />
          </label>
          <label className="grid gap-1 sm:col-span-2">
            <span>{i18n._("Tracking link (optional)")}</span>
            <Input
              value={trackingUrlTemplate}
              onChange={(event) => setTemplate(event.target.value)}
              placeholder="https://…?id={tracking}"
              maxLength={300}
              type="url"
            />
          </label>
        </>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" variant="outline" disabled={disabled}>
          {typed
            ? i18n._("Record shipment")
            : i18n._("Book with {courier}", { courier: COURIER_NAMES[chosen] })}
        </Button>
      </div>
    </form>
  );
}

/**
 * "Cancel shipment": releases the booking so the order may be booked again. The server asks the
 * courier (RedX cancels; Pathao and Steadfast only before pickup) and refuses with the reason.
 */
export function CancelShipmentAction({
  courierName,
  disabled,
  onCancel,
}: {
  courierName: string;
  disabled: boolean;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <ConfirmAction
      title={i18n._("Cancel this shipment?")}
      description={i18n._(
        "The parcel with {courier} is cancelled where {courier} allows it, and the order may be booked again. A courier without a cancellation in its API keeps the parcel until you cancel it in its panel.",
        { courier: courierName },
      )}
      confirmLabel={i18n._("Cancel shipment")}
      onConfirm={onCancel}
    >
      <Button variant="outline" size="sm" disabled={disabled} data-testid="cancel-shipment">
        {i18n._("Cancel shipment")}
      </Button>
    </ConfirmAction>
  );
}
