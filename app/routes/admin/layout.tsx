import { useLingui } from "@lingui/react";
import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { type AdminAccess } from "~/components/admin/admin-access";
import { BackOfficeI18nProvider, checkAccessInOwnLanguage } from "~/components/admin/admin-i18n";
import { AdminGate, CheckingAdminAccess } from "~/components/admin/admin-guard";
import { AdminShell } from "~/components/admin/admin-shell";
import { ScreenGate } from "~/components/admin/screen-gate";
import { StaffAccessProvider } from "~/components/admin/staff-access";
import { RouteErrorPage } from "~/components/layout/route-error";
import type { Route } from "./+types/layout";

export function meta() {
  return [{ title: "Admin — Tweest" }, { name: "robots", content: "noindex" }];
}

/**
 * /admin/*: client-rendered behind the token in localStorage. The loader checks the visitor (no
 * token: /login with the path remembered; else the server's admin check); each screen loads its own
 * data in its clientLoader once the check said yes.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { access: await checkAccessInOwnLanguage(request) };
}
clientLoader.hydrate = true as const;

/**
 * One check per visit: moving between screens or pages of a list, or a screen's change (an action),
 * does not ask the server again; "Try again" (a revalidation of the same page) does.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export function HydrateFallback() {
  return (
    <BackOfficeI18nProvider>
      <CheckingAdminAccess />
    </BackOfficeI18nProvider>
  );
}

function staffAccessOf(access: AdminAccess) {
  return access.status === "admin"
    ? { role: access.role, permissions: access.permissions }
    : { permissions: [] };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <BackOfficeI18nProvider>
      <AdminGate access={loaderData.access}>
        <StaffAccessProvider {...staffAccessOf(loaderData.access)}>
          <AdminShell>
            <ScreenGate>
              <Outlet />
            </ScreenGate>
          </AdminShell>
        </StaffAccessProvider>
      </AdminGate>
    </BackOfficeI18nProvider>
  );
}

/** A screen that failed keeps the back office's way out: back to the dashboard. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <BackOfficeI18nProvider>
      <BackOfficeErrorPage error={error} />
    </BackOfficeI18nProvider>
  );
}

function BackOfficeErrorPage({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  return (
    <RouteErrorPage error={error} backTo="/admin" backLabel={i18n._("Back to the dashboard")} />
  );
}
