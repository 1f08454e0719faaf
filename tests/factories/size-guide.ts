import { SizeGuide } from "../../models/size-guide.model";

export interface SizeGuideOverrides {
  name?: string;
  category?: unknown;
}

/** A size guide written through the model; default: "Tees" for no category, no rows. */
export function createSizeGuide(overrides: SizeGuideOverrides = {}) {
  return SizeGuide.create({ name: "Tees", ...overrides });
}
