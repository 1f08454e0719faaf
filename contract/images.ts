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
