/** What `npm run bench` and `npm run bench:compare` share: flag checks and the measured listing. */

/** A flag's value as a positive whole number; anything else ends the script with a clear line. */
export function positiveFlag(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    console.error(`✗ --${name} must be a positive whole number (got ${value})`);
    process.exit(1);
  }
  return number;
}

/** The filtered listing measured (category with its sub-categories + colours + sort). */
export const LISTING_QUERY = "category=men&colors=Black,Navy&sort=price_low&pageSize=24";
