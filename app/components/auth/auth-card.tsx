import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { googleRefusalOr } from "#contract/google-sign-in";
import { googleSignInUrl } from "~/lib/api-client";
import { safeRedirectPath } from "~/lib/auth";
import { useLocale } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { cn } from "~/lib/utils";
import type { loader as rootLoader } from "~/root";

/** The frame of the sign-in screens: one narrow card, centred, mobile first. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
      <div className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-stone-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/** A form-level message: failure (role=alert) or success (role=status). */
export function FormMessage({
  kind,
  children,
}: {
  kind: "error" | "success";
  children: ReactNode;
}) {
  return (
    <p
      role={kind === "error" ? "alert" : "status"}
      data-testid={kind === "error" ? "form-error" : "form-success"}
      className={
        kind === "error"
          ? "rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-700"
          : "rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800"
      }
    >
      {children}
    </p>
  );
}

export const GOOGLE_SIGN_IN_INCOMPLETE = "Google sign-in did not complete.";

/**
 * Why a Google sign-in failed (the callback screen, and the sign-in screen's `?error=`), in the
 * page's language. Google's own codes (`access_denied`, …) and any text no message knows are, on a
 * Bangla page, "Google sign-in did not complete." in Bangla; English pages show the text as it came
 * (a text from the address has been through googleFailureInAddress first).
 */
export function googleSignInFailure(i18n: I18n, failure: string): string {
  const shown = shopperMessage(i18n, failure);
  return i18n.locale !== "en" && shown === failure ? i18n._(GOOGLE_SIGN_IN_INCOMPLETE) : shown;
}

/**
 * A failure the address names (`/login?error=`, the callback screen's `?error=`): only one of the
 * shop's own refusal texts; anyone can write such a link, so any other text (Google's codes, a
 * made-up warning on the sign-in form) is "Google sign-in did not complete.".
 */
export function googleFailureInAddress(text: string): string {
  return googleRefusalOr(text, GOOGLE_SIGN_IN_INCOMPLETE);
}

/**
 * "Continue with Google" / "Sign up with Google", only when the shop has Google sign-in configured
 * (the root loader says so); otherwise nothing, since /auth/google would answer 503.
 */
export function GoogleSignInLink({
  label,
  redirectParam,
  divider = false,
  className,
}: {
  label: string;
  redirectParam: string | null;
  /** An "or" rule above the link (the sign-in screen). */
  divider?: boolean;
  className?: string;
}) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const enabled = useRouteLoaderData<typeof rootLoader>("root")?.googleSignIn ?? false;
  if (!enabled) return null;
  const link = (
    <a
      href={googleSignInUrl(safeRedirectPath(redirectParam) ?? undefined, locale)}
      className={cn(
        "flex h-11 w-full items-center justify-center gap-2 rounded-md border border-stone-300 bg-white text-sm font-semibold hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
        className,
      )}
    >
      <GoogleIcon />
      {label}
    </a>
  );
  if (!divider) return link;
  return (
    <>
      <div className="my-5 flex items-center gap-3 text-xs text-stone-500" aria-hidden="true">
        <span className="h-px flex-1 bg-stone-200" /> {i18n._("or")}{" "}
        <span className="h-px flex-1 bg-stone-200" />
      </div>
      {link}
    </>
  );
}

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z"
      />
    </svg>
  );
}
