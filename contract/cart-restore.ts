/**
 * The recovery SMS's restore link lands on the cart page (docs/call-list.md): `?restore=failed`
 * when it restored nothing (tampered, expired or superseded), which the page explains. Apart from
 * the call list's schemas so the cart page carries no schema code.
 */
export const RESTORE_QUERY = "restore";
export const RESTORE_LINK_FAILED = "failed";
