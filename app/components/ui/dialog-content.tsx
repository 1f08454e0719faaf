/**
 * The dialog's Radix part, loaded when a dialog first opens (dialog.tsx): Radix's dialog brings its
 * focus trap, scroll lock, layers and portal (about 11 KB gzipped), which a page needs only once a
 * shopper taps something that opens a dialog.
 */
import { useLingui } from "@lingui/react";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { DialogPartsContext, type DialogState } from "./dialog-state";
import { useReturnFocus } from "./return-focus";

export const DIALOG_PARTS = {
  Title: DialogPrimitive.Title,
  Description: DialogPrimitive.Description,
  Close: DialogPrimitive.Close,
};
export type DialogParts = typeof DIALOG_PARTS;

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  side?: "left" | "right";
};

export default function RadixDialogContent({
  state,
  className,
  children,
  side,
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  ...props
}: DialogContentProps & { state: DialogState }) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  const { i18n } = useLingui();
  return (
    <DialogPrimitive.Root open={state.open} onOpenChange={state.setOpen} modal={state.modal}>
      <DialogPartsContext.Provider value={DIALOG_PARTS}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
          <DialogPrimitive.Content
            id={state.contentId}
            className={cn(
              "fixed z-50 overflow-y-auto bg-white p-5 shadow-xl focus:outline-none",
              side === "left" && "inset-y-0 left-0 w-[85vw] max-w-sm",
              side === "right" && "inset-y-0 right-0 w-[85vw] max-w-sm",
              !side &&
                "top-1/2 left-1/2 max-h-[90vh] w-[92vw] max-w-2xl -translate-x-1/2 -translate-y-1/2 rounded-lg",
              className,
            )}
            onOpenAutoFocus={returnFocus.onOpenAutoFocus}
            onCloseAutoFocus={returnFocus.onCloseAutoFocus}
            // One Escape closes one layer. Measured in Chromium (admin order dialog): with a
            // confirmation opened from this dialog, Radix sometimes handed Escape to this dialog,
            // which closed and took the confirmation with it. While a confirmation is up, Escape
            // cancels the confirmation and leaves this dialog open.
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
      </DialogPartsContext.Provider>
    </DialogPrimitive.Root>
  );
}
