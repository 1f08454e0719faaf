/**
 * Who may see the back office, checked by the admin screens' `clientLoader`s:
 * without a stored token the visitor goes to /login and the wanted path plus query is remembered in
 * localStorage 'redirectAfterLogin'; with one, the server decides (GET /api/users/verify-admin, 10 s)
 * and the spec's texts stand for timeout, 401, 403 and others. Real rights always come from the
 * server: every admin call is checked again there.
 *
 * The layout checks once per visit (and on "Try again"); the screen below it, loading in the same
 * navigation, shares that one check, and later screens of the visit reuse its "yes".
 */
import { replace } from "react-router";
import { api, ApiError, getToken, MESSAGES } from "~/lib/api-client";
import { rememberRedirectAfterLogin } from "~/lib/auth";
import type { Permission, StaffRole } from "#contract/staff-roles";
import type { Locale } from "#contract/i18n";
import { ADMIN_NAV } from "./admin-shell";
import { screenOf } from "./screen-gate";

export type AdminAccess =
  | { status: "admin"; role?: StaffRole; permissions: Permission[]; adminLocale?: Locale }
  | { status: "refused"; message: string; httpStatus: number };

/** The check of each navigation (parent and child loaders of one navigation get the same request). */
const checks = new WeakMap<Request, Promise<AdminAccess>>();
/** The token the server last confirmed as an admin's, and what its role may do. */
let confirmedToken: string | null = null;
let confirmedPermissions: readonly Permission[] = [];

/** The verify call already maps timeout, 401 and 403 to the spec's texts; anything else without a text. */
function refusal(error: unknown): AdminAccess {
  return {
    status: "refused",
    message: error instanceof Error && error.message ? error.message : MESSAGES.adminFailed,
    httpStatus: error instanceof ApiError ? error.status : 0,
  };
}

async function verify(token: string): Promise<AdminAccess> {
  try {
    const { isAdmin, role, permissions, adminLocale } = await api.users.verifyAdmin();
    confirmedToken = isAdmin ? token : null;
    confirmedPermissions = permissions;
    return isAdmin
      ? { status: "admin", role, permissions, adminLocale }
      : { status: "refused", message: MESSAGES.adminDenied, httpStatus: 403 };
  } catch (error) {
    confirmedToken = null;
    return refusal(error);
  }
}

/** No token: remember where the visitor wanted to go and send them to /login. */
function requireToken(request: Request): string {
  const token = getToken();
  if (token) return token;
  const url = new URL(request.url);
  rememberRedirectAfterLogin(`${url.pathname}${url.search}`);
  // Replace: the guarded address is not left in the history to bounce back to.
  throw replace("/login");
}

/** The admin layout's check: asks the server (once for this navigation). */
export function checkAdminAccess(request: Request): Promise<AdminAccess> {
  const token = requireToken(request);
  let check = checks.get(request);
  if (!check) {
    check = verify(token);
    checks.set(request, check);
  }
  return check;
}

/**
 * May an admin screen load its data? Shares the layout's check, or reuses a confirmed one; a screen
 * the role's navigation does not offer loads nothing (the layout shows why: screen-gate.tsx).
 */
export async function adminScreenAllowed(request: Request): Promise<boolean> {
  const screen = screenOf(new URL(request.url).pathname);
  return (
    (await confirmedAdmin(request)) && (!screen || confirmedPermissions.includes(screen.permission))
  );
}

/** Is the visitor staff? Shares the layout's check, or reuses a confirmed one. */
async function confirmedAdmin(request: Request): Promise<boolean> {
  const token = requireToken(request);
  if (!checks.has(request) && confirmedToken === token) return true;
  return (await checkAdminAccess(request)).status === "admin";
}

/**
 * The back office's first screen for this role: the dashboard when it may read the figures, else
 * the first screen of the navigation it may open (a packer lands on Orders).
 */
export async function staffLanding(request: Request): Promise<string | null> {
  if (!(await confirmedAdmin(request))) return null;
  if (confirmedPermissions.includes("reports.read")) return null;
  return ADMIN_NAV.find((item) => confirmedPermissions.includes(item.permission))?.to ?? null;
}
