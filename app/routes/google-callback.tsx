import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState } from "react";
import { redirect, useNavigate } from "react-router";
import {
  AuthCard,
  FormMessage,
  GOOGLE_SIGN_IN_INCOMPLETE,
  googleFailureInAddress,
  googleSignInFailure,
} from "~/components/auth/auth-card";
import { Spinner } from "~/components/ui/spinner";
import { errorMessage, removeToken, setToken } from "~/lib/api-client";
import {
  countGoogleCallbackVisit,
  MAX_GOOGLE_CALLBACK_VISITS,
  resetGoogleCallbackVisits,
  safeRedirectPath,
  takeRedirectAfterLogin,
  useAuth,
} from "~/lib/auth";
import { LocalLink, metaI18n, useLocalizedPath } from "~/lib/i18n/i18n";
import type { Route } from "./+types/google-callback";

/** Shown when the token in the address did not come from this browser's own Google sign-in. */
export const NOT_THIS_BROWSER =
  "This Google sign-in was not started in this browser. Please sign in again.";

/**
 * Whether the callback that issued `?token=` left its fingerprint in this browser's cookies: a link
 * carrying someone else's token (forced sign-in) must not sign anyone in. Google itself returns a
 * refusal (`?error=access_denied&state=`, no code) to the English address registered with it: a
 * sign-in started on a Bangla page goes on to the Bangla screen.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const state = url.searchParams.get("state");
  if (
    state &&
    !url.pathname.startsWith("/bn/") &&
    context.services.auth.googleStateLocale(state) === "bn"
  ) {
    const error = url.searchParams.get("error");
    throw redirect(`/bn${url.pathname}${error ? `?${new URLSearchParams({ error })}` : ""}`);
  }
  return {
    tokenRefused:
      token !== null &&
      !context.services.auth.googleHandoffConfirmed(request.headers.get("cookie"), token),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const { i18n } = metaI18n(matches);
  return [{ title: i18n._("Signing you in — Tweest") }, { name: "robots", content: "noindex" }];
}

/**
 * /auth/google/callback?token=JWT: stores the token (only one this browser's sign-in
 * produced, see the loader), loads the profile, adds the pending cart item, then goes to
 * redirectAfterLogin or /. 'google_callback_visits' stops redirect loops.
 */
export default function GoogleCallback({ loaderData }: Route.ComponentProps) {
  const { tokenRefused } = loaderData;
  const { i18n } = useLingui();
  const localizedPath = useLocalizedPath();
  const { finishSignIn } = useAuth();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(tokenRefused ? NOT_THIS_BROWSER : null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(window.location.search);
    const token = params.get("token");
    if (tokenRefused) {
      // Never stored; out of the address bar and history too.
      window.history.replaceState(window.history.state, "", window.location.pathname);
      return;
    }
    const visits = countGoogleCallbackVisit();
    if (visits > MAX_GOOGLE_CALLBACK_VISITS) {
      resetGoogleCallbackVisits();
      removeToken();
      setFailure("Google sign-in keeps coming back here. Please sign in again.");
      return;
    }
    if (!token) {
      setFailure(
        googleFailureInAddress(
          params.get("message") ?? params.get("error") ?? GOOGLE_SIGN_IN_INCOMPLETE,
        ),
      );
      return;
    }
    setToken(token);
    // Drop the token from the address bar and history.
    window.history.replaceState(window.history.state, "", window.location.pathname);
    finishSignIn()
      .then(() => {
        resetGoogleCallbackVisits();
        // The server passes back the redirect it was started with; else redirectAfterLogin; else /.
        const stored = takeRedirectAfterLogin();
        navigate(localizedPath(safeRedirectPath(params.get("redirect")) ?? stored), {
          replace: true,
        });
      })
      .catch((error: unknown) => setFailure(errorMessage(error)));
  }, [finishSignIn, navigate, tokenRefused, localizedPath]);

  return (
    <AuthCard title={i18n._("Signing you in")}>
      {failure ? (
        <div className="space-y-4">
          <FormMessage kind="error">{googleSignInFailure(i18n, failure)}</FormMessage>
          <LocalLink
            to="/login"
            className="inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            {i18n._("Back to sign in")}
          </LocalLink>
        </div>
      ) : (
        <div className="flex items-center gap-3 text-stone-600">
          <Spinner />
          <span>{i18n._("Finishing Google sign-in…")}</span>
        </div>
      )}
    </AuthCard>
  );
}
