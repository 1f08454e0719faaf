import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  unknownIntent,
} from "~/components/admin/admin-action";
import { loadForAdmin, useLoadedData } from "~/components/admin/common";
import {
  ProviderSettingsForm,
  ProviderSettingsPage,
} from "~/components/admin/provider-settings-form";
import { api } from "~/lib/admin-api-client";
import { ONLINE_PAYMENT_METHOD_NAMES, ONLINE_PAYMENT_METHODS } from "#contract/payment-methods";
import { ProviderSettingsUpdate } from "#contract/provider-settings";
import type { Route } from "./+types/payment-gateways";
import { useLingui } from "@lingui/react";
import { backOfficeI18n } from "~/components/admin/admin-i18n";

/**
 * The payment gateways' settings (docs/payments.md, "A gateway's settings"): one form per gateway
 * with its mode, credentials (only ever shown as set / not set) and switch. The checkout offers a
 * gateway once it is switched on and every required setting is set.
 */
export function meta() {
  return [{ title: `${backOfficeI18n._("Payment gateways")} — Tweest admin` }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { gateways: await loadForAdmin(request, () => api.paymentGateways.list()) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, id, body } = await readSubmission(request);
  const method = ONLINE_PAYMENT_METHODS.find((known) => known === id);
  if (intent !== "save" || !method) return unknownIntent(intent);
  return runAdminAction(
    () => api.paymentGateways.save(method, parseSubmitted(ProviderSettingsUpdate, body)),
    i18n._("{name} saved", { name: ONLINE_PAYMENT_METHOD_NAMES[method] }),
  );
}

export default function AdminPaymentGateways({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <ProviderSettingsPage
      title={i18n._("Payment gateways")}
      description={i18n._(
        "Each gateway's mode and credentials. The checkout offers a gateway once it is switched on and set up. Saved credentials are encrypted and never shown again; type a new value to replace one.",
      )}
      loaded={useLoadedData(loaderData.gateways)}
      stillSaved={i18n._("modes and switches")}
    >
      {(answer) =>
        answer.gateways.map((gateway) => (
          <ProviderSettingsForm
            key={gateway.id}
            provider={gateway}
            testIdPrefix="gateway"
            switchLabel={i18n._("Offer {name} at the checkout", { name: gateway.name })}
            readyLabel={
              gateway.mode === "live" ? i18n._("Taking payments") : i18n._("Sandbox: test payments")
            }
          />
        ))
      }
    </ProviderSettingsPage>
  );
}
