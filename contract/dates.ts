/**
 * A function that formats a date in en-GB, Bangladesh time, with `options`. Its Intl formatter is
 * created on the first call, not when the module loads: the first Intl formatter a page makes loads
 * ICU locale data, a long task on a slow phone, and modules load during hydration whether or not
 * they format a date then. Declare one per format at module level.
 */
export function dhakaDateFormatter(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (date) =>
    (formatter ??= new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "Asia/Dhaka" })).format(
      date,
    );
}
