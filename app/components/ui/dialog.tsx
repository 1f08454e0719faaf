import { useLingui } from "@lingui/react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ComponentProps, createContext, useContext, useState } from "react";
import { cn } from "~/lib/utils";
import { useReturnFocus } from "./return-focus";

/** Whether the dialog has been open at least once (its content is mounted from then on). */
const OpenedOnce = createContext(true);

/**
 * Radix's dialog, whose content is not mounted until the dialog first opens. A closed Radix content
 * still mounts its presence tracker, which updates its state in a layout effect: a synchronous
 * re-render in the commit that hydrates the page, which also pulls every pending effect of the
 * page into that one long task (measured on the product page, with its guest, size guide and photo
 * dialogs, on a 4x slower CPU). Once opened, the content stays mounted so closing still animates.
 */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  ...props
}: ComponentProps<typeof DialogPrimitive.Root>) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen ?? false);
  const isOpen = open ?? ownOpen;
  const [openedOnce, setOpenedOnce] = useState(isOpen);
  if (isOpen && !openedOnce) setOpenedOnce(true);
  return (
    <OpenedOnce.Provider value={openedOnce}>
      <DialogPrimitive.Root
        open={isOpen}
        onOpenChange={(next) => {
          setOwnOpen(next);
          onOpenChange?.(next);
        }}
        {...props}
      />
    </OpenedOnce.Provider>
  );
}
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  className,
  children,
  side,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { side?: "left" | "right" }) {
  const returnFocus = useReturnFocus();
  const { i18n } = useLingui();
  if (!useContext(OpenedOnce)) return null;
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content
        className={cn(
          "fixed z-50 overflow-y-auto bg-white p-5 shadow-xl focus:outline-none",
          side === "left" && "inset-y-0 left-0 w-[85vw] max-w-sm",
          side === "right" && "inset-y-0 right-0 w-[85vw] max-w-sm",
          !side &&
            "top-1/2 left-1/2 max-h-[90vh] w-[92vw] max-w-2xl -translate-x-1/2 -translate-y-1/2 rounded-lg",
          className,
        )}
        onOpenAutoFocus={(event) => {
          returnFocus.onOpenAutoFocus();
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (!event.defaultPrevented) returnFocus.onCloseAutoFocus(event);
        }}
        // One Escape closes one layer. Measured in Chromium (admin order dialog): with a
        // confirmation opened from this dialog, Radix sometimes handed Escape to this dialog, which
        // closed and took the confirmation with it. While a confirmation is up, Escape cancels the
        // confirmation and leaves this dialog open.
        onEscapeKeyDown={(event) => {
          const cancel = document.querySelector<HTMLElement>(
            '[role="alertdialog"] [data-dialog-cancel]',
          );
          if (cancel) {
            event.preventDefault();
            cancel.click();
          }
          onEscapeKeyDown?.(event);
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-3 right-3 rounded-md p-1.5 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-500"
          aria-label={i18n._("Close")}
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("pr-8 text-lg font-bold", className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn("text-sm text-stone-600", className)} {...props} />
  );
}
