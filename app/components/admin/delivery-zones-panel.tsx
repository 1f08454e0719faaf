import { useId, useMemo, useState } from "react";
import { useFieldArray, useFormContext, type Path } from "react-hook-form";
import { Panel } from "~/components/admin/common";
import { TextField } from "~/components/admin/list";
import { Button } from "~/components/ui/button";
import { Input, NativeSelect } from "~/components/ui/input";
import type { I18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { formatCount, serverText } from "./admin-i18n";
import {
  DISTRICT_LIST,
  findDistrict,
  findThana,
  searchDistricts,
  searchThanas,
} from "#contract/locations";
import {
  LIVE_PRICE_SOURCES,
  MAX_DELIVERY_ZONES,
  type DeliveryZone,
  type FallbackZone,
  type LivePriceSource,
} from "#contract/schemas/delivery-zones";

/** A zone as the form holds it: amounts as typed text ("" threshold: the shop-wide one). */
export interface ZoneDraft {
  id: string;
  name: string;
  nameBn: string;
  charge: string;
  freeDeliveryThreshold: string;
  districts: string[];
  thanas: string[];
}
export type FallbackDraft = Omit<ZoneDraft, "districts" | "thanas">;

export interface DeliveryValues {
  freeDeliveryThreshold: string;
  livePrice: LivePriceSource;
  zones: ZoneDraft[];
  fallbackZone: FallbackDraft;
}

/** Where a delivery charge comes from, as the settings' select offers it. */
const livePriceText = (i18n: I18n, source: LivePriceSource) =>
  ({
    none: i18n._("Always the zone's charge"),
    pathao: i18n._("Pathao's price where Pathao is set up and knows the address"),
  })[source];

function draftOf<Zone extends FallbackZone>(zone: Zone) {
  return {
    ...zone,
    charge: String(zone.charge),
    freeDeliveryThreshold:
      zone.freeDeliveryThreshold === null ? "" : String(zone.freeDeliveryThreshold),
  };
}

/** The settings' delivery section as the form's values. */
export function deliveryValues(delivery: {
  zones: DeliveryZone[];
  fallbackZone: FallbackZone;
  freeDeliveryThreshold: number;
  livePrice: LivePriceSource;
}): DeliveryValues {
  return {
    freeDeliveryThreshold: String(delivery.freeDeliveryThreshold),
    livePrice: delivery.livePrice,
    zones: delivery.zones.map((zone) => ({
      ...draftOf(zone),
      districts: [...zone.districts],
      thanas: [...zone.thanas],
    })),
    fallbackZone: draftOf(delivery.fallbackZone),
  };
}

/** The form's values as the settings' delivery section; `asNumber` leaves bad text for the schema. */
export function deliverySettingsOf(values: DeliveryValues, asNumber: (text: string) => unknown) {
  const amounts = <Draft extends FallbackDraft>(draft: Draft) => ({
    ...draft,
    charge: asNumber(draft.charge),
    freeDeliveryThreshold:
      draft.freeDeliveryThreshold.trim() === "" ? null : asNumber(draft.freeDeliveryThreshold),
  });
  return {
    freeDeliveryThreshold: asNumber(values.freeDeliveryThreshold),
    livePrice: values.livePrice,
    zones: values.zones.map(amounts),
    fallbackZone: amounts(values.fallbackZone),
  };
}

/** Whether an error path belongs to this panel (`delivery.zones.1.thanas.0`). */
export const isZonePath = (path: string) => /^delivery\.(zones|fallbackZone)\b/.test(path);

/** A new zone's id: stable once saved, whatever the zone is renamed to. */
const newZoneId = () => `zone-${Date.now().toString(36)}`;

interface PlaceOption {
  kind: "districts" | "thanas";
  id: string;
  label: string;
}

/**
 * A zone's fields' labels, by their key in the zone: the form's and the settings change log's
 * (`delivery.zones.<id>.charge` is logged as "Zone <id>: charge (৳)").
 */
export const zoneFieldLabels = (i18n: I18n, zone: string) => ({
  name: i18n._("{zone}: name", { zone }),
  nameBn: i18n._("{zone}: Bangla name", { zone }),
  charge: i18n._("{zone}: charge (৳)", { zone }),
  freeDeliveryThreshold: i18n._("{zone}: free delivery from (৳)", { zone }),
});

/** A place's or a zone's name in the back office's language: its Bangla name where it has one. */
const localName = (i18n: I18n, named: { name: string; nameBn?: string } | undefined) =>
  (i18n.locale === "bn" && named?.nameBn) || named?.name || "";

const placeLabel = (i18n: I18n, kind: PlaceOption["kind"], id: string): string => {
  if (kind === "districts") {
    const district = findDistrict(id);
    return district
      ? i18n._("{district} (whole district)", { district: localName(i18n, district) })
      : id;
  }
  const thana = findThana(id);
  return thana
    ? `${localName(i18n, thana)}, ${localName(i18n, findDistrict(thana.district)!)}`
    : id;
};

/** Districts, then thanas of any district, whose names start with what was typed (8 at most). */
function searchPlaces(i18n: I18n, typed: string): PlaceOption[] {
  if (!typed.trim()) return [];
  const districts = searchDistricts(typed).map((district) => ({
    kind: "districts" as const,
    id: district.id,
    label: placeLabel(i18n, "districts", district.id),
  }));
  const thanas = DISTRICT_LIST.flatMap((district) =>
    searchThanas(district.id, typed).map((thana) => ({
      kind: "thanas" as const,
      id: thana.id,
      label: placeLabel(i18n, "thanas", thana.id),
    })),
  );
  return [...districts, ...thanas].slice(0, 8);
}

type ErrorOf = (path: string) => string | undefined;

/**
 * The search's example: place names in both scripts, since either finds a place, the staff
 * member's script first. Names, not words: the input is marked untranslatable.
 */
const placeExamples = (i18n: I18n) =>
  i18n.locale === "bn" ? "সাভার, গাজীপুর, Savar…" : "Savar, Gazipur, সাভার…";

/**
 * The delivery zones of the settings form (docs/delivery-zones.md): each zone's names, charge,
 * own free-delivery threshold and places (districts and thanas, found by the location search),
 * zones added and removed, the fallback zone, the shop-wide threshold and the live price.
 */
export function DeliveryZonesPanel({ errorOf }: { errorOf: ErrorOf }) {
  const { i18n } = useLingui();
  const { control, register, watch } = useFormContext<{ delivery: DeliveryValues }>();
  const { fields, append, remove } = useFieldArray({ control, name: "delivery.zones" });
  const path = (name: string) => name as Path<{ delivery: DeliveryValues }>;
  const field = (name: string, label: string, props: Record<string, string> = {}) => (
    <TextField
      id={`settings-${name.replace(/\./g, "-")}`}
      label={label}
      error={errorOf(name)}
      {...props}
      {...register(path(name))}
    />
  );
  const amounts = (prefix: string, zoneName: string) => {
    const labels = zoneFieldLabels(i18n, zoneName);
    return (
      <>
        {field(`${prefix}.charge`, labels.charge, { inputMode: "numeric" })}
        {field(`${prefix}.freeDeliveryThreshold`, labels.freeDeliveryThreshold, {
          inputMode: "numeric",
          hint: i18n._("Empty: the shop-wide amount; 0: never free here"),
        })}
      </>
    );
  };
  const zones = watch("delivery.zones");
  const fallbackName = localName(i18n, watch("delivery.fallbackZone"));

  return (
    <Panel
      title={i18n._("Delivery zones")}
      actions={
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={fields.length >= MAX_DELIVERY_ZONES}
          onClick={() =>
            append({
              id: newZoneId(),
              name: "",
              nameBn: "",
              charge: "",
              freeDeliveryThreshold: "",
              districts: [],
              thanas: [],
            })
          }
        >
          {i18n._("Add a zone")}
        </Button>
      }
    >
      <p className="mb-3 text-sm text-stone-600">
        {i18n._(
          "Each zone charges its districts and thanas; a thana listed in a zone wins over its district's zone. Every place no zone lists is charged as {zone} zone.",
          { zone: fallbackName || i18n._("the last") },
        )}
      </p>
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        {field("delivery.freeDeliveryThreshold", i18n._("Free delivery from (৳)"), {
          inputMode: "numeric",
          hint: i18n._("Goods total after discounts, every zone without its own; 0 turns it off"),
        })}
        <div>
          <label
            htmlFor="settings-delivery-livePrice"
            className="mb-1 block text-sm font-medium text-stone-800"
          >
            {i18n._("Courier's live price")}
          </label>
          <NativeSelect id="settings-delivery-livePrice" {...register("delivery.livePrice")}>
            {LIVE_PRICE_SOURCES.map((source) => (
              <option key={source} value={source}>
                {livePriceText(i18n, source)}
              </option>
            ))}
          </NativeSelect>
          <p className="mt-1 text-xs text-stone-500">
            {i18n._("Replaces the zone's charge; free delivery still applies.")}
          </p>
        </div>
      </div>
      <ol className="space-y-4" aria-label={i18n._("Delivery zones")}>
        {fields.map((zone, index) => {
          const prefix = `delivery.zones.${index}`;
          const name =
            localName(i18n, zones[index]) ||
            i18n._("Zone {number}", { number: formatCount(index + 1) });
          return (
            <li key={zone.id} className="rounded-md border border-stone-200 p-3">
              <fieldset>
                <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-2 text-sm font-semibold text-stone-900">
                  <span>
                    <span translate="no">{name}</span>{" "}
                    <span className="font-normal text-stone-500" translate="no">
                      ({zones[index]?.id})
                    </span>
                  </span>
                </legend>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                  {field(`${prefix}.name`, zoneFieldLabels(i18n, name).name)}
                  {field(`${prefix}.nameBn`, zoneFieldLabels(i18n, name).nameBn, {
                    lang: "bn",
                  })}
                  {amounts(prefix, name)}
                </div>
                {errorOf(`${prefix}.id`) && (
                  <p className="mt-1 text-sm text-red-700" role="alert">
                    {serverText(errorOf(`${prefix}.id`) ?? "")}
                  </p>
                )}
                <ZonePlaces index={index} zoneName={name} zones={zones} errorOf={errorOf} />
                <div className="mt-3 flex justify-end">
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-label={i18n._("Remove zone {zone}", { zone: name })}
                    onClick={() => remove(index)}
                  >
                    {i18n._("Remove zone")}
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <fieldset className="mt-4 rounded-md border border-dashed border-stone-300 p-3">
        <legend className="px-1 text-sm font-semibold text-stone-900">
          {i18n._("{zone}: every other place", {
            zone: fallbackName || i18n._("Fallback zone"),
          })}
        </legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {field(
            "delivery.fallbackZone.name",
            zoneFieldLabels(i18n, i18n._("Every other place")).name,
          )}
          {field(
            "delivery.fallbackZone.nameBn",
            zoneFieldLabels(i18n, i18n._("Every other place")).nameBn,
            { lang: "bn" },
          )}
          {amounts("delivery.fallbackZone", i18n._("Every other place"))}
        </div>
      </fieldset>
    </Panel>
  );
}

/** A zone's places: listed with a remove button each, and a search to add one. */
function ZonePlaces({
  index,
  zoneName,
  zones,
  errorOf,
}: {
  index: number;
  zoneName: string;
  zones: ZoneDraft[];
  errorOf: ErrorOf;
}) {
  const { i18n } = useLingui();
  const { setValue } = useFormContext<{ delivery: DeliveryValues }>();
  const [typed, setTyped] = useState("");
  const searchId = useId();
  const zone = zones[index];
  const options = useMemo(() => searchPlaces(i18n, typed), [i18n, typed]);
  if (!zone) return null;

  const setPlaces = (at: number, kind: PlaceOption["kind"], ids: string[]) =>
    setValue(`delivery.zones.${at}.${kind}`, ids, { shouldDirty: true });
  const zoneListing = (option: PlaceOption) =>
    zones.findIndex((other) => other[option.kind].includes(option.id));

  /** Adding a place another zone lists moves it here: a place is in one zone only. */
  function add(option: PlaceOption) {
    const from = zoneListing(option);
    if (from === index) return;
    if (from >= 0)
      setPlaces(
        from,
        option.kind,
        zones[from][option.kind].filter((id) => id !== option.id),
      );
    setPlaces(index, option.kind, [...zone[option.kind], option.id]);
    setTyped("");
  }

  const listed = (["districts", "thanas"] as const).flatMap((kind) =>
    zone[kind].map((id, position) => ({ kind, id, position })),
  );
  return (
    <div className="mt-3">
      <p className="text-sm font-medium text-stone-800">{i18n._("Places")}</p>
      {listed.length === 0 ? (
        <p className="text-sm text-stone-500">
          {i18n._("No place yet: this zone charges nobody.")}
        </p>
      ) : (
        <ul
          className="mt-1 flex flex-wrap gap-2"
          aria-label={i18n._("Places in {zone}", { zone: zoneName })}
        >
          {listed.map(({ kind, id, position }) => {
            const label = placeLabel(i18n, kind, id);
            const error = errorOf(`delivery.zones.${index}.${kind}.${position}`);
            return (
              <li
                key={`${kind}:${id}`}
                className={`flex max-w-full items-center gap-1 rounded-full border px-2 py-0.5 text-sm ${
                  error ? "border-red-400 bg-red-50" : "border-stone-300 bg-stone-50"
                }`}
              >
                <span className="break-words" translate="no">
                  {label}
                </span>
                <button
                  type="button"
                  className="rounded px-1 text-stone-500 hover:text-stone-900"
                  aria-label={i18n._("Remove {place} from {zone}", {
                    place: label,
                    zone: zoneName,
                  })}
                  onClick={() =>
                    setPlaces(
                      index,
                      kind,
                      zone[kind].filter((other) => other !== id),
                    )
                  }
                >
                  ×
                </button>
                {error && (
                  <span className="basis-full text-xs text-red-700" role="alert">
                    {serverText(error)}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <label htmlFor={searchId} className="mt-2 block text-sm text-stone-700">
        {i18n._("Add a district or thana to {zone}", { zone: zoneName })}
      </label>
      <Input
        id={searchId}
        type="search"
        autoComplete="off"
        placeholder={placeExamples(i18n)}
        translate="no"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          // Enter adds the first match instead of saving the whole form.
          if (event.key !== "Enter") return;
          event.preventDefault();
          if (options[0]) add(options[0]);
        }}
      />
      {options.length > 0 && (
        <ul className="mt-1 divide-y divide-stone-100 rounded-md border border-stone-200">
          {options.map((option) => {
            const from = zoneListing(option);
            const note =
              from === index
                ? ` ${i18n._("(already here)")}`
                : from >= 0
                  ? ` ${i18n._("(moves from {zone})", {
                      zone:
                        localName(i18n, zones[from]) ||
                        i18n._("zone {number}", { number: formatCount(from + 1) }),
                    })}`
                  : "";
            return (
              <li key={`${option.kind}:${option.id}`}>
                <button
                  type="button"
                  className="w-full px-3 py-2 text-left text-sm hover:bg-stone-50"
                  onClick={() => add(option)}
                >
                  {i18n._("Add {place}", { place: option.label })}
                  {note}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
