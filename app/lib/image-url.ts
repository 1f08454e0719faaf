/** An inline placeholder, so an empty image never costs a request. */
export const NO_IMAGE =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" fill="#e7e5e4"/><text x="200" y="208" font-family="sans-serif" font-size="28" text-anchor="middle" fill="#78716c">No Image</text></svg>',
  );

/**
 * Absolute (and data:/blob:) URLs are kept; relative ones are prefixed with the shop's image host.
 * Self-contained on purpose: the popup's inline prefetch script runs it too, serialised with toString().
 */
export function hostedImageUrl(path: string, host: string): string {
  if (/^(https?:|data:|blob:)/.test(path)) return path;
  return `${host}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** Absolute URLs are kept; relative ones are prefixed with the shop's image host; empty is the placeholder. */
export function imageUrl(path: string | null | undefined, host = ""): string {
  if (!path) return NO_IMAGE;
  return hostedImageUrl(path, host);
}

/**
 * Each width an image was saved in, with its path, when its name says it was (`name-800.webp` with
 * 800 among `widths`); none for any other image (a popup uploaded before popups had widths).
 * Self-contained like hostedImageUrl: the popup's inline head script runs it too.
 */
export function savedWidths(
  path: string,
  widths: readonly number[],
): { path: string; width: number }[] {
  const match = /^(.*)-(\d+)\.webp$/.exec(path);
  if (!match || widths.indexOf(Number(match[2])) < 0) return [];
  return widths.map((width) => ({ path: match[1] + "-" + width + ".webp", width }));
}

/**
 * A product image's widths (PRODUCT_IMAGE_WIDTHS in contract/images.ts, which the unit test checks):
 * written here so this module imports nothing, which keeps it in the chunk every page already loads
 * (an import moved it into a script of its own, one more request per page).
 */
const PRODUCT_WIDTHS = [400, 800, 1200] as const;

/** srcset for images saved in several widths (name-400.webp, name-800.webp, name-1200.webp). */
export function imageSrcSet(
  path: string | null | undefined,
  host = "",
  widths: readonly number[] = PRODUCT_WIDTHS,
): string | undefined {
  const saved = path ? savedWidths(path, widths) : [];
  if (saved.length === 0) return undefined;
  return saved.map((image) => `${imageUrl(image.path, host)} ${image.width}w`).join(", ");
}
