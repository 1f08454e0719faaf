/** Campaign popup images: the storefront's active list (public) and the back office's editing. */
import { ACTIVE_POPUPS_PATH, request, segment } from "./transport";
import type { DeletedAnswer } from "#contract/answers/common";
import type { ActivePopupImage, PopupImage } from "./types";

export const popupImages = {
  /** GET /api/popup-images/active — public, no token. */
  active: () => request<ActivePopupImage[]>(ACTIVE_POPUPS_PATH, { auth: false }),
  list: () => request<PopupImage[]>("/api/popup-images"),
  get: (popupId: string) => request<PopupImage>(`/api/popup-images/${segment(popupId)}`),
  create: (form: FormData) =>
    request<PopupImage>("/api/popup-images", { method: "POST", body: form }),
  update: (popupId: string, form: FormData) =>
    request<PopupImage>(`/api/popup-images/${segment(popupId)}`, { method: "PUT", body: form }),
  remove: (popupId: string) =>
    request<DeletedAnswer>(`/api/popup-images/${segment(popupId)}`, { method: "DELETE" }),
  sequence: (order: string[]) =>
    request<PopupImage[]>("/api/popup-images/sequence", { method: "POST", body: { order } }),
};
