import { createContext, useContext } from "react";
import type { DialogParts } from "./dialog-content";

/** One dialog's state, kept without Radix's code (dialog.tsx), read by its trigger and content. */
export interface DialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** Whether it has been open at least once: its content (and Radix's code) is there from then on. */
  openedOnce: boolean;
  /** The content's id, which the trigger names (aria-controls). */
  contentId: string;
  modal: boolean;
}

export const DialogStateContext = createContext<DialogState | null>(null);

/** Radix's title, description and close button, provided by the loaded content to its children. */
export const DialogPartsContext = createContext<DialogParts | null>(null);

export function useDialogState(part: string): DialogState {
  const state = useContext(DialogStateContext);
  if (!state) throw new Error(`${part} must be inside a <Dialog>`);
  return state;
}

export function useDialogParts(part: string): DialogParts {
  const parts = useContext(DialogPartsContext);
  if (!parts) throw new Error(`${part} must be inside a <DialogContent>`);
  return parts;
}
