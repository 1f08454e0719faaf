import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import {
  AuthCard,
  FormMessage,
  GoogleSignInLink,
  googleFailureInAddress,
  googleSignInFailure,
} from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { errorMessage, getToken } from "~/lib/api-client";
import { signInScreenHref, takeSignInDestination, useAuth } from "~/lib/auth";
import { LocalLink, metaI18n, useLocalizedPath } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { schemaOnFirstUse } from "~/lib/schema-on-first-use";
import type { LoginForm } from "~/lib/storefront-schemas";
import type { Route } from "./+types/login";

/** The form's fields as typed; LoginForm (POST /auth/signin's schema) checks them. */
type LoginValues = z.input<typeof LoginForm>;

const loginSchema = schemaOnFirstUse(() =>
  import("~/lib/storefront-schemas").then((schemas) => schemas.LoginForm),
);

export function meta({ matches }: Route.MetaArgs) {
  const { i18n } = metaI18n(matches);
  return [
    { title: i18n._("Sign in — Tweest") },
    { name: "description", content: i18n._("Sign in to your Tweest account.") },
    { name: "robots", content: "noindex" },
  ];
}

export default function Login() {
  const { i18n } = useLingui();
  const localizedPath = useLocalizedPath();
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // "Sign in" on a product page or its reviews comes here with ?redirect=/product/...
  const redirectParam = searchParams.get("redirect");
  // A refused Google sign-in comes back as /login?error=... (shown in the page's language)
  const googleError = searchParams.get("error");
  const [failure, setFailure] = useState<string | null>(
    googleError && googleSignInFailure(i18n, googleFailureInAddress(googleError)),
  );
  const [done, setDone] = useState(false);
  // While this form signs in, the form itself decides where to go (after the pending cart item).
  const signingIn = useRef(false);
  const form = useForm<LoginValues, unknown, z.output<typeof LoginForm>>({
    resolver: loginSchema.resolver,
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const fieldError = (message: string | undefined) =>
    message ? shopperMessage(i18n, message) : undefined;

  // Already signed in (e.g. back button): go where the shopper wanted to go.
  useEffect(() => {
    if (auth.ready && auth.user && getToken() && !signingIn.current) {
      navigate(localizedPath(takeSignInDestination(redirectParam)), { replace: true });
    }
  }, [auth.ready, auth.user, navigate, redirectParam, localizedPath]);

  async function onSubmit(values: z.output<typeof LoginForm>) {
    setFailure(null);
    signingIn.current = true;
    try {
      await auth.login(values);
      await auth.finishSignIn();
      setDone(true);
      navigate(localizedPath(takeSignInDestination(redirectParam)), { replace: true });
    } catch (error) {
      signingIn.current = false;
      setFailure(errorMessage(error));
    }
  }

  return (
    <AuthCard
      title={i18n._("Sign in")}
      subtitle={
        <>
          {i18n._("New to Tweest?")}{" "}
          <LocalLink
            to={signInScreenHref("/register", redirectParam)}
            className="font-semibold text-brand-600 hover:underline"
          >
            {i18n._("Create an account")}
          </LocalLink>
        </>
      }
    >
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        onFocus={loginSchema.prefetch}
        noValidate
        className="space-y-4"
      >
        <Field id="login-email" label={i18n._("Email")} error={fieldError(errors.email?.message)}>
          <Input
            id="login-email"
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? "login-email-error" : undefined}
            {...form.register("email")}
          />
        </Field>
        <Field
          id="login-password"
          label={i18n._("Password")}
          error={fieldError(errors.password?.message)}
        >
          <Input
            id="login-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? "login-password-error" : undefined}
            {...form.register("password")}
          />
        </Field>
        {(failure ?? errors.root?.message) && (
          <FormMessage kind="error">
            {shopperMessage(i18n, failure ?? errors.root?.message ?? "")}
          </FormMessage>
        )}
        {done && <FormMessage kind="success">{i18n._("Signed in. Taking you back…")}</FormMessage>}
        <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
          {isSubmitting ? <Spinner size={18} thickness={4} className="text-white" /> : null}
          {isSubmitting ? i18n._("Signing in…") : i18n._("Sign in")}
        </Button>
      </form>
      <GoogleSignInLink
        label={i18n._("Continue with Google")}
        redirectParam={redirectParam}
        divider
      />
    </AuthCard>
  );
}
