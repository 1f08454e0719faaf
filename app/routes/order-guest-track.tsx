import { useLingui } from "@lingui/react";
import { PackageSearch } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { OrderSummary } from "~/components/order/order-summary";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/input";
import { Skeleton } from "~/components/ui/skeleton";
import { api, errorMessage, type OrderTracking } from "~/lib/api-client";
import { checkWith } from "~/lib/form-validation";
import { normalizeBdMobile, TrackByPhoneForm } from "~/lib/storefront-schemas";
import { metaI18n } from "~/lib/i18n/i18n";
import { shopperMessage } from "~/lib/i18n/shopper-messages";
import type { Route } from "./+types/order-guest-track";

export function meta({ matches }: Route.MetaArgs) {
  const { i18n } = metaI18n(matches);
  return [{ title: i18n._("Track your order — Tweest") }, { name: "robots", content: "noindex" }];
}

type State =
  | { status: "idle" | "loading" }
  | { status: "ready"; order: OrderTracking }
  | { status: "error"; message: string };

/**
 * Guest tracking: the order number/id in the path, and either the mobile number used at checkout or the
 * tracking code from the confirmation link. Fetched in the browser through the (rate-limited) API, never in
 * a loader, so the form cannot be used to guess phone numbers faster than the API allows.
 */
export default function GuestTrack({ params }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const phone = searchParams.get("phone") ?? "";
  const token = searchParams.get("token") ?? "";
  const [state, setState] = useState<State>({ status: "idle" });
  const [phoneError, setPhoneError] = useState<string | null>(null);

  useEffect(() => {
    if (!phone && !token) {
      setState({ status: "idle" });
      return;
    }
    let live = true;
    setState({ status: "loading" });
    api.orders
      .guestTrack(params.id, token ? { token } : { phone: normalizeBdMobile(phone) ?? phone })
      .then((order) => live && setState({ status: "ready", order }))
      .catch(
        (error: unknown) => live && setState({ status: "error", message: errorMessage(error) }),
      );
    return () => {
      live = false;
    };
  }, [params.id, phone, token]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-6">
      <h1 className="flex items-center gap-2 text-2xl font-extrabold sm:text-3xl">
        <PackageSearch className="h-7 w-7 text-brand-600" aria-hidden="true" />{" "}
        {i18n._("Track your order")}
      </h1>
      <p className="mt-1 text-sm text-stone-600">
        {i18n._("Order")}{" "}
        <span className="font-semibold" translate="no">
          {params.id}
        </span>
      </p>

      {state.status !== "ready" && (
        <Form
          method="get"
          className="mt-5 space-y-3 rounded-lg border border-stone-200 bg-white p-4"
          onSubmit={(event) => {
            const checked = checkWith(
              TrackByPhoneForm,
              { phone: String(new FormData(event.currentTarget).get("phone") ?? "") },
              ["phone"],
            );
            if (!checked.ok) {
              event.preventDefault();
              setPhoneError(checked.errors.phone ?? null);
            } else setPhoneError(null);
          }}
        >
          <Field
            id="track-phone"
            label={i18n._("Mobile number used at checkout")}
            error={phoneError ? shopperMessage(i18n, phoneError) : undefined}
          >
            <Input
              id="track-phone"
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="01712345678"
              defaultValue={phone}
              aria-invalid={phoneError ? true : undefined}
              required
            />
          </Field>
          <Button
            type="submit"
            disabled={navigation.state !== "idle" || state.status === "loading"}
          >
            {state.status === "loading" ? i18n._("Finding your order…") : i18n._("Track order")}
          </Button>
          <p className="text-xs text-stone-500">
            {i18n._("Or open the tracking link from your confirmation page.")}
          </p>
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
        {state.status === "ready" && (
          <div data-testid="tracked-order">
            <OrderSummary order={state.order} />
          </div>
        )}
      </div>
    </div>
  );
}
