import { PopupImage } from "../../models/popup-image.model";

export interface PopupImageOverrides {
  title?: string;
  imagePath?: string;
}

/** A campaign popup image record (the file itself is not written); default: "Eid". */
export function createPopupImage(overrides: PopupImageOverrides = {}) {
  return PopupImage.create({ title: "Eid", imagePath: "uploads/popups/eid.webp", ...overrides });
}
