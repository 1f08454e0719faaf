import { useLingui } from "@lingui/react";
import { useSearchParams } from "react-router";
import { RESTORE_LINK_FAILED, RESTORE_QUERY } from "#contract/cart-restore";

/**
 * A recovery SMS's link that restored nothing (expired, tampered, or replaced by a newer SMS)
 * lands here with `?restore=failed` (docs/call-list.md): say so, and that the cart is untouched.
 */
export function RestoreFailedNote() {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  if (searchParams.get(RESTORE_QUERY) !== RESTORE_LINK_FAILED) return null;
  return (
    <p
      role="status"
      data-testid="restore-failed"
      className="mb-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      {i18n._("This link has expired or is not valid. Your cart is as you left it.")}
    </p>
  );
}
