/**
 * The shop's named colours and the hex each is drawn with (storefront swatches, seeded product
 * images). Free of mongoose so the browser bundle can import it.
 */
export const COLOR_HEX: Readonly<Record<string, string>> = {
  Black: "#1f2937",
  White: "#f3f4f6",
  Navy: "#1e3a8a",
  Maroon: "#7f1d1d",
  Olive: "#4d5d2a",
  Grey: "#6b7280",
  "Sky Blue": "#7dd3fc",
  Mustard: "#ca8a04",
  Red: "#dc2626",
  Blue: "#2563eb",
  Green: "#16a34a",
};

/** The colours the seed (and the benchmark's seed) give their products. */
export const SEED_COLORS = [
  "Black",
  "White",
  "Navy",
  "Maroon",
  "Olive",
  "Grey",
  "Sky Blue",
  "Mustard",
] as const;

/**
 * The photo of one of a product's colours. A product's photos follow the order of its colours
 * (`colors`, the order the variants first name them): photo 1 shows the first colour, photo 2 the
 * second, and so on; photos past one per colour are further views. A colour without a photo of its
 * own, or no colour, shows the first photo (`imageUrl`). The back office labels each photo with
 * the colour it stands for.
 */
export function colorPhoto(
  product: { colors?: readonly string[]; images?: readonly string[]; imageUrl?: string },
  color: string | null | undefined,
): string {
  const index = color ? (product.colors?.indexOf(color) ?? -1) : -1;
  return (index >= 0 ? product.images?.[index] : undefined) ?? product.imageUrl ?? "";
}
