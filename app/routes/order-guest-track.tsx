import { useLingui } from "@lingui/react";
import { PackageSearch } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useSearchParams } from "react-router";
import { OrderSummary } from "~/components/order/order-summary";
import { PayNow } from "~/components/order/pay-now";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { Skeleton } from "~/components/ui/skeleton";
import { api, errorMessage, type OrderTracking } from "~/lib/api-client";
import { checkWith, schemaOrNetworkError, type FieldMessages } from "~/lib/form-validation";
import { metaI18n } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import { normalizeOrderNumber } from "#contract/order-number";
import type { Route } from "./+types/order-guest-track";

/**
 * The form's schema (the API's own rules and messages), fetched when first needed: zod stays out
 * of the page's first JavaScript, and the form starts the download as soon as it is touched.
 */
const loadTrackOrderForm = () =>
  import("~/lib/storefront-schemas").then((schemas) => schemas.TrackOrderForm);

export function meta({ matches }: Route.MetaArgs) {
  const { i18n } = metaI18n(matches);
  return [{ title: i18n._("Track your order — Tweest") }, { name: "robots", content: "noindex" }];
}

type State =
  | { status: "idle" | "loading" }
  | { status: "ready"; order: OrderTracking }
  | { status: "error"; message: string };

const FIELDS = ["orderNumber", "phone"] as const;

/**
 * Order tracking for anyone with the order number and the mobile used at checkout (either digit
 * script): `/order/track` asks for both; `/order/guest/track/{id}` is the confirmation's link (with
 * its `?token`) or an order page's "track it with your mobile number" (the path names the order,
 * only the mobile is asked). Fetched in the browser through the rate-limited API, never in a loader,
 * so the page cannot be used to try numbers faster than the API allows; the mobile is not put in the
 * URL (a form sent before the page's script ran still works: `?number=&phone=`).
 */
export default function TrackOrder({ params }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  // The path's order when it is a database id (its number is unknown until the answer comes).
  const pathNumber = params.id ? normalizeOrderNumber(params.id) : undefined;
  const pathOrderId = params.id && !pathNumber ? params.id : undefined;
  const initialNumber = pathNumber ?? searchParams.get("number") ?? "";
  const token = searchParams.get("token") ?? "";
  const phoneInUrl = searchParams.get("phone") ?? "";
  const [state, setState] = useState<State>({ status: "idle" });
  const [errors, setErrors] = useState<FieldMessages>({});

  function lookUp(order: string, credentials: { phone?: string; token?: string }) {
    let live = true;
    setState({ status: "loading" });
    api.orders
      .guestTrack(order, credentials)
      .then((found) => live && setState({ status: "ready", order: found }))
      .catch(
        (error: unknown) => live && setState({ status: "error", message: errorMessage(error) }),
      );
    return () => {
      live = false;
    };
  }

  // The confirmation's link (token), or a form sent before the page's script ran (?phone).
  useEffect(() => {
    const order = pathOrderId ?? initialNumber;
    if (!order || (!token && !phoneInUrl)) return;
    const key = pathOrderId ?? normalizeOrderNumber(order) ?? order;
    if (token) return lookUp(key, { token });
    let cancelled = false;
    let stop: (() => void) | undefined;
    void schemaOrNetworkError(
      loadTrackOrderForm,
      (message) => !cancelled && setState({ status: "error", message }),
    ).then((form) => {
      if (!form || cancelled) return;
      const checked = checkWith(form.shape.phone, phoneInUrl, []);
      if (checked.ok) stop = lookUp(key, { phone: checked.value });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [pathOrderId, initialNumber, token, phoneInUrl]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const schema = await schemaOrNetworkError(loadTrackOrderForm, (message) =>
      setState({ status: "error", message }),
    );
    if (!schema) return;
    const checked = checkWith(
      pathOrderId ? schema.pick({ phone: true }) : schema,
      {
        orderNumber: String(form.get("number") ?? ""),
        phone: String(form.get("phone") ?? ""),
      },
      FIELDS,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById(checked.errors.orderNumber ? "track-number" : "track-phone")?.focus();
      return;
    }
    setErrors({});
    const { orderNumber, phone } = checked.value as { orderNumber?: string; phone: string };
    lookUp(orderNumber ?? pathOrderId!, { phone });
  }

  const errorOf = (name: (typeof FIELDS)[number]) =>
    errors[name] ? shopperMessage(i18n, errors[name]) : undefined;
  const found = state.status === "ready" ? state.order : undefined;

  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1
        className="flex items-center gap-2 text-2xl font-extrabold sm:text-3xl"
        data-testid="track-heading"
      >
        <PackageSearch className="h-7 w-7 shrink-0 text-brand-600" aria-hidden="true" />{" "}
        {found ? (
          <span>
            {i18n._("Order")}{" "}
            <span translate="no" className="whitespace-nowrap">
              {found.orderNumber}
            </span>
          </span>
        ) : (
          i18n._("Track your order")
        )}
      </h1>

      {!found && (
        <Form
          method="get"
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          onFocus={() => void loadTrackOrderForm().catch(() => undefined)}
          className="mt-5 space-y-3 rounded-lg border border-stone-200 bg-white p-4"
        >
          <p className="text-sm text-stone-600">
            {pathOrderId
              ? i18n._("Enter the mobile number you ordered with.")
              : i18n._(
                  "Enter the order number from your confirmation or SMS and the mobile number you ordered with.",
                )}
          </p>
          {!pathOrderId && (
            <Field id="track-number" label={i18n._("Order number")} error={errorOf("orderNumber")}>
              <Input
                id="track-number"
                name="number"
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                placeholder="TW-250101-AB23"
                defaultValue={initialNumber}
                aria-invalid={errors.orderNumber ? true : undefined}
                required
              />
            </Field>
          )}
          <Field
            id="track-phone"
            label={i18n._("Mobile number used at checkout")}
            error={errorOf("phone")}
          >
            <Input
              id="track-phone"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="01712345678"
              defaultValue={phoneInUrl}
              aria-invalid={errors.phone ? true : undefined}
              required
            />
          </Field>
          <Button type="submit" disabled={state.status === "loading"}>
            {state.status === "loading" ? i18n._("Finding your order…") : i18n._("Track order")}
          </Button>
        </Form>
      )}

      <div className="mt-5" aria-live="polite">
        {state.status === "loading" && (
          <div className="space-y-3" aria-busy="true" aria-label={i18n._("Loading your order")}>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        )}
        {state.status === "error" && (
          <p
            role="alert"
            className="rounded-md bg-red-50 p-4 text-sm text-red-700"
            data-testid="track-error"
          >
            {shopperMessage(i18n, state.message)}
          </p>
        )}
        {found && (
          <div data-testid="tracked-order" className="space-y-4">
            {token && found.orderStatus === "PENDING" && <PayNow order={found} token={token} />}
            <OrderSummary order={found} />
            <Button type="button" variant="outline" onClick={() => setState({ status: "idle" })}>
              {i18n._("Track another order")}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
