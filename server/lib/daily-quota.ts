import { RateLimit } from "../../models/rate-limit.model.js";

const ONE_DAY = 24 * 60 * 60_000;

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 11000;
}

/** The UTC day a quota counts in, e.g. `2026-11-24`. */
function dayKey(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Takes `amount` from today's allowance `name` (at most `limit` a day, shared by every instance
 * through the `rate_limits` collection, whose purge job removes past days). Answers false, taking
 * nothing, when the amount does not fit in what is left today.
 */
export async function takeDailyAllowance(
  name: string,
  amount: number,
  limit: number,
  now = new Date(),
): Promise<boolean> {
  if (amount > limit) return false;
  const _id = `${name}:${dayKey(now)}`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const taken = await RateLimit.updateOne(
      { _id, hits: { $lte: limit - amount } },
      { $inc: { hits: amount } },
    );
    if (taken.modifiedCount === 1) return true;
    if (await RateLimit.exists({ _id })) return false;
    try {
      const endOfDay = new Date(Date.parse(`${dayKey(now)}T00:00:00Z`) + ONE_DAY);
      await RateLimit.create({ _id, hits: amount, resetAt: endOfDay });
      return true;
    } catch (error) {
      // Another request opened today's row in between: count against it.
      if (!isDuplicateKey(error)) throw error;
    }
  }
  throw new Error(`daily allowance ${_id} is contended`);
}

/** Gives back what takeDailyAllowance took when the work it paid for did not happen. */
export async function returnDailyAllowance(
  name: string,
  amount: number,
  now = new Date(),
): Promise<void> {
  await RateLimit.updateOne(
    { _id: `${name}:${dayKey(now)}`, hits: { $gte: amount } },
    { $inc: { hits: -amount } },
  );
}
