/**
 * Printing many orders' documents (docs/printing.md): which document and paper, and the link that
 * opens the print page for the selected orders or the list's filter (a queue) in a new tab. The
 * print page reads the same choices from its URL.
 */
import { Printer } from "lucide-react";
import { useId, useState } from "react";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { serverText } from "./admin-i18n";
import { cn } from "~/lib/utils";
import { useStaffAccess } from "./staff-access";
import { buttonVariants } from "~/components/ui/button";
import type { OrderFilterQuery } from "~/lib/api/order-desk";
import {
  MAX_PRINTED_ORDERS,
  TOO_MANY_TO_PRINT,
  type DocumentKind,
  type PaperSize,
} from "#contract/schemas/order-documents";

export interface PrintChoice {
  id: "invoice-a4" | "invoice-a5" | "packing-slip-a4" | "packing-slip-a5" | "label";
  kind: DocumentKind;
  paper: PaperSize;
}

/** Every document and paper the print page takes, in the order the menu lists them. */
export const PRINT_CHOICES: readonly PrintChoice[] = [
  { id: "invoice-a4", kind: "invoice", paper: "a4" },
  { id: "invoice-a5", kind: "invoice", paper: "a5" },
  { id: "packing-slip-a4", kind: "packing-slip", paper: "a4" },
  { id: "packing-slip-a5", kind: "packing-slip", paper: "a5" },
  // A label's paper is its 4x6 inch stock; `paper` is not read for it.
  { id: "label", kind: "label", paper: "a4" },
];

/** A choice's name in the back office's language. */
export function printChoiceLabel(i18n: I18n, choice: PrintChoice): string {
  return {
    "invoice-a4": i18n._("Invoices, A4"),
    "invoice-a5": i18n._("Invoices, A5"),
    "packing-slip-a4": i18n._("Packing slips, A4"),
    "packing-slip-a5": i18n._("Packing slips, A5"),
    label: i18n._("Courier labels, 4x6 in"),
  }[choice.id];
}

/** The selected orders (their ids, in the list's order), or everything the list's filter shows. */
export type PrintTarget = { orders: readonly string[] } | { filter: OrderFilterQuery };

/** `/admin/print?doc=…&paper=…&orders=<id>,<id>` (or the filter's fields in place of `orders`). */
export function printPath(choice: Pick<PrintChoice, "kind" | "paper">, target: PrintTarget) {
  const params = new URLSearchParams({ doc: choice.kind });
  if (choice.kind !== "label") params.set("paper", choice.paper);
  if ("orders" in target) params.set("orders", target.orders.join(","));
  else for (const [key, value] of Object.entries(target.filter)) if (value) params.set(key, value);
  return `/admin/print?${params.toString()}`;
}

/** A choice of document and the link that opens them (disabled past what one print may take). */
export function PrintMenu({
  target,
  count,
  label,
}: {
  target: PrintTarget;
  /** How many orders it prints (the link is disabled past the bound). */
  count: number;
  label: string;
}) {
  const { i18n } = useLingui();
  const [choiceId, setChoiceId] = useState<string>(PRINT_CHOICES[0].id);
  const selectId = useId();
  const choice = PRINT_CHOICES.find((entry) => entry.id === choiceId) ?? PRINT_CHOICES[0];
  const tooMany = count > MAX_PRINTED_ORDERS;
  if (!useStaffAccess().can("orders.print")) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-testid="print-menu">
      <label htmlFor={selectId} className="sr-only">
        {i18n._("Document to print")}
      </label>
      <select
        id={selectId}
        className="min-h-11 rounded-md border border-stone-300 bg-white px-2 text-sm"
        value={choiceId}
        onChange={(event) => setChoiceId(event.target.value)}
      >
        {PRINT_CHOICES.map((entry) => (
          <option key={entry.id} value={entry.id}>
            {printChoiceLabel(i18n, entry)}
          </option>
        ))}
      </select>
      {tooMany ? (
        <span
          className={cn(buttonVariants({ variant: "outline" }), "min-h-11 opacity-50")}
          aria-disabled="true"
          title={serverText(TOO_MANY_TO_PRINT)}
        >
          <Printer className="h-4 w-4" aria-hidden="true" /> {label}
        </span>
      ) : (
        <a
          className={cn(buttonVariants({ variant: "outline" }), "min-h-11")}
          href={printPath(choice, target)}
          target="_blank"
          rel="noopener"
        >
          <Printer className="h-4 w-4" aria-hidden="true" /> {label}
        </a>
      )}
    </span>
  );
}
