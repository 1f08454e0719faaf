/**
 * "Cancel order" in the back office's order dialog. Only the customer's cancellations count
 * against the delivery phone (docs/cod.md, "Customer history and risk"), so the admin says who
 * cancelled: nothing is picked for them, and the order is not cancelled until they pick one.
 */
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import type { AdminCancelledBy } from "#contract/order-status";

const who = (i18n: I18n): { value: AdminCancelledBy; label: string; hint: string }[] => [
  {
    value: "customer",
    label: i18n._("The customer"),
    hint: i18n._(
      "Cancelled, or refused on the confirmation call, or changed their mind after confirming. Counts against this number.",
    ),
  },
  {
    value: "shop",
    label: i18n._("The shop"),
    hint: i18n._(
      "Out of stock, a duplicate, the shop's own choice, or the person at this number did not place it. Does not count against the number.",
    ),
  },
];

/** Words for who cancelled an order, as the order dialog shows them. */
export const cancelledByLabel = (i18n: I18n, by: AdminCancelledBy | "system") =>
  ({
    customer: i18n._("the customer"),
    shop: i18n._("the shop"),
    system: i18n._("the system (not paid or not confirmed in time)"),
  })[by];

export function CancelOrderAction({
  disabled,
  onCancel,
  label,
  title,
}: {
  disabled: boolean;
  onCancel: (cancelledBy: AdminCancelledBy) => void;
  /** The button and the question (many orders at once say how many). */
  label?: string;
  title?: string;
}) {
  const { i18n } = useLingui();
  const buttonLabel = label ?? i18n._("Cancel order");
  const [picked, setPicked] = useState<AdminCancelledBy | null>(null);
  return (
    <AlertDialog onOpenChange={(open) => !open && setPicked(null)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="min-h-11" disabled={disabled}>
          {buttonLabel}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent className="max-h-[92vh] overflow-y-auto">
        <AlertDialogTitle>{title ?? i18n._("Cancel this order?")}</AlertDialogTitle>
        <AlertDialogDescription>
          {i18n._("The order is cancelled and its stock returned. This cannot be undone.")}
        </AlertDialogDescription>
        <fieldset className="mt-4">
          <legend className="mb-2 text-sm font-semibold">{i18n._("Who cancelled it?")}</legend>
          <div className="space-y-2">
            {who(i18n).map(({ value, label: whoLabel, hint }) => (
              <label
                key={value}
                className="flex cursor-pointer gap-3 rounded-md border border-stone-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="cancelled-by"
                  value={value}
                  checked={picked === value}
                  onChange={() => setPicked(value)}
                  className="mt-1 shrink-0 accent-brand-500"
                />
                <span className="text-sm">
                  <span className="block font-medium text-stone-900">{whoLabel}</span>
                  <span className="block text-stone-600">{hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <AlertDialogFooter className="flex-wrap">
          <AlertDialogCancel>{i18n._("Keep order")}</AlertDialogCancel>
          <AlertDialogAction disabled={picked === null} onClick={() => picked && onCancel(picked)}>
            {buttonLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
