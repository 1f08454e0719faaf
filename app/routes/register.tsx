import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AuthCard, FormMessage, GoogleSignInLink } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { errorMessage } from "~/lib/api-client";
import { signInScreenHref, takeSignInDestination, useAuth } from "~/lib/auth";
import { RegisterForm } from "~/lib/storefront-schemas";
import type { Route } from "./+types/register";

/** The form's fields as typed; RegisterForm (POST /auth/signup's schema) checks and normalises them. */
type RegisterValues = z.input<typeof RegisterForm>;

export function meta(_: Route.MetaArgs) {
  return [
    { title: "Create an account — Tweest" },
    { name: "description", content: "Create your Tweest account." },
    { name: "robots", content: "noindex" },
  ];
}

const FIELDS: {
  name: keyof RegisterValues;
  label: string;
  type: string;
  autoComplete: string;
  hint?: string;
}[] = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "family-name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  {
    name: "mobile",
    label: "Mobile (optional)",
    type: "tel",
    autoComplete: "tel",
    hint: "Bangladeshi number, e.g. 01712345678",
  },
  {
    name: "password",
    label: "Password",
    type: "password",
    autoComplete: "new-password",
    hint: "At least 8 characters",
  },
  {
    name: "confirmPassword",
    label: "Repeat password",
    type: "password",
    autoComplete: "new-password",
  },
];

export default function Register() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Kept from the sign-in screen ("Create an account"), e.g. /product/... to go back to.
  const redirectParam = searchParams.get("redirect");
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm<RegisterValues, unknown, z.output<typeof RegisterForm>>({
    resolver: zodResolver(RegisterForm),
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
      navigate(takeSignInDestination(redirectParam), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <AuthCard
      title="Create an account"
      subtitle={
        <>
          Already have one?{" "}
          <Link
            to={signInScreenHref("/login", redirectParam)}
            className="font-semibold text-brand-600 hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        noValidate
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      >
        {FIELDS.map((field) => {
          const id = `register-${field.name}`;
          const error = errors[field.name]?.message;
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
          {failure && <FormMessage kind="error">{failure}</FormMessage>}
          {done && <FormMessage kind="success">Account created. Welcome to Tweest!</FormMessage>}
          <Button type="submit" className="w-full" size="lg" disabled={isSubmitting}>
            {isSubmitting ? <Spinner size={18} thickness={4} className="text-white" /> : null}
            {isSubmitting ? "Creating your account…" : "Create account"}
          </Button>
        </div>
      </form>
      <GoogleSignInLink
        label="Sign up with Google"
        redirectParam={redirectParam}
        className="mt-5"
      />
    </AuthCard>
  );
}
