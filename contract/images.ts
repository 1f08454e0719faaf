/**
 * Image uploads (product images, popup images, t-shirt designs): the limits the server enforces
 * (multer: 413; content checked by magic bytes: 415) and the forms check first. Free of mongoose
 * and sharp, so the browser bundle can import it.
 */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
/** A product has at most this many images. */
export const MAX_PRODUCT_IMAGES = 8;
/** A review has at most this many photos. */
export const MAX_REVIEW_PHOTOS = 3;
/** For `<input type="file" accept>`. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(",");

/**
 * The widths (px) an uploaded photo is saved in, each as `<name>-<width>.webp` (never enlarged), so
 * a page's `srcset` lets the browser fetch the one its layout needs. The stored address names the
 * primary width; the others are found by replacing that suffix (app/lib/image-url.ts).
 */
export const PRODUCT_IMAGE_WIDTHS = [400, 800, 1200] as const;
/** A campaign popup fills most of the screen: up to the 1920 px popups were kept at before. */
export const POPUP_IMAGE_WIDTHS = [400, 800, 1200, 1920] as const;
export const PRIMARY_IMAGE_WIDTH = 800;
