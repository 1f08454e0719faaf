const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An en-GB date formatter in Bangladesh time, created on first use and kept. Never create one at
 * module load: the first Intl formatter a page makes loads ICU locale data, a long task on a slow
 * phone, and modules load during hydration whether or not they format a date then.
 */
export function dhakaDateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "Asia/Dhaka" });
    formatters.set(key, formatter);
  }
  return formatter;
}
