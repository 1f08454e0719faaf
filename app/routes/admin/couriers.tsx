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
import { COURIER_IDS, COURIER_NAMES, CourierSettingsUpdate } from "#contract/couriers";
import type { Route } from "./+types/couriers";

/**
 * The couriers' settings (docs/couriers.md, "Configuration"): one form per courier with its
 * credentials (secrets only ever shown as set / not set; typing one replaces it), its defaults and
 * its switch. The fields come from the server's answer, so a courier's new field appears here.
 */
export function meta() {
  return [{ title: "Couriers — Tweest admin" }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { couriers: await loadForAdmin(request, () => api.admin.couriers()) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, id, body } = await readSubmission(request);
  const courier = COURIER_IDS.find((known) => known === id);
  if (intent !== "save" || !courier) return unknownIntent(intent);
  return runAdminAction(
    () => api.admin.saveCourier(courier, parseSubmitted(CourierSettingsUpdate, body)),
    `${COURIER_NAMES[courier]} saved`,
  );
}

export default function AdminCouriers({ loaderData }: Route.ComponentProps) {
  return (
    <ProviderSettingsPage
      title="Couriers"
      description="Each courier's credentials and defaults. Saved credentials are encrypted and never shown again; type a new value to replace one."
      loaded={useLoadedData(loaderData.couriers)}
      stillSaved="defaults and switches"
    >
      {(answer) =>
        answer.couriers.map((courier) => (
          <ProviderSettingsForm
            key={courier.id}
            provider={courier}
            testIdPrefix="courier"
            switchLabel={`Offer ${courier.name} for bookings`}
            readyLabel="Ready to book"
            emptyNote="Nothing to sign in to: the owner types the courier's name and tracking number when shipping."
          />
        ))
      }
    </ProviderSettingsPage>
  );
}
