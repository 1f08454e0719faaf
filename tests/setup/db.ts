import mongoose from "mongoose";
import { catalogReadModel } from "../../server/services/catalog-read-model";
import { invalidateCourierSettings } from "../../server/services/courier-settings.service";
import { invalidatePublishedPages } from "../../server/services/pages.service";
import { invalidateActivePopupImages } from "../../server/services/popup-images.service";
import { invalidateShopSettings } from "../../server/services/shop-settings.service";
import { invalidateSizeGuideCategories } from "../../server/services/size-guides.service";
import { clearPageCaches } from "../../server/middleware/page-cache";

/** Empties every collection but keeps indexes, so each test starts from a known state. */
export async function clearDatabase(): Promise<void> {
  const db = mongoose.connection.db;
  if (!db) throw new Error("not connected");
  const collections = await db.collections();
  await Promise.all(collections.map((collection) => collection.deleteMany({})));
  // Emptied behind the shop's back (the driver records no change): the catalogue reads it afresh.
  catalogReadModel.invalidate();
  // Likewise the shop settings: the next read starts them afresh from the environment.
  invalidateShopSettings();
  // And the couriers' settings: the environment's again until a test saves some.
  invalidateCourierSettings();
  // And the storefront's copy of the active campaign popups.
  invalidateActivePopupImages();
  // And the footer's links to the shop's pages.
  invalidatePublishedPages();
  // And which categories have a size guide.
  invalidateSizeGuideCategories();
  // And the pages rendered from all of these.
  clearPageCaches();
}
