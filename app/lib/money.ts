const bdt = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "BDT",
  currencyDisplay: "narrowSymbol",
  maximumFractionDigits: 0,
});

/** ৳1,250 and ৳1,25,000: BDT with lakh grouping, whole taka. */
export function formatBDT(amount: number | null | undefined): string {
  return bdt.format(Math.round(Number(amount) || 0));
}
