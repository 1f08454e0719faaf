import { getEnv } from "../env.js";
import { logger } from "../lib/logger.js";
import {
  listAreas,
  pricePlan,
  type PathaoArea,
  type PathaoCity,
  type PathaoZone,
} from "../integrations/pathao.js";
import { pathaoForCheckout } from "../couriers/pathao.js";
import { getShopSettings } from "./shop-settings.service.js";
import { resolvePlace, type AddressPlace, type ResolvedPlace } from "./delivery-place.js";
import {
  matchPathaoPlace,
  pathaoCities,
  pathaoList,
  pathaoZones,
  resetPathaoPlacesCacheForTests,
} from "./delivery-pathao-places.js";
import { zoneFreeDeliveryThreshold } from "#contract/free-delivery";
import {
  dhakaCityZone,
  zoneOf,
  zoneSummary,
  type PlaceIds,
  type ZoneSummary,
} from "#contract/delivery-zones";

/**
 * Delivery charge and the courier's address lists. The charge is the shop's zone table (shop
 * settings, docs/delivery-zones.md), free from the zone's threshold; with Pathao configured and
 * chosen as the live price, Pathao's price plan, falling back to the zone's charge whenever Pathao
 * cannot price the address (no zone chosen, unknown city, Pathao down). Without Pathao credentials
 * the city list is a built-in one (no zones or areas).
 */
export type DeliverySource = "pathao" | "builtin";

/** Our own ids (Dhaka = 1 as in Pathao); district towns where shoppers commonly order from. */
export const BUILTIN_CITIES: PathaoCity[] = [
  "Dhaka",
  "Chattogram",
  "Gazipur",
  "Narayanganj",
  "Sylhet",
  "Rajshahi",
  "Khulna",
  "Barishal",
  "Rangpur",
  "Mymensingh",
  "Cumilla",
  "Bogura",
  "Jashore",
  "Cox's Bazar",
  "Dinajpur",
  "Feni",
  "Noakhali",
  "Pabna",
  "Tangail",
  "Kushtia",
  "Brahmanbaria",
  "Faridpur",
  "Savar",
  "Tongi",
].map((name, index) => ({ city_id: index + 1, city_name: name }));

/**
 * The zone an address falls in, with its charge and free-delivery threshold (a zone's own, else
 * the shop-wide one; 0: never free).
 */
export async function deliveryZoneOf(place: PlaceIds) {
  const { delivery } = await getShopSettings();
  const zone = zoneOf(delivery, place);
  const threshold = zoneFreeDeliveryThreshold(zone, delivery.freeDeliveryThreshold);
  return { zone, threshold, livePrice: delivery.livePrice, dhakaCity: dhakaCityZone(delivery) };
}

const isFree = (threshold: number, goodsTotal: number) => threshold > 0 && goodsTotal >= threshold;

export function resetDeliveryCacheForTests(): void {
  resetPathaoPlacesCacheForTests();
}

export async function deliveryCities(): Promise<{ source: DeliverySource; cities: PathaoCity[] }> {
  const pathao = await pathaoForCheckout();
  if (!pathao) return { source: "builtin", cities: BUILTIN_CITIES };
  return { source: "pathao", cities: await pathaoCities(pathao) };
}

export async function deliveryZones(
  cityId: number,
): Promise<{ source: DeliverySource; zones: PathaoZone[] }> {
  const pathao = await pathaoForCheckout();
  if (!pathao) return { source: "builtin", zones: [] };
  return { source: "pathao", zones: await pathaoZones(pathao, cityId) };
}

export async function deliveryAreas(
  zoneId: number,
): Promise<{ source: DeliverySource; areas: PathaoArea[] }> {
  const pathao = await pathaoForCheckout();
  if (!pathao) return { source: "builtin", areas: [] };
  return {
    source: "pathao",
    areas: await pathaoList(pathao, `areas:${zoneId}`, () => listAreas(pathao, zoneId)),
  };
}

export interface DeliveryQuote {
  deliveryCharge: number;
  source: DeliverySource;
  /** The zone the address falls in (whoever priced it). */
  zone: ZoneSummary;
  /** The address's district and thana ids and names, as the order stores them. */
  place: ResolvedPlace;
  /** Whether the zone is not Dhaka city's (the advance rule "outside Dhaka"). */
  outsideDhaka: boolean;
}

/**
 * The delivery charge for an address and the goods amount (after discounts): free from the zone's
 * threshold; else the courier's live price where the settings choose it and the courier can price
 * the address; else the zone's charge. A district or thana id the lists do not know is a 400.
 */
export async function quoteDelivery(
  address: AddressPlace,
  goodsTotal: number,
): Promise<DeliveryQuote> {
  const place = resolvePlace(address);
  const { zone, threshold, livePrice, dhakaCity } = await deliveryZoneOf(place);
  const answer = (deliveryCharge: number, source: DeliverySource): DeliveryQuote => ({
    deliveryCharge,
    source,
    zone: zoneSummary(zone),
    place,
    outsideDhaka: zone !== dhakaCity,
  });
  if (isFree(threshold, goodsTotal)) return answer(0, "builtin");
  const pathao = livePrice === "pathao" ? await pathaoForCheckout() : undefined;
  if (pathao?.storeId) {
    // Never a price for a place Pathao's lists may not be: unmatched, the zone's charge (logged
    // with why, so the operator can add a spelling; the couriers' places report lists them all).
    const where = { districtId: place.districtId, thanaId: place.thanaId, zone: place.zone };
    try {
      const match = await matchPathaoPlace(pathao, where);
      if (match.matched) {
        const plan = await pricePlan(pathao, {
          recipientCity: match.cityId,
          recipientZone: match.zoneId,
        });
        return answer(Math.round(Number(plan.final_price)), "pathao");
      }
      logger.info(
        { ...where, reason: match.reason },
        "Pathao cannot price this place; using the zone's charge",
      );
    } catch (error) {
      logger.warn({ err: error, ...where }, "Pathao price plan failed; using the zone's charge");
    }
  }
  return answer(zone.charge, "builtin");
}

/** Tax on the goods amount; prices include VAT in Bangladesh, so 0 unless a rate is configured. */
export function computeTax(goodsTotal: number): number {
  const rate = getEnv().TAX_RATE_PERCENT;
  return rate > 0 ? Math.round((goodsTotal * rate) / 100) : 0;
}
