import { useRef } from "react";

/**
 * Gives focus back to whatever had it when a dialog opened (the button that opened it), once the
 * dialog closes. Radix returns focus only to its own <Dialog.Trigger>; our dialogs are mostly opened
 * from state (a table row's button, the add-to-cart question), and without a trigger Radix leaves
 * focus on <body>, so a keyboard or screen-reader user loses their place.
 *
 * Give the Content the two handlers it returns as onOpenAutoFocus / onCloseAutoFocus; the caller's
 * own handlers (`own`) run inside them: on opening after the opener is noted, on closing first (one
 * that prevents the default keeps focus where it put it). When the opener is gone (e.g. its row was
 * deleted) Radix's own behaviour applies.
 */
export function useReturnFocus(
  own: {
    onOpenAutoFocus?: (event: Event) => void;
    onCloseAutoFocus?: (event: Event) => void;
  } = {},
) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    // Radix fires this before moving focus into the dialog: the active element is still the opener.
    onOpenAutoFocus(event: Event) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      own.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      own.onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const element = opener.current;
      opener.current = null;
      if (!element?.isConnected) return;
      event.preventDefault();
      element.focus({ preventScroll: true });
    },
  };
}
