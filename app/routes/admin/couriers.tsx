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
import { COURIER_IDS, CourierSettingsUpdate } from "#contract/couriers";
import { useLingui } from "@lingui/react";
import { backOfficeI18n } from "~/components/admin/admin-i18n";
import { courierName } from "~/components/admin/courier-name";
import type { Route } from "./+types/couriers";

/**
 * The couriers' settings (docs/couriers.md, "Configuration"): one form per courier with its
 * credentials (secrets only ever shown as set / not set; typing one replaces it), its defaults and
 * its switch. The fields come from the server's answer, so a courier's new field appears here.
 */
export function meta() {
  return [{ title: `${backOfficeI18n._("Couriers")} — Tweest admin` }];
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { couriers: await loadForAdmin(request, () => api.admin.couriers()) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, id, body } = await readSubmission(request);
  const courier = COURIER_IDS.find((known) => known === id);
  if (intent !== "save" || !courier) return unknownIntent(intent);
  return runAdminAction(
    () => api.admin.saveCourier(courier, parseSubmitted(CourierSettingsUpdate, body)),
    i18n._("{name} saved", { name: courierName(i18n, courier) }),
  );
}

export default function AdminCouriers({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <ProviderSettingsPage
      title={i18n._("Couriers")}
      description={i18n._(
        "Each courier's credentials and defaults. Saved credentials are encrypted and never shown again; type a new value to replace one.",
      )}
      loaded={useLoadedData(loaderData.couriers)}
      stillSaved={i18n._("defaults and switches")}
    >
      {(answer) =>
        answer.couriers.map((courier) => (
          <ProviderSettingsForm
            key={courier.id}
            provider={{ ...courier, name: courierName(i18n, courier.name) }}
            testIdPrefix="courier"
            switchLabel={i18n._("Offer {name} for bookings", {
              name: courierName(i18n, courier.name),
            })}
            readyLabel={i18n._("Ready to book")}
            emptyNote={i18n._(
              "Nothing to sign in to: the owner types the courier's name and tracking number when shipping.",
            )}
          />
        ))
      }
    </ProviderSettingsPage>
  );
}
