/**
 * What the back office shows for the layout loader's access check (admin-access.ts): the screens
 * once the server said "admin", else the spec's text for timeout, 401, 403 or other failures with
 * "Try again" (which checks again) and "Sign in with another account".
 */
import { useLingui } from "@lingui/react";
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigate, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { removeToken } from "~/lib/api-client";
import { rememberRedirectAfterLogin } from "~/lib/auth";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import type { AdminAccess } from "./admin-access";

/** Shown while the server checks the admin's rights (also the layout's HydrateFallback). */
export function CheckingAdminAccess() {
  const { i18n } = useLingui();
  return (
    <div
      className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-stone-600"
      data-testid="admin-checking"
    >
      <Spinner label={i18n._("Checking admin access")} />
      <p className="text-sm">{i18n._("Checking admin access…")}</p>
    </div>
  );
}

export function AdminGate({ access, children }: { access: AdminAccess; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  if (access.status === "admin") return <>{children}</>;
  if (revalidator.state === "loading") return <CheckingAdminAccess />;
  return (
    <AccessDenied
      message={access.message}
      httpStatus={access.httpStatus}
      onSignInAgain={() => {
        removeToken();
        rememberRedirectAfterLogin(`${location.pathname}${location.search}`);
        navigate("/login");
      }}
      onRetry={() => void revalidator.revalidate()}
    />
  );
}

export function AccessDenied({
  message,
  httpStatus,
  onSignInAgain,
  onRetry,
}: {
  message: string;
  httpStatus: number;
  onSignInAgain: () => void;
  onRetry: () => void;
}) {
  const { i18n } = useLingui();
  const denied = httpStatus === 403;
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center" data-testid="admin-access-denied">
      <ShieldAlert className="mx-auto h-12 w-12 text-red-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-stone-900">
        {denied ? i18n._("Access denied") : i18n._("Could not verify admin access")}
      </h1>
      <p role="alert" className="mt-2 text-stone-700">
        {shopperMessage(i18n, message)}
      </p>
      <p className="mt-2 text-sm text-stone-500">
        {denied
          ? i18n._(
              "This area is for shop administrators. Sign in with an admin account to continue.",
            )
          : i18n._("Check your connection and try again, or sign in again.")}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {httpStatus === 0 || httpStatus >= 500 ? (
          <Button onClick={onRetry}>{i18n._("Try again")}</Button>
        ) : null}
        <Button variant="outline" onClick={onSignInAgain}>
          {i18n._("Sign in with another account")}
        </Button>
        <Button variant="ghost" asChild>
          <Link to="/">{i18n._("Back to the shop")}</Link>
        </Button>
      </div>
    </div>
  );
}
