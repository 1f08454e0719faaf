/**
 * Pure index logic of the campaign popup.
 * Exports: `SWIPE_THRESHOLD_PX` (50), `nextIndex`, `prevIndex` (both wrap), `swipeDirection(dx)`,
 * `indexAfterSwipe(index, total, dx)`, `counterLabel(index, total)` ('position/total'),
 * `isTap(dx, dy)`.
 */

/**
 * A press that moves further than this is a drag, not a tap: it never opens the image's link, even
 * when it is too short to change the image (a finger rarely lands and lifts on the same pixel).
 */
const TAP_SLOP_PX = 10;

export function isTap(dx: number, dy: number): boolean {
  return Math.hypot(dx, dy) <= TAP_SLOP_PX;
}

/** A horizontal swipe must be MORE than this many pixels to change the image. */
export const SWIPE_THRESHOLD_PX = 50;

export function nextIndex(index: number, total: number): number {
  if (total <= 0) return 0;
  return (((index + 1) % total) + total) % total;
}

export function prevIndex(index: number, total: number): number {
  if (total <= 0) return 0;
  return (((index - 1) % total) + total) % total;
}

/** Finger moved left (dx < -50): next image; right (dx > 50): previous; otherwise none. */
export function swipeDirection(dx: number): "next" | "prev" | null {
  if (dx < -SWIPE_THRESHOLD_PX) return "next";
  if (dx > SWIPE_THRESHOLD_PX) return "prev";
  return null;
}

export function indexAfterSwipe(index: number, total: number, dx: number): number {
  const direction = swipeDirection(dx);
  if (direction === "next") return nextIndex(index, total);
  if (direction === "prev") return prevIndex(index, total);
  return index;
}

/** The counter text: position (1-based) / total. */
export function counterLabel(index: number, total: number): string {
  return `${total === 0 ? 0 : index + 1}/${total}`;
}
