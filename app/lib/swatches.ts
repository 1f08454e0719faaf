/** Colour names the seed and admin use, shown as swatches; unknown names get a neutral dot. */
const SWATCHES: Record<string, string> = {
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

export function swatchColor(name: string): string {
  return SWATCHES[name] ?? "#d6d3d1";
}
