import { getEnv } from "../env.js";
import { logger } from "../lib/logger.js";
import {
  listAreas,
  listCities,
  listZones,
  pricePlan,
  type PathaoArea,
  type PathaoCity,
  type PathaoCredentials,
  type PathaoZone,
} from "../integrations/pathao.js";
import { pathaoForCheckout } from "../couriers/pathao.js";
import { getShopSettings } from "./shop-settings.service.js";
import { isInsideDhaka, placeKey } from "#contract/city-names";

/**
 * Delivery charge and the checkout's address pickers. Without Pathao credentials: the built-in
 * table (the shop settings' charges inside and outside Dhaka, free from their threshold) and a built-in city
 * list (no zones or areas). With them: Pathao's lists and price plan, falling back to the table
 * whenever Pathao cannot price the address (no zone chosen, unknown city, Pathao down).
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

// Every comparison of city names goes through the one key (contract/city-names.ts); the advance
// rule "outside Dhaka" reads isInsideDhaka from here too.
export { isInsideDhaka };

/** The built-in table (shop settings), on the goods amount after discounts. */
export async function tableDeliveryCharge(city: string, goodsTotal: number): Promise<number> {
  const { delivery } = await getShopSettings();
  if (await isFreeDelivery(goodsTotal)) return 0;
  return isInsideDhaka(city) ? delivery.insideDhaka : delivery.outsideDhaka;
}

/** A free-delivery threshold of 0 switches free delivery off. */
export async function isFreeDelivery(goodsTotal: number): Promise<boolean> {
  const threshold = (await getShopSettings()).delivery.freeDeliveryThreshold;
  return threshold > 0 && goodsTotal >= threshold;
}

const LIST_TTL_MS = 60 * 60 * 1000;
const listCache = new Map<string, { at: number; value: unknown }>();

async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = listCache.get(key);
  if (hit && Date.now() - hit.at < LIST_TTL_MS) return hit.value as T;
  const value = await load();
  listCache.set(key, { at: Date.now(), value });
  return value;
}

export function resetDeliveryCacheForTests(): void {
  listCache.clear();
}

export async function deliveryCities(): Promise<{ source: DeliverySource; cities: PathaoCity[] }> {
  const pathao = await pathaoForCheckout();
  if (!pathao) return { source: "builtin", cities: BUILTIN_CITIES };
  return { source: "pathao", cities: await cached("cities", () => listCities(pathao)) };
}

export async function deliveryZones(
  cityId: number,
): Promise<{ source: DeliverySource; zones: PathaoZone[] }> {
  const pathao = await pathaoForCheckout();
  if (!pathao) return { source: "builtin", zones: [] };
  return {
    source: "pathao",
    zones: await cached(`zones:${cityId}`, () => listZones(pathao, cityId)),
  };
}

export async function deliveryAreas(
  zoneId: number,
): Promise<{ source: DeliverySource; areas: PathaoArea[] }> {
  const pathao = await pathaoForCheckout();
  if (!pathao) return { source: "builtin", areas: [] };
  return {
    source: "pathao",
    areas: await cached(`areas:${zoneId}`, () => listAreas(pathao, zoneId)),
  };
}

function matchByName<T>(items: T[], name: string, field: (item: T) => string): T | undefined {
  const wanted = placeKey(name);
  return items.find((item) => placeKey(field(item)) === wanted);
}

/** Pathao ids for a city and zone given by id or by name; undefined when they cannot be found. */
export async function resolvePathaoLocation(
  pathao: PathaoCredentials,
  city: string,
  zone?: string,
): Promise<{ cityId: number; zoneId?: number } | undefined> {
  const cities = await cached("cities", () => listCities(pathao));
  const foundCity = /^\d+$/.test(city.trim())
    ? cities.find((entry) => entry.city_id === Number(city))
    : matchByName(cities, city, (entry) => entry.city_name);
  if (!foundCity) return undefined;
  if (!zone?.trim()) return { cityId: foundCity.city_id };
  const zones = await cached(`zones:${foundCity.city_id}`, () =>
    listZones(pathao, foundCity.city_id),
  );
  const foundZone = /^\d+$/.test(zone.trim())
    ? zones.find((entry) => entry.zone_id === Number(zone))
    : matchByName(zones, zone, (entry) => entry.zone_name);
  return { cityId: foundCity.city_id, zoneId: foundZone?.zone_id };
}

export interface DeliveryQuote {
  deliveryCharge: number;
  source: DeliverySource;
}

/** The delivery charge for an address and the goods amount (after discounts). */
export async function quoteDelivery(
  address: { city: string; zone?: string },
  goodsTotal: number,
): Promise<DeliveryQuote> {
  if (await isFreeDelivery(goodsTotal)) return { deliveryCharge: 0, source: "builtin" };
  const pathao = await pathaoForCheckout();
  if (pathao?.storeId) {
    try {
      const location = await resolvePathaoLocation(pathao, address.city, address.zone);
      if (location?.zoneId) {
        const plan = await pricePlan(pathao, {
          recipientCity: location.cityId,
          recipientZone: location.zoneId,
        });
        return { deliveryCharge: Math.round(Number(plan.final_price)), source: "pathao" };
      }
    } catch (error) {
      logger.warn({ err: error }, "Pathao price plan failed; using the built-in table");
    }
  }
  return {
    deliveryCharge: await tableDeliveryCharge(address.city, goodsTotal),
    source: "builtin",
  };
}

/** Tax on the goods amount; prices include VAT in Bangladesh, so 0 unless a rate is configured. */
export function computeTax(goodsTotal: number): number {
  const rate = getEnv().TAX_RATE_PERCENT;
  return rate > 0 ? Math.round((goodsTotal * rate) / 100) : 0;
}
