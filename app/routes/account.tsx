import { useLingui } from "@lingui/react";
import { LogOut, Package } from "lucide-react";
import { useState, type ComponentProps } from "react";
import { useForm, type FieldError } from "react-hook-form";
import { Link, redirect, useNavigate } from "react-router";
import { formatDate, formatMoney, formatNumber, localeOfPath, localizePath } from "#contract/i18n";
import { orderStatusWord } from "~/lib/i18n/status-words";
import type { z } from "zod";
import { FormMessage } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { api, ApiError, errorMessage, getToken, type Order, type User } from "~/lib/api-client";
import { AuthReady, rememberRedirectAfterLogin, useAuth } from "~/lib/auth";
import { schemaOrNetworkError, validateInto } from "~/lib/form-validation";
import { LocalLink, metaI18n, useLocale, useLocalizedPath } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { schemaOnFirstUse } from "~/lib/schema-on-first-use";
import type { PasswordForm, ProfileForm } from "~/lib/storefront-schemas";
import type { Route } from "./+types/account";

export function meta({ matches }: Route.MetaArgs) {
  const { i18n } = metaI18n(matches);
  return [{ title: i18n._("My account — Tweest") }, { name: "robots", content: "noindex" }];
}

/** Signed-in screen (token in localStorage): loads in the browser; without a token -> /login, path kept. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  if (!getToken()) {
    rememberRedirectAfterLogin(`${url.pathname}${url.search}`);
    throw redirect(localizePath("/login", localeOfPath(url.pathname)));
  }
  try {
    const answer = (await api.orders.mine()) as Order[] | { orders?: Order[] } | null;
    const orders = Array.isArray(answer) ? answer : (answer?.orders ?? []);
    return { orders, ordersError: null as string | null, redirecting: false };
  } catch (error) {
    // The API client already sends the browser to /login (full page load): keep the spinner meanwhile.
    if (error instanceof ApiError && error.flags.redirectedToLogin) {
      // The client remembered the page the loader started from; the screen wanted is this one.
      rememberRedirectAfterLogin(`${url.pathname}${url.search}`);
      return { orders: [] as Order[], ordersError: null, redirecting: true };
    }
    return { orders: [] as Order[], ordersError: errorMessage(error), redirecting: false };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}

export default function Account({ loaderData }: Route.ComponentProps) {
  if (loaderData.redirecting) return <HydrateFallback />;
  return (
    <AuthReady>
      <AccountScreen orders={loaderData.orders} ordersError={loaderData.ordersError} />
    </AuthReady>
  );
}

function AccountScreen({ orders, ordersError }: { orders: Order[]; ordersError: string | null }) {
  const { i18n } = useLingui();
  const localizedPath = useLocalizedPath();
  const auth = useAuth();
  const navigate = useNavigate();
  const user = auth.user;

  if (!user) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <FormMessage kind="error">
          {shopperMessage(i18n, auth.error ?? "Please login to continue.")}
        </FormMessage>
        <LocalLink to="/login" className="mt-4 inline-block font-semibold text-brand-600">
          {i18n._("Sign in")}
        </LocalLink>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold">{i18n._("My account")}</h1>
          <p className="text-sm text-stone-600" data-testid="account-email">
            {user.firstName} {user.lastName} · {user.email}
          </p>
        </div>
        <div className="flex gap-2">
          {user.isAdmin || user.role === "ADMIN" ? (
            <Button asChild variant="outline" size="sm">
              <Link to="/admin">{i18n._("Back office")}</Link>
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              auth.logout();
              navigate(localizedPath("/"), { replace: true });
            }}
          >
            <LogOut className="h-4 w-4" aria-hidden="true" />
            {i18n._("Sign out")}
          </Button>
        </div>
      </div>

      {auth.requireOTPVerification && (
        <p
          className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          role="status"
        >
          {i18n._("Please verify your mobile number below to finish setting up your account.")}
        </p>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ProfileSection user={user} />
        <PhoneSection user={user} />
        <PasswordSection />
        <OrdersSection orders={orders} error={ordersError} />
      </div>
    </div>
  );
}

function Section({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-stone-200 bg-white p-5 ${className ?? ""}`}
    >
      <h2 id={id} className="mb-4 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

type Outcome = { kind: "success" | "error"; text: string } | null;

// The forms' schemas (zod) load when a form is first touched (schema-on-first-use.ts).
const loadSchemas = () => import("~/lib/storefront-schemas");
const profileSchema = schemaOnFirstUse(() => loadSchemas().then((schemas) => schemas.ProfileForm));
const passwordSchema = schemaOnFirstUse(() =>
  loadSchemas().then((schemas) => schemas.PasswordForm),
);
const prefetchSchemas = () => void loadSchemas().catch(() => undefined);

/** What a form shows under it: its own outcome, else a failure to load its checks. */
const shownOutcome = (outcome: Outcome, root: { message?: string } | undefined): Outcome =>
  outcome ?? (root?.message ? { kind: "error", text: root.message } : null);

/** A labelled input for a react-hook-form field; marked invalid while the field has an error. */
function FormInput({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: FieldError } & Omit<ComponentProps<typeof Input>, "id">) {
  const { i18n } = useLingui();
  return (
    <Field id={id} label={label} error={error?.message && shopperMessage(i18n, error.message)}>
      <Input id={id} aria-invalid={Boolean(error)} {...input} />
    </Field>
  );
}

/** The outcome of the last submit and the submit button of a section's form. */
function FormFooter({
  outcome,
  busy,
  busyLabel,
  label,
}: {
  outcome: Outcome;
  busy: boolean;
  busyLabel: string;
  label: string;
}) {
  const { i18n } = useLingui();
  return (
    <>
      {outcome && (
        <FormMessage kind={outcome.kind}>{shopperMessage(i18n, outcome.text)}</FormMessage>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}

function ProfileSection({ user }: { user: User }) {
  const { i18n } = useLingui();
  const auth = useAuth();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<z.input<typeof ProfileForm>, unknown, z.output<typeof ProfileForm>>({
    resolver: profileSchema.resolver,
    defaultValues: { firstName: user.firstName, lastName: user.lastName, email: user.email },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: z.output<typeof ProfileForm>) {
    setOutcome(null);
    try {
      await auth.updateProfile(values);
      setOutcome({ kind: "success", text: i18n._("Profile saved.") });
    } catch (error) {
      setOutcome({ kind: "error", text: errorMessage(error) });
    }
  }

  return (
    <Section id="profile-heading" title={i18n._("Profile")}>
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        onFocus={profileSchema.prefetch}
        noValidate
        className="space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormInput
            id="profile-first"
            label={i18n._("First name")}
            error={errors.firstName}
            autoComplete="given-name"
            {...form.register("firstName")}
          />
          <FormInput
            id="profile-last"
            label={i18n._("Last name")}
            error={errors.lastName}
            autoComplete="family-name"
            {...form.register("lastName")}
          />
        </div>
        <FormInput
          id="profile-email"
          label={i18n._("Email")}
          error={errors.email}
          type="email"
          autoComplete="email"
          {...form.register("email")}
        />
        <FormFooter
          outcome={shownOutcome(outcome, errors.root)}
          busy={isSubmitting}
          busyLabel={i18n._("Saving…")}
          label={i18n._("Save profile")}
        />
      </form>
    </Section>
  );
}

function PhoneSection({ user }: { user: User }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const auth = useAuth();
  // Checked with the API's own schemas: OtpSendBody to send a code, OtpVerifyBody to verify it.
  const form = useForm<{ phone: string; otp: string }>({
    defaultValues: { phone: user.phone ?? user.mobile ?? "", otp: "" },
  });
  const { errors } = form.formState;
  const [codeSent, setCodeSent] = useState(false);
  const [pending, setPending] = useState<"send" | "verify" | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  async function send() {
    form.clearErrors();
    setOutcome(null);
    const schemas = await schemaOrNetworkError(loadSchemas, (text) =>
      setOutcome({ kind: "error", text }),
    );
    if (!schemas) return;
    const checked = validateInto(
      schemas.OtpSendBody,
      { phone: form.getValues("phone") },
      form.setError,
      ["phone"],
    );
    if (!checked) return;
    setPending("send");
    try {
      await auth.sendOtp(checked.phone, locale);
      setCodeSent(true);
      setOutcome({
        kind: "success",
        text: i18n._("We sent a code to {phone}.", { phone: checked.phone }),
      });
    } catch (error) {
      setOutcome({ kind: "error", text: errorMessage(error) });
    } finally {
      setPending(null);
    }
  }

  async function verify() {
    form.clearErrors();
    setOutcome(null);
    const schemas = await schemaOrNetworkError(loadSchemas, (text) =>
      setOutcome({ kind: "error", text }),
    );
    if (!schemas) return;
    const checked = validateInto(schemas.OtpVerifyBody, form.getValues(), form.setError, [
      "phone",
      "otp",
    ]);
    if (!checked) return;
    setPending("verify");
    try {
      await auth.verifyOtp(checked.phone, checked.otp);
      await auth.updatePhone(checked.phone);
      setCodeSent(false);
      form.setValue("phone", checked.phone);
      form.setValue("otp", "");
      setOutcome({ kind: "success", text: i18n._("Mobile number verified and saved.") });
    } catch (error) {
      setOutcome({ kind: "error", text: errorMessage(error) });
    } finally {
      setPending(null);
    }
  }

  const verified = auth.user?.isOTPVerified === true;

  return (
    <Section id="phone-heading" title={i18n._("Mobile number")}>
      <p className="mb-3 text-sm text-stone-600">
        {verified ? (
          <span className="font-medium text-emerald-700">
            {i18n._("Verified: {phone}", { phone: auth.user?.phone ?? auth.user?.mobile ?? "" })}
          </span>
        ) : (
          i18n._("Not verified yet. We send a one-time code by SMS.")
        )}
      </p>
      <div className="space-y-4" onFocus={prefetchSchemas}>
        <Field
          id="phone-number"
          label={i18n._("Mobile number")}
          hint={i18n._("e.g. 01712345678")}
          error={errors.phone?.message && shopperMessage(i18n, errors.phone.message)}
        >
          <div className="flex gap-2">
            <Input
              id="phone-number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              aria-invalid={Boolean(errors.phone)}
              aria-describedby={errors.phone ? "phone-number-error" : "phone-number-hint"}
              {...form.register("phone")}
            />
            <Button
              type="button"
              variant="outline"
              onClick={send}
              disabled={pending !== null}
              className="shrink-0"
            >
              {pending === "send"
                ? i18n._("Sending…")
                : codeSent
                  ? i18n._("Resend code")
                  : i18n._("Send code")}
            </Button>
          </div>
        </Field>
        {codeSent && (
          <Field
            id="phone-otp"
            label={i18n._("Code from the SMS")}
            error={errors.otp?.message && shopperMessage(i18n, errors.otp.message)}
          >
            <div className="flex gap-2">
              <Input
                id="phone-otp"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={8}
                aria-invalid={Boolean(errors.otp)}
                aria-describedby={errors.otp ? "phone-otp-error" : undefined}
                {...form.register("otp")}
              />
              <Button
                type="button"
                onClick={verify}
                disabled={pending !== null}
                className="shrink-0"
              >
                {pending === "verify" ? i18n._("Verifying…") : i18n._("Verify")}
              </Button>
            </div>
          </Field>
        )}
        {outcome && (
          <FormMessage kind={outcome.kind}>{shopperMessage(i18n, outcome.text)}</FormMessage>
        )}
      </div>
    </Section>
  );
}

function PasswordSection() {
  const { i18n } = useLingui();
  const auth = useAuth();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<z.input<typeof PasswordForm>, unknown, z.output<typeof PasswordForm>>({
    resolver: passwordSchema.resolver,
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit({ currentPassword, newPassword }: z.output<typeof PasswordForm>) {
    setOutcome(null);
    try {
      const message = await auth.changePassword({
        currentPassword: currentPassword ?? "",
        newPassword,
      });
      form.reset();
      setOutcome({ kind: "success", text: message });
    } catch (error) {
      setOutcome({ kind: "error", text: errorMessage(error) });
    }
  }

  if (auth.user?.authProvider === "google") {
    return (
      <Section id="password-heading" title={i18n._("Password")}>
        <p className="text-sm text-stone-600">
          {i18n._("You sign in with Google; there is no password to change.")}
        </p>
      </Section>
    );
  }

  return (
    <Section id="password-heading" title={i18n._("Change password")}>
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        onFocus={passwordSchema.prefetch}
        noValidate
        className="space-y-4"
      >
        <FormInput
          id="password-current"
          label={i18n._("Current password")}
          error={errors.currentPassword}
          type="password"
          autoComplete="current-password"
          {...form.register("currentPassword")}
        />
        <FormInput
          id="password-new"
          label={i18n._("New password")}
          error={errors.newPassword}
          type="password"
          autoComplete="new-password"
          {...form.register("newPassword")}
        />
        <FormInput
          id="password-confirm"
          label={i18n._("Repeat new password")}
          error={errors.confirmPassword}
          type="password"
          autoComplete="new-password"
          {...form.register("confirmPassword")}
        />
        <FormFooter
          outcome={shownOutcome(outcome, errors.root)}
          busy={isSubmitting}
          busyLabel={i18n._("Changing…")}
          label={i18n._("Change password")}
        />
      </form>
    </Section>
  );
}

function OrdersSection({ orders, error }: { orders: Order[]; error: string | null }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  return (
    <Section id="orders-heading" title={i18n._("My orders")} className="lg:col-span-2">
      {error && <FormMessage kind="error">{shopperMessage(i18n, error)}</FormMessage>}
      {!error && orders.length === 0 && (
        <div className="py-6 text-center text-sm text-stone-600">
          <Package className="mx-auto mb-2 h-8 w-8 text-stone-400" aria-hidden="true" />
          {i18n._("No orders yet.")}{" "}
          <LocalLink to="/products" className="font-semibold text-brand-600">
            {i18n._("Start shopping")}
          </LocalLink>
        </div>
      )}
      {orders.length > 0 && (
        <ul className="divide-y divide-stone-100" data-testid="order-history">
          {orders.map((order) => (
            <li key={order._id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <LocalLink
                  to={`/order/${order._id}`}
                  className="font-semibold text-brand-700 hover:underline"
                >
                  {i18n._("Order {number}", {
                    number: order.orderNumber ?? order._id.slice(-8).toUpperCase(),
                  })}
                </LocalLink>
                <p className="text-xs text-stone-500">
                  {order.createdAt ? formatDate(order.createdAt, locale) : ""} ·{" "}
                  {order.orderItems?.length === 1
                    ? i18n._("{number} item", { number: formatNumber(1, locale) })
                    : i18n._("{number} items", {
                        number: formatNumber(order.orderItems?.length ?? 0, locale),
                      })}
                </p>
              </div>
              <div className="text-right">
                <p className="font-semibold">
                  {formatMoney(order.totalDiscountedPrice ?? order.totalPrice, locale)}
                </p>
                <p className="text-xs font-medium text-stone-600" data-testid="order-status-word">
                  {orderStatusWord(order.orderStatus, i18n)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {/* Orders placed as a guest are not in this list: they are found by number and mobile. */}
      <p className="mt-3 text-sm text-stone-600">
        <LocalLink
          to="/order/track"
          className="font-semibold text-brand-700 hover:underline"
          data-testid="account-track-order"
        >
          {i18n._("Track an order placed without signing in")}
        </LocalLink>
      </p>
    </Section>
  );
}
