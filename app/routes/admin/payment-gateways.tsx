import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  unknownIntent,
} from "~/components/admin/admin-action";
import {
  ErrorNote,
  loadForAdmin,
  PageHeader,
  TableSkeleton,
  useLoadedData,
} from "~/components/admin/common";
import { ProviderSettingsForm } from "~/components/admin/provider-settings-form";
import { api } from "~/lib/admin-api-client";
import { ONLINE_PAYMENT_METHOD_NAMES, ONLINE_PAYMENT_METHODS } from "#contract/payment-methods";
import { ProviderSettingsUpdate } from "#contract/provider-settings";
import type { Route } from "./+types/payment-gateways";

/**
 * The payment gateways' settings (docs/payments.md, "A gateway's settings"): one form per gateway
 * with its mode, credentials (only ever shown as set / not set) and switch. The checkout offers a
 * gateway once it is switched on and every required setting is set.
 */
export function meta() {
  return [{ title: "Payment gateways — Tweest admin" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { gateways: await loadForAdmin(request, () => api.paymentGateways.list()) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, id, body } = await readSubmission(request);
  const method = ONLINE_PAYMENT_METHODS.find((known) => known === id);
  if (intent !== "save" || !method) return unknownIntent(intent);
  return runAdminAction(
    () => api.paymentGateways.save(method, parseSubmitted(ProviderSettingsUpdate, body)),
    `${ONLINE_PAYMENT_METHOD_NAMES[method]} saved`,
  );
}

export default function AdminPaymentGateways({ loaderData }: Route.ComponentProps) {
  const loaded = useLoadedData(loaderData.gateways);
  const answer = loaded.data;
  return (
    <div>
      <PageHeader
        title="Payment gateways"
        description="Each gateway's mode and credentials. The checkout offers a gateway once it is switched on and set up. Saved credentials are encrypted and never shown again; type a new value to replace one."
      />
      {loaded.error && <ErrorNote message={loaded.error} onRetry={loaded.reload} />}
      {answer && !answer.canStoreSecrets && (
        <p
          role="status"
          className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          Credentials cannot be saved on this server: SETTINGS_ENCRYPTION_KEY is not set. The
          environment&apos;s values are used; modes and switches can still be saved.
        </p>
      )}
      {!answer ? (
        loaded.loading && <TableSkeleton rows={4} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {answer.gateways.map((gateway) => (
            <ProviderSettingsForm
              key={gateway.id}
              provider={gateway}
              testIdPrefix="gateway"
              switchLabel={`Offer ${gateway.name} at the checkout`}
              readyLabel={gateway.mode === "live" ? "Taking payments" : "Sandbox: test payments"}
            />
          ))}
        </div>
      )}
    </div>
  );
}
