import { POPUP_CONTENT_ID, PopupImage } from "../../models/popup-image.model.js";
import { badRequest, notFound } from "../lib/http-error.js";
import { versionedCopy } from "../lib/versioned-copy.js";
import { MAX_IMAGE_PIXELS, removeStoredUpload, storeUploadedImage } from "../lib/images.js";
import type { ActivePopupImage, PopupImageView } from "#contract/answers/popup-images";
import type { CreatePopupImageInput, UpdatePopupImageInput } from "#contract/schemas/popup-images";
import { banglaFieldsOf } from "#contract/i18n/localized";
import { POPUP_IMAGE_WIDTHS } from "#contract/images";

export const POPUP_FOLDER = "popups";

/** Written at each popup width (`abc-800.webp`, ...), so the storefront's srcset has them. */
const storePopupImage = (image: Buffer) =>
  storeUploadedImage(image, POPUP_FOLDER, {
    encoding: "webp",
    widths: POPUP_IMAGE_WIDTHS,
    maxPixels: MAX_IMAGE_PIXELS.popup,
  });
/** Every width of a popup's image (or the one file of a popup uploaded before it had widths). */
const removePopupImage = (imagePath: string | undefined) =>
  removeStoredUpload(imagePath, POPUP_IMAGE_WIDTHS);

interface PopupDoc {
  _id: { toString(): string };
  title?: string | null;
  description?: string | null;
  titleBn?: string | null;
  descriptionBn?: string | null;
  link?: string | null;
  imagePath: string;
  sequence?: number | null;
  isActive?: boolean | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

function toView(doc: PopupDoc): PopupImageView {
  return {
    _id: doc._id.toString(),
    title: doc.title ?? "",
    description: doc.description ?? "",
    ...banglaFieldsOf(doc, ["title", "description"]),
    link: doc.link ?? "",
    imagePath: doc.imagePath,
    sequence: doc.sequence ?? 0,
    isActive: doc.isActive ?? false,
    startsAt: doc.startsAt ?? null,
    endsAt: doc.endsAt ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

const ORDER = { sequence: 1, createdAt: 1, _id: 1 } as const;

/**
 * The popups switched on, with their windows, as every storefront page reads them (the root's
 * first frame and `GET /api/popup-images/active`): an in-process copy checked against the popups'
 * version (server/lib/versioned-copy.ts), so a page costs no popup query. Every write of a popup
 * records a change (models/popup-image.model.ts), so this instance's next page has it and another
 * instance's within a second; a window's start or end needs no write, as reads filter by time.
 */
const switchedOn = versionedCopy({
  id: POPUP_CONTENT_ID,
  checkAfterMs: 500,
  reloadAfterMs: 5 * 60_000,
  load: () => PopupImage.find({ isActive: true }).sort(ORDER).lean<PopupDoc[]>(),
});

/** Forgets this instance's copy of the active popups (tests empty the database behind its back). */
export const invalidateActivePopupImages = () => switchedOn.invalidate();

const withinWindow = (doc: PopupDoc, now: Date) =>
  (!doc.startsAt || doc.startsAt <= now) && (!doc.endsAt || doc.endsAt > now);

/** Active, started (startsAt <= now or none) and not ended (endsAt > now or none), in sequence. */
export async function listActivePopupImages(now = new Date()): Promise<ActivePopupImage[]> {
  const docs = await switchedOn.read();
  return docs
    .filter((doc) => withinWindow(doc, now))
    .map((doc) => {
      const { _id, title, description, titleBn, descriptionBn, link, imagePath, sequence } =
        toView(doc);
      return { _id, title, description, titleBn, descriptionBn, link, imagePath, sequence };
    });
}

/**
 * Which popups a page rendered now shows, as a version for the page cache: the copy's version and
 * the popups within their window at `now` (a window's start or end changes the pages with no write).
 * Undefined while no copy is held.
 */
export function activePopupsVersion(now = new Date()): string | undefined {
  const version = switchedOn.version();
  const docs = switchedOn.peek();
  if (version === undefined || docs === undefined) return undefined;
  const shown = docs.filter((doc) => withinWindow(doc, now)).map((doc) => doc._id.toString());
  return `${version}[${shown.join(",")}]`;
}

export async function listPopupImages(): Promise<PopupImageView[]> {
  const docs = await PopupImage.find().sort(ORDER).lean<PopupDoc[]>();
  return docs.map(toView);
}

export async function getPopupImage(id: string): Promise<PopupImageView> {
  const doc = await PopupImage.findById(id).lean<PopupDoc>();
  if (!doc) throw notFound("Popup image not found");
  return toView(doc);
}

export async function createPopupImage(
  input: CreatePopupImageInput,
  image: Buffer | undefined,
): Promise<PopupImageView> {
  if (!image) throw badRequest("An image file is required (field 'image')");
  let sequence = input.sequence;
  if (sequence === undefined) {
    const last = await PopupImage.findOne().sort({ sequence: -1 }).select("sequence").lean();
    sequence = last ? (last.sequence ?? 0) + 1 : 0;
  }
  const imagePath = await storePopupImage(image);
  try {
    const doc = await PopupImage.create({ ...input, sequence, imagePath });
    return toView(doc.toObject() as PopupDoc);
  } catch (error) {
    await removePopupImage(imagePath);
    throw error;
  }
}

/** Updates the fields given; a new image replaces the old one, whose file is removed. */
export async function updatePopupImage(
  id: string,
  input: UpdatePopupImageInput,
  image: Buffer | undefined,
): Promise<PopupImageView> {
  const existing = await PopupImage.findById(id).lean<PopupDoc>();
  if (!existing) throw notFound("Popup image not found");
  const startsAt = input.startsAt !== undefined ? input.startsAt : (existing.startsAt ?? null);
  const endsAt = input.endsAt !== undefined ? input.endsAt : (existing.endsAt ?? null);
  if (startsAt && endsAt && endsAt <= startsAt)
    throw badRequest("Invalid input", [
      { path: "endsAt", message: "endsAt must be after startsAt" },
    ]);
  const imagePath = image ? await storePopupImage(image) : undefined;
  const changes = Object.fromEntries(
    Object.entries({ ...input, imagePath }).filter(([, value]) => value !== undefined),
  );
  let updated: PopupDoc | null;
  try {
    updated = await PopupImage.findByIdAndUpdate(
      id,
      { $set: changes },
      { new: true },
    ).lean<PopupDoc>();
  } catch (error) {
    await removePopupImage(imagePath);
    throw error;
  }
  if (!updated) {
    await removePopupImage(imagePath);
    throw notFound("Popup image not found");
  }
  if (imagePath && existing.imagePath !== imagePath) await removePopupImage(existing.imagePath);
  return toView(updated);
}

export async function deletePopupImage(id: string): Promise<{ message: string; _id: string }> {
  const doc = await PopupImage.findByIdAndDelete(id).lean<PopupDoc>();
  if (!doc) throw notFound("Popup image not found");
  await removePopupImage(doc.imagePath);
  return { message: "Popup image deleted", _id: id };
}

/**
 * Sets sequence = position in `order` for the ids given; images left out keep their relative order
 * after them. Every id must exist (404 otherwise, nothing changed). Answers the full list.
 */
export async function reorderPopupImages(order: string[]): Promise<PopupImageView[]> {
  const found = await PopupImage.countDocuments({ _id: { $in: order } });
  if (found !== order.length) throw notFound("Popup image not found");
  const rest = await PopupImage.find({ _id: { $nin: order } })
    .sort(ORDER)
    .select("_id")
    .lean();
  const ids = [...order, ...rest.map((doc) => doc._id.toString())];
  await PopupImage.bulkWrite(
    ids.map((id, index) => ({
      updateOne: { filter: { _id: id }, update: { $set: { sequence: index } } },
    })),
  );
  return listPopupImages();
}
