/**
 * The campaign popup's dialog: Radix Dialog around the popup's panel (popup-panel.tsx). Loaded
 * lazily by `<CampaignPopup />` only when there are images to show, so Radix Dialog stays out of
 * the first page load.
 */
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useLayoutEffect } from "react";
import type { ActivePopupImage } from "~/lib/api-client";
import { useReturnFocus } from "~/components/ui/return-focus";
import {
  POPUP_CONTENT_CLASS,
  POPUP_OVERLAY_CLASS,
  PopupPanel,
  usePopupCarousel,
  type PopupParts,
} from "./popup-panel";

const RADIX_PARTS: PopupParts = {
  Title: DialogPrimitive.Title,
  Description: DialogPrimitive.Description,
  Close: DialogPrimitive.Close,
};

/**
 * Moves focus into the dialog once it has been painted, instead of Radix's focus during the commit.
 * Focusing forces a style and layout pass of the whole page (the scroll lock has just restyled
 * <body>); done in the same task as React's commit that made one long task on a slow phone's CPU.
 * A frame later the page is laid out and the focus costs nothing.
 */
function focusAfterFirstPaint(event: Event) {
  event.preventDefault();
  const dialog = event.currentTarget as HTMLElement | null;
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (dialog?.isConnected && !dialog.contains(document.activeElement))
        dialog.focus({ preventScroll: true });
    }, 0),
  );
}

export default function CampaignPopupDialog({
  images,
  open,
  onOpenChange,
  takesOver = false,
  onShown,
}: {
  images: ActivePopupImage[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The server's first frame is on screen already: the dialog replaces it without playing its
   * entrance again (app.css, `[data-takes-over]`).
   */
  takesOver?: boolean;
  /** Called in the commit that mounts the dialog, so the first frame leaves in the same paint. */
  onShown?: () => void;
}) {
  const returnFocus = useReturnFocus({ onOpenAutoFocus: focusAfterFirstPaint });
  const carousel = usePopupCarousel(images.length);
  const origin = typeof window !== "undefined" ? window.location.origin : "";
  useLayoutEffect(() => {
    if (open) onShown?.();
  }, [open, onShown]);

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay
          className={POPUP_OVERLAY_CLASS}
          data-testid="popup-overlay"
          data-takes-over={takesOver || undefined}
        />
        <DialogPrimitive.Content
          className={POPUP_CONTENT_CLASS}
          data-testid="campaign-popup"
          data-takes-over={takesOver || undefined}
          onOpenAutoFocus={returnFocus.onOpenAutoFocus}
          onCloseAutoFocus={returnFocus.onCloseAutoFocus}
          onKeyDown={(event) => {
            if (images.length < 2) return;
            if (event.key === "ArrowRight") carousel.next();
            if (event.key === "ArrowLeft") carousel.prev();
          }}
        >
          <PopupPanel
            images={images}
            carousel={carousel}
            parts={RADIX_PARTS}
            origin={origin}
            imageHost={origin}
            onClose={() => onOpenChange(false)}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
