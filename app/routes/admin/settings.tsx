import { useEffect, useState, type ReactNode } from "react";
import { FormProvider, useForm, type Path } from "react-hook-form";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  unknownIntent,
  useAdminAction,
} from "~/components/admin/admin-action";
import {
  ErrorNote,
  formatDate,
  PageHeader,
  Pagination,
  Panel,
  TableSkeleton,
  loadForAdmin,
  useAdminData,
  useLoadedData,
} from "~/components/admin/common";
import { TextField } from "~/components/admin/list";
import {
  DeliveryZonesPanel,
  deliverySettingsOf,
  zoneFieldLabels,
  deliveryValues,
  isZonePath,
  type DeliveryValues,
} from "~/components/admin/delivery-zones-panel";
import {
  SearchSynonymsPanel,
  searchSettingsOf,
  searchValues,
  synonymChanges,
  synonymError,
  type SearchValues,
} from "~/components/admin/search-synonyms-panel";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/input";
import { courierName } from "~/components/admin/courier-name";
import { api } from "~/lib/admin-api-client";
import { ONLINE_PAYMENT_METHOD_NAMES, type OnlinePaymentMethod } from "#contract/payment-methods";
import type { Route } from "./+types/settings";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import {
  backOfficeI18n,
  formatCount,
  localDigits,
  serverText,
} from "~/components/admin/admin-i18n";
import {
  COURIER_RECORD_ACTIONS,
  PHONE_CONFIRMATION_RULES,
  ShopSettings,
  ShopSettingsUpdate,
  type CourierRecordAction,
  type PhoneConfirmationRule,
} from "#contract/schemas/shop-settings";

export function meta() {
  return [{ title: `${backOfficeI18n._("Shop settings")} — Tweest admin` }];
}

/** A settings field's input attributes besides its label and error (hint, inputMode...). */
type FieldProps = Record<string, string>;

/** The form holds what the inputs hold: numbers as typed text, turned into numbers on save. */
interface Values {
  delivery: DeliveryValues;
  orderLimits: {
    perClientAddressPerHour: string;
    perPhonePerDay: string;
    perGuestCartPerDay: string;
  };
  orderCaps: { maxLines: string; maxUnits: string; codPhoneConfirmationAbove: string };
  contact: { phone: string; email: string; address: string; hours: string };
  sms: {
    senderId: string;
    orderTexts: {
      placed: boolean;
      confirmed: boolean;
      shipped: boolean;
      delivered: boolean;
      cancelled: boolean;
      refunded: boolean;
    };
  };
  cod: {
    phoneConfirmation: PhoneConfirmationRule;
    advanceDeliveryCharge: { outsideDhaka: boolean; riskyNumbers: boolean; aboveAmount: string };
    unconfirmedCancelAfterHours: string;
    courierRecord: { action: CourierRecordAction; successRateBelow: string; minParcels: string };
  };
  business: { tradeLicence: string; tin: string; returnDays: string };
  channels: ShopSettings["channels"];
  callList: { keepDays: string };
  stock: { lowStockThreshold: string; dailyDigest: boolean; digestMobile: string };
  courierSuggestion: { minParcels: string; days: string };
  search: SearchValues;
}

/** Every field's label, by its path in the settings (also names the fields in the change log). */
const settingLabels = (i18n: I18n): Record<string, string> => ({
  "delivery.freeDeliveryThreshold": i18n._("Free delivery from (৳)"),
  "delivery.livePrice": i18n._("Courier's live price"),
  "orderLimits.perClientAddressPerHour": i18n._("Orders per network address an hour"),
  "orderLimits.perPhonePerDay": i18n._("Orders per phone number a day"),
  "orderLimits.perGuestCartPerDay": i18n._("Orders per guest cart a day"),
  "orderCaps.maxLines": i18n._("Different items per order"),
  "orderCaps.maxUnits": i18n._("Pieces per order"),
  "orderCaps.codPhoneConfirmationAbove": i18n._("Phone code for COD above (৳)"),
  "contact.phone": i18n._("Phone"),
  "contact.email": i18n._("Email"),
  "contact.address": i18n._("Address"),
  "contact.hours": i18n._("Opening hours"),
  "sms.senderId": i18n._("SMS sender id"),
  "sms.orderTexts.placed": i18n._("SMS: order placed"),
  "sms.orderTexts.confirmed": i18n._("SMS: order confirmed"),
  "sms.orderTexts.shipped": i18n._("SMS: order shipped"),
  "sms.orderTexts.delivered": i18n._("SMS: order delivered"),
  "sms.orderTexts.cancelled": i18n._("SMS: order cancelled"),
  "sms.orderTexts.refunded": i18n._("SMS: order refunded"),
  "cod.phoneConfirmation": i18n._("Phone confirmation for cash on delivery"),
  "cod.advanceDeliveryCharge.outsideDhaka": i18n._("Advance delivery charge: outside Dhaka"),
  "cod.advanceDeliveryCharge.riskyNumbers": i18n._("Advance delivery charge: risky numbers"),
  "cod.advanceDeliveryCharge.aboveAmount": i18n._("Advance delivery charge from (৳)"),
  "cod.unconfirmedCancelAfterHours": i18n._("Cancel unconfirmed orders after (hours)"),
  "cod.courierRecord.action": i18n._("A poor courier record asks for"),
  "cod.courierRecord.successRateBelow": i18n._("Poor: delivered below (%)"),
  "cod.courierRecord.minParcels": i18n._("Of at least (parcels)"),
  "reviews.whoMayReview": i18n._("Who may review (Reviews screen)"),
  "business.tradeLicence": i18n._("Trade licence number"),
  "business.tin": i18n._("TIN (e-TIN)"),
  "business.returnDays": i18n._("Return window (days)"),
  "callList.keepDays": i18n._("Keep incomplete checkouts for (days)"),
  "stock.lowStockThreshold": i18n._("Low stock at or below (pieces)"),
  "stock.dailyDigest": i18n._("Daily low-stock digest"),
  "stock.digestMobile": i18n._("Digest SMS to"),
  "courierSuggestion.minParcels": i18n._("Suggest a courier from (finished parcels)"),
  "courierSuggestion.days": i18n._("Parcels of the last (days)"),
  "channels.whatsapp": i18n._("WhatsApp number"),
  "channels.messenger": i18n._("Messenger (Facebook page user name)"),
  "channels.facebook": i18n._("Facebook page"),
  "channels.instagram": i18n._("Instagram"),
  "channels.youtube": i18n._("YouTube"),
  "channels.tiktok": i18n._("TikTok"),
  "search.synonyms": i18n._("Search synonyms"),
});

const courierRecordActionText = (i18n: I18n, key: CourierRecordAction): string =>
  ({
    none: i18n._("Nothing (shown on the order only)"),
    phoneCode: i18n._("The phone's code"),
    advance: i18n._("The delivery charge in advance"),
  })[key];

const phoneConfirmationText = (i18n: I18n, key: PhoneConfirmationRule): string =>
  ({
    never: i18n._("Never"),
    guests: i18n._("Guest orders"),
    risky: i18n._("Risky numbers"),
    always: i18n._("Every order"),
  })[key];

const ORDER_TEXTS = [
  "placed",
  "confirmed",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
] as const;

/** An order text's checkbox: which order SMS it sends. */
const orderTextLabel = (i18n: I18n, name: (typeof ORDER_TEXTS)[number]) =>
  ({
    placed: i18n._("Order placed"),
    confirmed: i18n._("Order confirmed"),
    shipped: i18n._("Order shipped"),
    delivered: i18n._("Order delivered"),
    cancelled: i18n._("Order cancelled"),
    refunded: i18n._("Order refunded"),
  })[name];

function toValues(settings: ShopSettings): Values {
  const text = <T extends Record<string, number>>(section: T) =>
    Object.fromEntries(Object.entries(section).map(([key, value]) => [key, String(value)])) as {
      [K in keyof T]: string;
    };
  return {
    delivery: deliveryValues(settings.delivery),
    orderLimits: text(settings.orderLimits),
    orderCaps: text(settings.orderCaps),
    contact: { ...settings.contact },
    sms: { senderId: settings.sms.senderId, orderTexts: { ...settings.sms.orderTexts } },
    cod: {
      phoneConfirmation: settings.cod.phoneConfirmation,
      advanceDeliveryCharge: {
        ...settings.cod.advanceDeliveryCharge,
        aboveAmount: String(settings.cod.advanceDeliveryCharge.aboveAmount),
      },
      unconfirmedCancelAfterHours: String(settings.cod.unconfirmedCancelAfterHours),
      courierRecord: {
        action: settings.cod.courierRecord.action,
        successRateBelow: String(settings.cod.courierRecord.successRateBelow),
        minParcels: String(settings.cod.courierRecord.minParcels),
      },
    },
    business: { ...settings.business, returnDays: String(settings.business.returnDays) },
    channels: { ...settings.channels },
    callList: { keepDays: String(settings.callList.keepDays) },
    stock: { ...settings.stock, lowStockThreshold: String(settings.stock.lowStockThreshold) },
    courierSuggestion: {
      minParcels: String(settings.courierSuggestion.minParcels),
      days: String(settings.courierSuggestion.days),
    },
    search: searchValues(settings.search),
  };
}

/** "" and anything not a number stay text, so the schema names the field instead of saving 0. */
const asNumber = (value: string) => (/^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value);

function toSettings(values: Values, current: ShopSettings) {
  const numbers = (section: Record<string, string>) =>
    Object.fromEntries(Object.entries(section).map(([key, value]) => [key, asNumber(value)]));
  return {
    ...current,
    delivery: deliverySettingsOf(values.delivery, asNumber),
    orderLimits: numbers(values.orderLimits),
    orderCaps: numbers(values.orderCaps),
    contact: values.contact,
    sms: values.sms,
    cod: {
      phoneConfirmation: values.cod.phoneConfirmation,
      advanceDeliveryCharge: {
        ...values.cod.advanceDeliveryCharge,
        aboveAmount: asNumber(values.cod.advanceDeliveryCharge.aboveAmount),
      },
      unconfirmedCancelAfterHours: asNumber(values.cod.unconfirmedCancelAfterHours),
      courierRecord: {
        action: values.cod.courierRecord.action,
        successRateBelow: asNumber(values.cod.courierRecord.successRateBelow),
        minParcels: asNumber(values.cod.courierRecord.minParcels),
      },
    },
    business: { ...values.business, returnDays: asNumber(values.business.returnDays) },
    channels: values.channels,
    callList: { keepDays: asNumber(values.callList.keepDays) },
    stock: { ...values.stock, lowStockThreshold: asNumber(values.stock.lowStockThreshold) },
    courierSuggestion: numbers(values.courierSuggestion),
    search: searchSettingsOf(values.search),
  };
}

const show = (i18n: I18n, value: unknown): string =>
  typeof value === "boolean"
    ? value
      ? i18n._("on")
      : i18n._("off")
    : value === "" || value === null
      ? i18n._("(empty)")
      : Array.isArray(value)
        ? value.map((item) => show(i18n, item)).join(", ") || i18n._("(none)")
        : typeof value === "object"
          ? String((value as { name?: unknown }).name ?? JSON.stringify(value))
          : typeof value === "number"
            ? localDigits(String(value))
            : String(value);

/** A zone field's label in the change log (a zone's field by its key), if the form has one. */
function zoneLabelOf(i18n: I18n, zone: string, field: string): string | undefined {
  const labels: Record<string, string> = zoneFieldLabels(i18n, zone);
  return Object.hasOwn(labels, field) ? labels[field] : undefined;
}

/** A courier's or a payment gateway's settings, as the change log names them. */
const PROVIDER_PATH = /^(couriers|paymentGateways)\.([^.]+)\.(.+)$/;

const providerName = (i18n: I18n, kind: string, id: string) =>
  kind === "couriers"
    ? courierName(i18n, id)
    : (ONLINE_PAYMENT_METHOD_NAMES[id as OnlinePaymentMethod] ?? id);

/** A key the screen has no words for (a provider's own field), shown as the code it is. */
const codeLabel = (key: string) => <span translate="no">{key}</span>;

function labelOf(i18n: I18n, path: string): ReactNode {
  const zone = /^delivery\.zones\.([^.]+)(?:\.(.+))?$/.exec(path);
  if (zone) {
    const [, id, field] = zone;
    const zoneLabel = i18n._("Zone {zone}", { zone: id });
    if (!field) return zoneLabel;
    return (
      zoneLabelOf(i18n, zoneLabel, field) ?? (
        <>
          {zoneLabel}: {codeLabel(field)}
        </>
      )
    );
  }
  const fallback = /^delivery\.fallbackZone\.(.+)$/.exec(path);
  if (fallback)
    return (
      zoneLabelOf(i18n, i18n._("Every other place"), fallback[1]!) ?? (
        <>
          {i18n._("Every other place")}: {codeLabel(fallback[1]!)}
        </>
      )
    );
  const provider = PROVIDER_PATH.exec(path);
  if (provider) {
    const [, kind, id, field] = provider;
    const name = providerName(i18n, kind!, id!);
    if (field === "enabled") return i18n._("{provider}: switched on", { provider: name });
    return (
      <>
        <span translate="no">{name}</span>: {codeLabel(field!)}
      </>
    );
  }
  return settingLabels(i18n)[path] ?? codeLabel(path);
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { settings: await loadForAdmin(request, () => api.admin.settings.read()) };
}

/** Saves the whole set with the version loaded; React Router then loads it again (not after a refusal). */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const i18n = backOfficeI18n;
  const { intent, body } = await readSubmission(request);
  if (intent !== "save") return unknownIntent(intent);
  return runAdminAction(
    async () => api.admin.settings.save(parseSubmitted(ShopSettingsUpdate, body)),
    i18n._("Settings saved"),
  );
}

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const LABELS = settingLabels(i18n);
  const loaded = useLoadedData(loaderData.settings);
  const [changesPage, setChangesPage] = useState(1);
  const [changesTick, setChangesTick] = useState(0);
  const changes = useAdminData(
    () => api.admin.settings.changes(changesPage),
    `changes-${changesPage}-${changesTick}`,
  );
  const [stale, setStale] = useState<string | null>(null);
  const form = useForm<Values>();
  const { register, handleSubmit, reset, setError, clearErrors, formState } = form;
  const { errors, isDirty } = formState;
  const answer = loaded.data;
  const save = useAdminAction({
    onSuccess: () => setChangesTick((tick) => tick + 1),
    onFailure: (result) => {
      // 409: someone saved since this form was loaded; the banner offers the latest settings.
      if (result.status === 409) setStale(result.message);
      else
        showErrors(
          result.errors.map((issue) => ({
            path: String(issue.path).replace(/^settings\./, ""),
            message: issue.message,
          })),
        );
    },
  });

  useEffect(() => {
    if (answer) reset(toValues(answer.settings));
  }, [answer, reset]);

  const fieldError = (path: string): string | undefined => {
    let node: unknown = errors;
    for (const part of path.split("."))
      node = (node as Record<string, unknown> | undefined)?.[part];
    return (node as { message?: string } | undefined)?.message;
  };

  function showErrors(issues: { path: string; message: string }[]) {
    for (const issue of issues) {
      const synonym = synonymError(issue.path, issue.message, form.getValues("search"));
      if (synonym) setError(synonym.path as Path<Values>, { message: synonym.message });
      else if (LABELS[issue.path] || isZonePath(issue.path))
        setError(issue.path as Path<Values>, { message: issue.message });
    }
  }

  async function onSubmit(values: Values) {
    if (!answer) return;
    clearErrors();
    setStale(null);
    const checked = ShopSettings.safeParse(toSettings(values, answer.settings));
    if (!checked.success) {
      showErrors(
        checked.error.issues.map((issue) => ({
          path: issue.path.join("."),
          message:
            typeof issue.input === "string" && issue.code === "invalid_type"
              ? i18n._("Enter a number")
              : issue.message,
        })),
      );
      return;
    }
    await save.submit("save", { body: { version: answer.version, settings: checked.data } });
  }

  const field = (path: Path<Values>, props: FieldProps = {}) => (
    <TextField
      id={`settings-${path.replace(/\./g, "-")}`}
      label={LABELS[path]}
      error={fieldError(path)}
      {...props}
      {...register(path)}
    />
  );

  return (
    <div>
      <PageHeader
        title={i18n._("Shop settings")}
        description={i18n._(
          "Delivery zones and charges, order limits and caps, the footer's contact details, SMS and the cash-on-delivery rules. A save is in force on the storefront within seconds.",
        )}
      />
      {loaded.error && <ErrorNote message={loaded.error} onRetry={loaded.reload} />}
      {!answer ? (
        loaded.loading && <TableSkeleton rows={6} />
      ) : (
        <FormProvider {...form}>
          <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
            <DeliveryZonesPanel errorOf={fieldError} />
            <Panel title={i18n._("Order limits")}>
              <div className="grid gap-3 sm:grid-cols-3">
                {field("orderLimits.perClientAddressPerHour", { inputMode: "numeric" })}
                {field("orderLimits.perPhonePerDay", { inputMode: "numeric" })}
                {field("orderLimits.perGuestCartPerDay", { inputMode: "numeric" })}
              </div>
              <p className="mt-2 text-xs text-stone-500">
                {i18n._("Every attempt counts, placed or refused (a typo in the phone code too).")}
              </p>
            </Panel>
            <Panel title={i18n._("Order caps")}>
              <div className="grid gap-3 sm:grid-cols-3">
                {field("orderCaps.maxLines", {
                  inputMode: "numeric",
                  hint: i18n._("A product in one colour and size is one item"),
                })}
                {field("orderCaps.maxUnits", {
                  inputMode: "numeric",
                  hint: i18n._("Every item's quantity added up; larger orders use the bulk form"),
                })}
                {field("orderCaps.codPhoneConfirmationAbove", {
                  inputMode: "numeric",
                  hint: i18n._(
                    "Goods after discounts, every customer, each order; 0 turns this off",
                  ),
                })}
              </div>
            </Panel>
            <Panel title={i18n._("Contact details (storefront footer)")}>
              <div className="grid gap-3 sm:grid-cols-2">
                {field("contact.phone", { inputMode: "tel", hint: i18n._("Empty: not shown") })}
                {field("contact.email", { type: "email" })}
                {field("contact.address")}
                {field("contact.hours", { placeholder: i18n._("Sat–Thu, 10am–8pm") })}
              </div>
            </Panel>
            <Panel title={i18n._("Business registration and returns (footer, shop pages)")}>
              <div className="grid gap-3 sm:grid-cols-3">
                {field("business.tradeLicence", {
                  hint: i18n._("Shown in the footer; empty: not shown"),
                })}
                {field("business.tin", {
                  inputMode: "numeric",
                  hint: i18n._("12 digits; empty: not shown"),
                })}
                {field("business.returnDays", {
                  inputMode: "numeric",
                  hint: i18n._("Written into the return policy of a new shop; 0: no returns"),
                })}
              </div>
            </Panel>
            <Panel title={i18n._("Chat and social links (chat button, footer, Order on WhatsApp)")}>
              <div className="grid gap-3 sm:grid-cols-2">
                {field("channels.whatsapp", {
                  inputMode: "tel",
                  hint: i18n._("Empty: no WhatsApp button"),
                })}
                {field("channels.messenger", {
                  // An example page name, not a word to translate.
                  placeholder: "yourshop",
                  translate: "no",
                  hint: i18n._("As in https://m.me/yourshop; a pasted address is fine"),
                })}
                {field("channels.facebook", { type: "url", placeholder: "https://facebook.com/…" })}
                {field("channels.instagram", {
                  type: "url",
                  placeholder: "https://instagram.com/…",
                })}
                {field("channels.youtube", { type: "url", placeholder: "https://youtube.com/@…" })}
                {field("channels.tiktok", { type: "url", placeholder: "https://tiktok.com/@…" })}
              </div>
            </Panel>
            <SearchSynonymsPanel errorOf={fieldError} />
            <Panel title={i18n._("SMS")}>
              <div className="grid gap-3 sm:grid-cols-2">
                {field("sms.senderId", {
                  hint: i18n._("As registered with the SMS gateway"),
                })}
                <fieldset>
                  <legend className="mb-1 text-sm font-medium text-stone-800">
                    {i18n._("Order texts sent to customers")}
                  </legend>
                  <div className="grid grid-cols-2 gap-2">
                    {ORDER_TEXTS.map((name) => (
                      <label key={name} className="flex items-center gap-2 text-sm">
                        <input type="checkbox" {...register(`sms.orderTexts.${name}`)} />
                        {orderTextLabel(i18n, name)}
                      </label>
                    ))}
                  </div>
                  <p className="mt-1 text-xs text-stone-500">
                    {i18n._("Sign-in codes are always sent.")}
                  </p>
                </fieldset>
              </div>
            </Panel>
            <Panel title={i18n._("Cash on delivery")}>
              <div className="grid gap-3 sm:grid-cols-2">
                <div>
                  <label
                    htmlFor="settings-cod-phoneConfirmation"
                    className="mb-1 block text-sm font-medium text-stone-800"
                  >
                    {LABELS["cod.phoneConfirmation"]}
                  </label>
                  <NativeSelect
                    id="settings-cod-phoneConfirmation"
                    {...register("cod.phoneConfirmation")}
                  >
                    {PHONE_CONFIRMATION_RULES.map((rule) => (
                      <option key={rule} value={rule}>
                        {phoneConfirmationText(i18n, rule)}
                      </option>
                    ))}
                  </NativeSelect>
                  <p className="mt-1 text-xs text-stone-500">
                    {i18n._(
                      "The customer types the code sent to the delivery phone before the order is placed.",
                    )}
                  </p>
                </div>
                {field("cod.unconfirmedCancelAfterHours", {
                  inputMode: "numeric",
                  hint: i18n._(
                    "Nobody confirmed the order in time: cancelled, units released; 0: never",
                  ),
                })}
                <fieldset>
                  <legend className="mb-1 text-sm font-medium text-stone-800">
                    {i18n._("Delivery charge paid online in advance for")}
                  </legend>
                  <div className="grid gap-2">
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        {...register("cod.advanceDeliveryCharge.outsideDhaka")}
                      />
                      {i18n._("Orders outside Dhaka")}
                    </label>
                    <label className="flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        {...register("cod.advanceDeliveryCharge.riskyNumbers")}
                      />
                      {i18n._("Risky numbers")}
                    </label>
                  </div>
                </fieldset>
                {field("cod.advanceDeliveryCharge.aboveAmount", {
                  inputMode: "numeric",
                  hint: i18n._("Orders from this amount after discounts; 0 turns this off"),
                })}
              </div>
            </Panel>
            <Panel title={i18n._("Call list (incomplete checkouts)")}>
              <div className="grid gap-3 sm:grid-cols-3">
                {field("callList.keepDays", {
                  inputMode: "numeric",
                  hint: i18n._(
                    "A checkout left with a mobile typed is deleted after this; 1 to 90",
                  ),
                })}
              </div>
            </Panel>
            <Panel title={i18n._("Suggested courier")}>
              <div className="grid gap-3 sm:grid-cols-3">
                {field("courierSuggestion.minParcels", {
                  inputMode: "numeric",
                  hint: i18n._(
                    "A courier's record in a district counts from this many delivered or returned parcels; 1 to 1000",
                  ),
                })}
                {field("courierSuggestion.days", {
                  inputMode: "numeric",
                  hint: i18n._("Only parcels of orders placed in this period; 30 to 730"),
                })}
              </div>
            </Panel>
            <Panel title={i18n._("Low stock")}>
              <div className="grid gap-3 sm:grid-cols-3">
                {field("stock.lowStockThreshold", {
                  inputMode: "numeric",
                  hint: i18n._("For variants without their own threshold (Stock screen)"),
                })}
                <label className="flex items-center gap-2 self-center text-sm">
                  <input type="checkbox" {...register("stock.dailyDigest")} />
                  {i18n._("{label}: emailed to the owner from 9:00", {
                    label: LABELS["stock.dailyDigest"],
                  })}
                </label>
                {field("stock.digestMobile", {
                  inputMode: "tel",
                  hint: i18n._("Also by SMS to this number; empty: email only"),
                })}
              </div>
            </Panel>
            <Panel title={i18n._("The couriers' record of a number")}>
              <p className="mb-3 text-sm text-stone-600">
                {i18n._(
                  "Steadfast tells how many parcels to the customer's number were delivered and cancelled across every shop. When that record is poor, a cash-on-delivery order may ask for more. It is never refused, and a record that cannot be read asks nothing.",
                )}
              </p>
              <div className="grid gap-3 sm:grid-cols-3">
                <div>
                  <label
                    htmlFor="settings-cod-courierRecord-action"
                    className="mb-1 block text-sm font-medium text-stone-800"
                  >
                    {LABELS["cod.courierRecord.action"]}
                  </label>
                  <NativeSelect
                    id="settings-cod-courierRecord-action"
                    {...register("cod.courierRecord.action")}
                  >
                    {COURIER_RECORD_ACTIONS.map((action) => (
                      <option key={action} value={action}>
                        {courierRecordActionText(i18n, action)}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                {field("cod.courierRecord.successRateBelow", { inputMode: "numeric" })}
                {field("cod.courierRecord.minParcels", {
                  inputMode: "numeric",
                  hint: i18n._("Fewer parcels than this: too few to judge"),
                })}
              </div>
            </Panel>
            {stale && (
              <div
                role="alert"
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                <span>{serverText(stale)}</span>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setStale(null);
                    loaded.reload();
                  }}
                >
                  {i18n._("Load the latest settings")}
                </Button>
              </div>
            )}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-stone-600" data-testid="settings-version">
                {i18n._("Version {version}", { version: formatCount(answer.version) })}
                {answer.updatedBy
                  ? ` · ${i18n._("saved by {who} on {date}", {
                      who: answer.updatedBy.name || answer.updatedBy.email,
                      date: formatDate(answer.updatedAt, true),
                    })}`
                  : ` · ${i18n._("first-start values")}`}
              </p>
              <Button type="submit" disabled={save.pending || !isDirty}>
                {save.pending ? i18n._("Saving…") : i18n._("Save settings")}
              </Button>
            </div>
          </form>
        </FormProvider>
      )}

      <Panel title={i18n._("Change log")} className="mt-6">
        {changes.error && <ErrorNote message={changes.error} onRetry={changes.reload} />}
        {!changes.data ? (
          changes.loading && <TableSkeleton rows={3} />
        ) : changes.data.changes.length === 0 ? (
          <p className="text-sm text-stone-500">{i18n._("No changes saved yet.")}</p>
        ) : (
          <>
            <ol className="divide-y divide-stone-100" aria-label={i18n._("Settings changes")}>
              {changes.data.changes.map((entry) => (
                <li key={entry._id} className="py-2 text-sm">
                  <p className="font-medium text-stone-900">
                    {formatDate(entry.changedAt, true)} ·{" "}
                    {entry.changedBy.name || entry.changedBy.email}
                    <span className="font-normal text-stone-500">
                      {" "}
                      · {i18n._("version {version}", { version: formatCount(entry.version) })}
                    </span>
                  </p>
                  <ul className="mt-1 space-y-0.5 text-stone-700">
                    {entry.fields.map((change) => (
                      <li key={change.path} className="break-words">
                        {labelOf(i18n, change.path)}:{" "}
                        {change.path === "search.synonyms" ? (
                          synonymChanges(change.before, change.after)
                        ) : (
                          <>
                            {show(i18n, change.before)} →{" "}
                            <strong>{show(i18n, change.after)}</strong>
                          </>
                        )}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
            {changes.data.pages > 1 && (
              <Pagination
                page={changes.data.page}
                totalPages={changes.data.pages}
                total={changes.data.total}
                onPage={setChangesPage}
              />
            )}
          </>
        )}
      </Panel>
    </div>
  );
}
