/** Answers of /api/popup-images/*: the storefront's campaign popups and the back office's view. */
import { z } from "zod";

/** What the storefront's popup gets from GET /active. */
export const ActivePopupImageAnswer = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Bangla caption, present when written. */
  titleBn: z.string().optional(),
  descriptionBn: z.string().optional(),
  link: z.string(),
  imagePath: z.string(),
  sequence: z.number(),
});
export type ActivePopupImage = z.infer<typeof ActivePopupImageAnswer>;

/** The admin view: everything. */
export const PopupImageAnswer = ActivePopupImageAnswer.extend({
  isActive: z.boolean(),
  startsAt: z.date().nullable(),
  endsAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type PopupImageView = z.infer<typeof PopupImageAnswer>;
