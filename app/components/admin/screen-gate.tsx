/**
 * A back-office screen opened by its address by a role whose navigation does not offer it (a packer
 * typing /admin/products): instead of a screen of buttons the server would refuse, a note saying
 * the role cannot open it. The permission of each screen is its navigation entry's (ADMIN_NAV).
 */
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { roleLabel } from "./admin-i18n";
import { ADMIN_NAV } from "./admin-shell";
import { useStaffAccess } from "./staff-access";

/** The navigation entry a path belongs to: `/admin` exactly, any other by its prefix. */
export function screenOf(pathname: string) {
  return ADMIN_NAV.find((item) =>
    item.to === "/admin"
      ? pathname === "/admin" || pathname === "/admin/"
      : pathname === item.to || pathname.startsWith(`${item.to}/`),
  );
}

export function ScreenGate({ children }: { children: ReactNode }) {
  const { i18n } = useLingui();
  const { can, role } = useStaffAccess();
  const { pathname } = useLocation();
  const screen = screenOf(pathname);
  if (!screen || can(screen.permission)) return <>{children}</>;
  const home = ADMIN_NAV.find((item) => can(item.permission));
  return (
    <div
      role="alert"
      className="rounded-lg border border-stone-200 bg-white p-6"
      data-testid="screen-refused"
    >
      <h1 className="text-lg font-semibold text-stone-900">{screen.label(i18n)}</h1>
      <p className="mt-2 text-sm text-stone-600">
        {role
          ? i18n._("The {role} role cannot open this screen. Ask the shop owner if you need it.", {
              role: roleLabel(i18n, role),
            })
          : i18n._("Your role cannot open this screen. Ask the shop owner if you need it.")}
      </p>
      {home && (
        <Link className="mt-3 inline-block text-sm underline" to={home.to}>
          {i18n._("Go to {screen}", { screen: home.label(i18n) })}
        </Link>
      )}
    </div>
  );
}
