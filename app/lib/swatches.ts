import { COLOR_HEX } from "#contract/colors";

/** Colour names the seed and admin use, shown as swatches; unknown names get a neutral dot. */
export function swatchColor(name: string): string {
  return COLOR_HEX[name] ?? "#d6d3d1";
}
