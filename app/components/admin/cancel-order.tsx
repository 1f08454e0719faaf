/**
 * "Cancel order" in the back office's order dialog. Only the customer's cancellations count
 * against the delivery phone (docs/cod.md, "Customer history and risk"), so the admin says who
 * cancelled: nothing is picked for them, and the order is not cancelled until they pick one.
 */
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

const WHO: { value: AdminCancelledBy; label: string; hint: string }[] = [
  {
    value: "customer",
    label: "The customer",
    hint: "Cancelled, or refused on the confirmation call, or changed their mind after confirming. Counts against this number.",
  },
  {
    value: "shop",
    label: "The shop",
    hint: "Out of stock, a duplicate, the shop's own choice, or the person at this number did not place it. Does not count against the number.",
  },
];

/** Words for who cancelled an order, as the order dialog shows them. */
export const CANCELLED_BY_LABEL = {
  customer: "the customer",
  shop: "the shop",
  system: "the system (not paid or not confirmed in time)",
} as const;

export function CancelOrderAction({
  disabled,
  onCancel,
  label: buttonLabel = "Cancel order",
  title = "Cancel this order?",
}: {
  disabled: boolean;
  onCancel: (cancelledBy: AdminCancelledBy) => void;
  /** The button and the question (many orders at once say how many). */
  label?: string;
  title?: string;
}) {
  const [who, setWho] = useState<AdminCancelledBy | null>(null);
  return (
    <AlertDialog onOpenChange={(open) => !open && setWho(null)}>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="min-h-11" disabled={disabled}>
          {buttonLabel}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent className="max-h-[92vh] overflow-y-auto">
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>
          The order is cancelled and its stock returned. This cannot be undone.
        </AlertDialogDescription>
        <fieldset className="mt-4">
          <legend className="mb-2 text-sm font-semibold">Who cancelled it?</legend>
          <div className="space-y-2">
            {WHO.map(({ value, label, hint }) => (
              <label
                key={value}
                className="flex cursor-pointer gap-3 rounded-md border border-stone-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="cancelled-by"
                  value={value}
                  checked={who === value}
                  onChange={() => setWho(value)}
                  className="mt-1 shrink-0 accent-brand-500"
                />
                <span className="text-sm">
                  <span className="block font-medium text-stone-900">{label}</span>
                  <span className="block text-stone-600">{hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <AlertDialogFooter className="flex-wrap">
          <AlertDialogCancel>Keep order</AlertDialogCancel>
          <AlertDialogAction disabled={who === null} onClick={() => who && onCancel(who)}>
            {buttonLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
