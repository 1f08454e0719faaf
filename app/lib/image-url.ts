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

const RESPONSIVE = /-(400|800|1200)\.webp$/;

/** srcset for images saved in several widths (name-400.webp, name-800.webp, name-1200.webp). */
export function imageSrcSet(path: string | null | undefined, host = ""): string | undefined {
  if (!path || !RESPONSIVE.test(path)) return undefined;
  return [400, 800, 1200]
    .map((width) => `${imageUrl(path.replace(RESPONSIVE, `-${width}.webp`), host)} ${width}w`)
    .join(", ");
}
