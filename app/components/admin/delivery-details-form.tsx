/**
 * The order dialog's edit of the delivery details (PATCH /api/admin/orders/{id}): name, street
 * address, area, postcode and note, while the parcel has not left. Only the fields changed are
 * sent, so an edit never overwrites another staff member's change to a field this one left alone
 * (the server writes each sent field conditional on the value it read: docs/audit.md).
 */
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { DETAILS_EDITABLE_STATUSES, OrderDetailsBody } from "#contract/schemas/order-edits";
import { serverText } from "~/components/admin/admin-i18n";
import { TextField } from "~/components/admin/list";
import { useStaffAccess } from "~/components/admin/staff-access";
import { Button } from "~/components/ui/button";
import { api, errorMessage, type AdminOrder } from "~/lib/admin-api-client";
import { serverFieldErrors, validateInto } from "~/lib/form-validation";

const FIELDS = ["firstName", "lastName", "streetAddress", "area", "zipCode", "note"] as const;
type Field = (typeof FIELDS)[number];
type DetailsValues = Record<Field, string>;

const labels = (i18n: I18n): Record<Field, string> => ({
  firstName: i18n._("First name"),
  lastName: i18n._("Last name"),
  streetAddress: i18n._("Street address"),
  area: i18n._("Area"),
  zipCode: i18n._("Postcode"),
  note: i18n._("Note"),
});

const currentValues = (order: AdminOrder): DetailsValues => ({
  firstName: order.shippingAddress?.firstName ?? "",
  lastName: order.shippingAddress?.lastName ?? "",
  streetAddress: order.shippingAddress?.streetAddress ?? "",
  area: order.shippingAddress?.area ?? "",
  zipCode: order.shippingAddress?.zipCode ?? "",
  note: order.note ?? "",
});

function DetailsForm({
  order,
  onSaved,
  onClose,
}: {
  order: AdminOrder;
  onSaved: (order: AdminOrder) => void;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const loaded = currentValues(order);
  const { register, handleSubmit, setError, clearErrors, formState } = useForm<DetailsValues>({
    defaultValues: loaded,
  });
  const { errors, isSubmitting } = formState;

  async function save(values: DetailsValues) {
    clearErrors();
    const changed = Object.fromEntries(
      FIELDS.filter((field) => values[field].trim() !== loaded[field].trim()).map((field) => [
        field,
        values[field],
      ]),
    );
    if (Object.keys(changed).length === 0) {
      setError("root", { message: i18n._("Nothing changed") });
      return;
    }
    const body = validateInto(OrderDetailsBody, changed, setError, FIELDS);
    if (!body) return;
    try {
      onSaved(await api.orderEdits.details(order._id, body));
      toast.success(i18n._("Delivery details saved"));
      onClose();
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, FIELDS);
      for (const [name, message] of Object.entries(fieldErrors))
        setError(name as Field, { message: serverText(message) });
      if (Object.keys(fieldErrors).length === 0)
        setError("root", { message: serverText(errorMessage(error)) });
    }
  }

  return (
    <form
      className="mt-2 grid grid-cols-1 gap-3 rounded-md border border-stone-200 p-3 sm:grid-cols-2"
      aria-label={i18n._("Delivery details")}
      onSubmit={handleSubmit(save)}
      noValidate
    >
      {FIELDS.map((field) => (
        <TextField
          key={field}
          id={`order-details-${field}`}
          label={labels(i18n)[field]}
          className={field === "streetAddress" || field === "note" ? "sm:col-span-2" : undefined}
          error={errors[field]?.message}
          {...register(field)}
        />
      ))}
      {errors.root?.message && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errors.root.message}
        </p>
      )}
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {i18n._("Save details")}
        </Button>
        <Button type="button" variant="ghost" onClick={onClose}>
          {i18n._("Cancel")}
        </Button>
      </div>
    </form>
  );
}

/** Shown to the roles that may edit (`orders.confirm`), while the order has not shipped. */
export function DeliveryDetailsEdit({
  order,
  onChanged,
}: {
  order: AdminOrder;
  onChanged: (order: AdminOrder) => void;
}) {
  const { i18n } = useLingui();
  const { can } = useStaffAccess();
  const [open, setOpen] = useState(false);
  const editable = (DETAILS_EDITABLE_STATUSES as readonly string[]).includes(
    order.orderStatus ?? "",
  );
  if (!can("orders.confirm") || !editable) return null;
  return (
    <div className="mt-3">
      {open ? (
        <DetailsForm order={order} onSaved={onChanged} onClose={() => setOpen(false)} />
      ) : (
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          {i18n._("Edit delivery details")}
        </Button>
      )}
    </div>
  );
}
