/**
 * ৳1,250 and ৳1,25,000: BDT with lakh grouping, whole taka.
 *
 * Written out rather than with Intl.NumberFormat: the first Intl formatter a page creates loads the
 * locale's ICU data, a ~60 ms task on a mid-range phone (4x CPU) in the middle of hydration, and this
 * module is on every storefront page. The output is the same as
 * `Intl.NumberFormat("en-IN", { style: "currency", currency: "BDT", currencyDisplay: "narrowSymbol",
 * maximumFractionDigits: 0 })` (tests/unit/money.test.ts compares them).
 */
export function formatBDT(amount: number | null | undefined): string {
  const taka = Math.round(Number(amount) || 0);
  const digits = String(Math.abs(taka));
  const lastThree = digits.slice(-3);
  const leading = digits.slice(0, -3);
  // Indian grouping: the last three digits, then groups of two (1,25,000).
  const grouped = leading ? `${leading.replace(/\B(?=(\d{2})+$)/g, ",")},${lastThree}` : lastThree;
  return `${taka < 0 ? "-" : ""}৳${grouped}`;
}
