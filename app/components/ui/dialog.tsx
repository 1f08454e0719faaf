import type * as DialogPrimitive from "@radix-ui/react-dialog";
import { Slot } from "@radix-ui/react-slot";
import { type ComponentProps, lazy, Suspense, useEffect, useId, useState } from "react";
import { cn } from "~/lib/utils";
import type { DialogContentProps } from "./dialog-content";
import { DialogStateContext, useDialogParts, useDialogState } from "./dialog-state";

/**
 * Radix's dialog, whose Radix code loads when the dialog first opens (dialog-content.tsx): the
 * state and the trigger are here, so a page with dialogs that open on a tap (the listing's filters,
 * the size guide, a review's photo, the guest question) carries none of it in its first JavaScript.
 * The content is not mounted until the dialog first opens either: a closed Radix content still
 * mounts its presence tracker, which updates its state in a layout effect, a synchronous re-render
 * in the commit that hydrates the page (measured on the product page on a 4x slower CPU). Once
 * opened, the content stays mounted, so closing still animates.
 */
export function Dialog({
  open,
  defaultOpen,
  onOpenChange,
  modal = true,
  children,
}: ComponentProps<typeof DialogPrimitive.Root>) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen ?? false);
  const isOpen = open ?? ownOpen;
  const [openedOnce, setOpenedOnce] = useState(isOpen);
  if (isOpen && !openedOnce) setOpenedOnce(true);
  const contentId = useId();
  useContentOnFirstIntent();
  const setOpen = (next: boolean) => {
    setOwnOpen(next);
    onOpenChange?.(next);
  };
  return (
    <DialogStateContext.Provider value={{ open: isOpen, setOpen, openedOnce, contentId, modal }}>
      {children}
    </DialogStateContext.Provider>
  );
}

/** The button that opens the dialog: Radix's trigger's attributes and toggle, without its code. */
export function DialogTrigger({
  asChild,
  onClick,
  ...props
}: ComponentProps<"button"> & { asChild?: boolean }) {
  const state = useDialogState("DialogTrigger");
  const Component = asChild ? Slot : "button";
  return (
    <Component
      type={asChild ? undefined : "button"}
      aria-haspopup="dialog"
      aria-expanded={state.open}
      aria-controls={state.open ? state.contentId : undefined}
      data-state={state.open ? "open" : "closed"}
      {...props}
      onClick={(event: React.MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) state.setOpen(!state.open);
      }}
    />
  );
}

const loadContent = () => import("./dialog-content");
const LazyDialogContent = lazy(loadContent);

let contentRequested = false;
const INTENT_EVENTS = ["pointerdown", "keydown"] as const;

/**
 * Starts loading Radix's part at the page's first tap or key press (the tap that opens a dialog is
 * one), so it is mostly there by the time a dialog opens, and never in the page's first download.
 */
function useContentOnFirstIntent() {
  useEffect(() => {
    if (contentRequested) return;
    const remove = () => {
      for (const name of INTENT_EVENTS) document.removeEventListener(name, load, true);
    };
    function load() {
      remove();
      if (contentRequested) return;
      contentRequested = true;
      loadContent().catch(() => {
        contentRequested = false;
      });
    }
    for (const name of INTENT_EVENTS)
      document.addEventListener(name, load, { capture: true, passive: true });
    return remove;
  }, []);
}

export function DialogContent(props: DialogContentProps) {
  const state = useDialogState("DialogContent");
  if (!state.openedOnce) return null;
  return (
    <Suspense fallback={null}>
      <LazyDialogContent {...props} state={state} />
    </Suspense>
  );
}

export function DialogClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  const { Close } = useDialogParts("DialogClose");
  return <Close {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  const { Title } = useDialogParts("DialogTitle");
  return <Title className={cn("pr-8 text-lg font-bold", className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  const { Description } = useDialogParts("DialogDescription");
  return <Description className={cn("text-sm text-stone-600", className)} {...props} />;
}
