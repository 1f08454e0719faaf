/** The shop's time zone: its days, weeks and months, on the server and in the browser. */
export const SHOP_TIME_ZONE = "Asia/Dhaka";

/**
 * The instant a shop calendar day (`yyyy-MM-dd`) starts. Bangladesh keeps UTC+6 all year (no
 * daylight saving), so the offset is fixed.
 */
export function startOfShopDay(day: string): Date {
  return new Date(`${day}T00:00:00+06:00`);
}

/**
 * A function that formats a date in en-GB, Bangladesh time, with `options`. Its Intl formatter is
 * created on the first call, not when the module loads: the first Intl formatter a page makes loads
 * ICU locale data, a long task on a slow phone, and modules load during hydration whether or not
 * they format a date then. Declare one per format at module level.
 */
export function dhakaDateFormatter(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (date) =>
    (formatter ??= new Intl.DateTimeFormat("en-GB", {
      ...options,
      timeZone: SHOP_TIME_ZONE,
    })).format(date);
}
