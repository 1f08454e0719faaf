import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";

/** A load that failed: its message and a "Try again" button, announced as an alert. */
export function RetryAlert({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-700">
      {message}{" "}
      <button type="button" className="underline" onClick={onRetry}>
        {i18n._("Try again")}
      </button>
    </p>
  );
}
