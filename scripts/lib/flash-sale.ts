import { Guest } from "./http-guest";

/**
 * A flash sale as shoppers make one: every buyer first puts one unit of the same variant in a
 * guest cart (spread over the shop instances given, round robin), then all check out at the same
 * moment with cash on delivery. Used by `npm run bench` and by the resilience tests.
 */
export interface FlashSaleOptions {
  /** Base URLs of the shop instances (one or several on one database). */
  baseUrls: string[];
  productId: string;
  color: string;
  size: string;
  buyers: number;
  /** Carts filled this many at a time before the sale (adding does not reserve stock). */
  addBatch?: number;
}

export interface FlashSaleResult {
  buyers: number;
  instances: number;
  /** Answers by HTTP status: 201 placed, 409 sold out; anything else is a defect. */
  statuses: Record<string, number>;
  orderIds: string[];
  /** From the first checkout sent to the last answer received. */
  wallMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** The p-th percentile (0..100) of some durations, nearest-rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** A Bangladeshi mobile number per buyer, so no two orders share one. */
function buyerMobile(index: number): string {
  return `017${String(10_000_000 + index).slice(-8)}`;
}

export async function fillCarts(options: FlashSaleOptions): Promise<Guest[]> {
  const guests = Array.from(
    { length: options.buyers },
    (_, index) => new Guest(options.baseUrls[index % options.baseUrls.length]),
  );
  const batch = options.addBatch ?? 25;
  for (let start = 0; start < guests.length; start += batch) {
    const added = await Promise.all(
      guests.slice(start, start + batch).map((guest) =>
        guest.call("PUT", "/api/cart/add", {
          productId: options.productId,
          color: options.color,
          size: options.size,
          quantity: 1,
        }),
      ),
    );
    const refused = added.find((answer) => answer.status !== 200);
    if (refused)
      throw new Error(
        `adding to a cart answered ${refused.status}: ${JSON.stringify(refused.body)}`,
      );
  }
  return guests;
}

/** Every guest checks out at once; answers the figures of the sale. */
export async function checkOutAtOnce(guests: Guest[], instances: number): Promise<FlashSaleResult> {
  const durations: number[] = [];
  const statuses: Record<string, number> = {};
  const orderIds: string[] = [];
  const started = performance.now();
  await Promise.all(
    guests.map(async (guest, index) => {
      const sent = performance.now();
      const answer = await guest.call("POST", "/api/orders", {
        shippingAddress: {
          firstName: "Flash",
          lastName: "Buyer",
          mobile: buyerMobile(index),
          streetAddress: "House 1, Road 2",
          city: "Dhaka",
          zone: "Dhanmondi",
        },
        paymentMethod: "COD",
        termsAccepted: true,
      });
      durations.push(performance.now() - sent);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status === 201) orderIds.push(String(answer.body._id));
    }),
  );
  const wallMs = performance.now() - started;
  return {
    buyers: guests.length,
    instances,
    statuses,
    orderIds,
    wallMs: Math.round(wallMs),
    p50Ms: Math.round(percentile(durations, 50)),
    p99Ms: Math.round(percentile(durations, 99)),
    maxMs: Math.round(Math.max(...durations)),
  };
}

export async function runFlashSale(options: FlashSaleOptions): Promise<FlashSaleResult> {
  const guests = await fillCarts(options);
  return checkOutAtOnce(guests, options.baseUrls.length);
}

export function describeFlashSale(label: string, result: FlashSaleResult): string {
  const answers = Object.entries(result.statuses)
    .map(([status, count]) => `${count}×${status}`)
    .join(" ");
  return `${label}: ${result.buyers} buyers on ${result.instances} instance(s): ${answers}; wall ${result.wallMs} ms, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`;
}
