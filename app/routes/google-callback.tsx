import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AuthCard, FormMessage } from "~/components/auth/auth-card";
import { Spinner } from "~/components/ui/spinner";
import { api, errorMessage, removeToken, setToken } from "~/lib/api-client";
import {
  countGoogleCallbackVisit,
  MAX_GOOGLE_CALLBACK_VISITS,
  resetGoogleCallbackVisits,
  safeRedirectPath,
  takeRedirectAfterLogin,
  useAuth,
} from "~/lib/auth";
import type { Route } from "./+types/google-callback";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Signing you in — Tweest" }, { name: "robots", content: "noindex" }];
}

/**
 * /auth/google/callback?token=JWT: the server first confirms that this browser completed the sign-in
 * that made the token (a link carrying someone else's token must not sign anyone in), then the token
 * is stored, the profile loaded, the pending cart item added, and the browser goes to
 * redirectAfterLogin or /. 'google_callback_visits' stops redirect loops.
 */
export default function GoogleCallback() {
  const { finishSignIn } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const token = params.get("token");
    const visits = countGoogleCallbackVisit();
    if (visits > MAX_GOOGLE_CALLBACK_VISITS) {
      resetGoogleCallbackVisits();
      removeToken();
      setFailure("Google sign-in keeps coming back here. Please sign in again.");
      return;
    }
    if (!token) {
      setFailure(
        params.get("message") ?? params.get("error") ?? "Google sign-in did not complete.",
      );
      return;
    }
    // Drop the token from the address bar and history.
    window.history.replaceState(window.history.state, "", window.location.pathname);
    api.auth
      .confirmGoogleSignIn(token)
      .then(() => {
        setToken(token);
        return finishSignIn();
      })
      .then(() => {
        resetGoogleCallbackVisits();
        // The server passes back the redirect it was started with; else redirectAfterLogin; else /.
        const stored = takeRedirectAfterLogin();
        navigate(safeRedirectPath(params.get("redirect")) ?? stored, { replace: true });
      })
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, [finishSignIn, navigate]);

  return (
    <AuthCard title="Signing you in">
      {failure ? (
        <div className="space-y-4">
          <FormMessage kind="error">{failure}</FormMessage>
          <Link
            to="/login"
            className="inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Back to sign in
          </Link>
        </div>
      ) : (
        <div className="flex items-center gap-3 text-stone-600">
          <Spinner />
          <span>Finishing Google sign-in…</span>
        </div>
      )}
    </AuthCard>
  );
}
