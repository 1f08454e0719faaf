/**
 * The /admin/* guard (spec §2, §6, §8): without a stored token the visitor goes to /login and the wanted
 * path plus query is remembered in localStorage 'redirectAfterLogin'; with one, the server decides
 * (GET /api/users/verify-admin, 10 s) and the spec's texts are shown for timeout, 401, 403 and others.
 * Real rights always come from the server: every admin call is checked again there.
 */
import { ShieldAlert } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { ApiError, getToken, MESSAGES, removeToken } from "~/lib/api-client";
import { rememberRedirectAfterLogin, useAuth } from "~/lib/auth";

/** The verify call already maps timeout, 401 and 403 to the spec's texts; anything else without a text. */
function guardMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : MESSAGES.adminFailed;
}

type GuardState =
  | { status: "checking" }
  | { status: "admin" }
  | { status: "refused"; message: string; httpStatus: number };

export function AdminGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const auth = useAuth();
  const verifyAdmin = useRef(auth.verifyAdmin);
  verifyAdmin.current = auth.verifyAdmin;
  const [state, setState] = useState<GuardState>({ status: "checking" });
  const wanted = `${location.pathname}${location.search}`;
  const wantedRef = useRef(wanted);
  wantedRef.current = wanted;

  // Wait for the start-up profile check (spec §2): a rejected token is removed there (-> /login).
  const ready = auth.ready;
  useEffect(() => {
    if (!ready) return;
    let alive = true;
    if (!getToken()) {
      rememberRedirectAfterLogin(wantedRef.current);
      navigate("/login", { replace: true });
      return;
    }
    verifyAdmin
      .current()
      .then((isAdmin) => {
        if (!alive) return;
        setState(
          isAdmin
            ? { status: "admin" }
            : { status: "refused", message: MESSAGES.adminDenied, httpStatus: 403 },
        );
      })
      .catch((error: unknown) => {
        if (!alive) return;
        setState({
          status: "refused",
          message: guardMessage(error),
          httpStatus: error instanceof ApiError ? error.status : 0,
        });
      });
    return () => {
      alive = false;
    };
  }, [ready, navigate]);

  if (state.status === "checking") {
    return (
      <div
        className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-stone-600"
        data-testid="admin-checking"
      >
        <Spinner label="Checking admin access" />
        <p className="text-sm">Checking admin access…</p>
      </div>
    );
  }
  if (state.status === "refused") {
    return (
      <AccessDenied
        message={state.message}
        httpStatus={state.httpStatus}
        onSignInAgain={() => {
          removeToken();
          rememberRedirectAfterLogin(wanted);
          navigate("/login");
        }}
        onRetry={() => {
          setState({ status: "checking" });
          verifyAdmin
            .current()
            .then((isAdmin) =>
              setState(
                isAdmin
                  ? { status: "admin" }
                  : { status: "refused", message: MESSAGES.adminDenied, httpStatus: 403 },
              ),
            )
            .catch((error: unknown) =>
              setState({
                status: "refused",
                message: guardMessage(error),
                httpStatus: error instanceof ApiError ? error.status : 0,
              }),
            );
        }}
      />
    );
  }
  return <>{children}</>;
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
  const denied = httpStatus === 403;
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center" data-testid="admin-access-denied">
      <ShieldAlert className="mx-auto h-12 w-12 text-red-600" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-stone-900">
        {denied ? "Access denied" : "Could not verify admin access"}
      </h1>
      <p role="alert" className="mt-2 text-stone-700">
        {message}
      </p>
      <p className="mt-2 text-sm text-stone-500">
        {denied
          ? "This area is for shop administrators. Sign in with an admin account to continue."
          : "Check your connection and try again, or sign in again."}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {httpStatus === 0 || httpStatus >= 500 ? (
          <Button onClick={onRetry}>Try again</Button>
        ) : null}
        <Button variant="outline" onClick={onSignInAgain}>
          Sign in with another account
        </Button>
        <Button variant="ghost" asChild>
          <Link to="/">Back to the shop</Link>
        </Button>
      </div>
    </div>
  );
}
