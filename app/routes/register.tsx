import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { useNavigate, useSearchParams } from "react-router";
import { AuthCard, FormMessage, GoogleSignInLink } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { errorMessage } from "~/lib/api-client";
import { signInScreenHref, takeSignInDestination, useAuth } from "~/lib/auth";
import { LocalLink, metaI18n, useLocalizedPath } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { schemaOnFirstUse } from "~/lib/schema-on-first-use";
import type { RegisterForm } from "~/lib/storefront-schemas";
import type { Route } from "./+types/register";

/** The form's fields as typed; RegisterForm (POST /auth/signup's schema) checks and normalises them. */
type RegisterValues = z.input<typeof RegisterForm>;

const registerSchema = schemaOnFirstUse(() =>
  import("~/lib/storefront-schemas").then((schemas) => schemas.RegisterForm),
);

export function meta({ matches }: Route.MetaArgs) {
  const { i18n } = metaI18n(matches);
  return [
    { title: i18n._("Create an account — Tweest") },
    { name: "description", content: i18n._("Create your Tweest account.") },
    { name: "robots", content: "noindex" },
  ];
}

/** The form's fields, labelled in the page's language. */
const fields = (
  i18n: I18n,
): {
  name: keyof RegisterValues;
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
}[] => [
  { name: "firstName", label: i18n._("First name"), type: "text", autoComplete: "given-name" },
  { name: "lastName", label: i18n._("Last name"), type: "text", autoComplete: "family-name" },
  { name: "email", label: i18n._("Email"), type: "email", autoComplete: "email" },
  {
    name: "mobile",
    label: i18n._("Mobile (optional)"),
    type: "tel",
    autoComplete: "tel",
    hint: i18n._("Bangladeshi number, e.g. 01712345678"),
  },
  {
    name: "password",
    label: i18n._("Password"),
    type: "password",
    autoComplete: "new-password",
    hint: i18n._("At least 8 characters"),
  },
  {
    name: "confirmPassword",
    label: i18n._("Repeat password"),
    type: "password",
    autoComplete: "new-password",
  },
];

export default function Register() {
  const { i18n } = useLingui();
  const localizedPath = useLocalizedPath();
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Kept from the sign-in screen ("Create an account"), e.g. /product/... to go back to.
  const redirectParam = searchParams.get("redirect");
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<RegisterValues, unknown, z.output<typeof RegisterForm>>({
    resolver: registerSchema.resolver,
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      mobile: "",
      password: "",
      confirmPassword: "",
    },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit({
    confirmPassword: _confirm,
    mobile,
    ...values
  }: z.output<typeof RegisterForm>) {
    setFailure(null);
    try {
      await auth.register({ ...values, ...(mobile ? { mobile } : {}) });
      await auth.finishSignIn();
      setDone(true);
      navigate(localizedPath(takeSignInDestination(redirectParam)), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <AuthCard
      title={i18n._("Create an account")}
      subtitle={
        <>
          {i18n._("Already have one?")}{" "}
          <LocalLink
            to={signInScreenHref("/login", redirectParam)}
            className="font-semibold text-brand-600 hover:underline"
          >
            {i18n._("Sign in")}
          </LocalLink>
        </>
      }
    >
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        onFocus={registerSchema.prefetch}
        noValidate
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        {fields(i18n).map((field) => {
          const id = `register-${field.name}`;
          const message = errors[field.name]?.message;
          const error = message ? shopperMessage(i18n, message) : undefined;
          const wide = !["firstName", "lastName"].includes(field.name);
          return (
            <Field
              key={field.name}
              id={id}
              label={field.label}
              error={error}
              hint={field.hint}
              className={wide ? "sm:col-span-2" : undefined}
            >
              <Input
                id={id}
                type={field.type}
                autoComplete={field.autoComplete}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : field.hint ? `${id}-hint` : undefined}
                {...form.register(field.name)}
              />
            </Field>
          );
        })}
        <div className="space-y-4 sm:col-span-2">
          {(failure ?? errors.root?.message) && (
            <FormMessage kind="error">
              {shopperMessage(i18n, failure ?? errors.root?.message ?? "")}
            </FormMessage>
          )}
          {done && (
            <FormMessage kind="success">
              {i18n._("Account created. Welcome to Tweest!")}
            </FormMessage>
          )}
          <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
            {isSubmitting ? <Spinner size={18} thickness={4} className="text-white" /> : null}
            {isSubmitting ? i18n._("Creating your account…") : i18n._("Create account")}
          </Button>
        </div>
      </form>
      <GoogleSignInLink
        label={i18n._("Sign up with Google")}
        redirectParam={redirectParam}
        className="mt-5"
      />
    </AuthCard>
  );
}
