import { describe, expect, it } from "vitest";
import {
  counterLabel,
  indexAfterSwipe,
  isTap,
  nextIndex,
  prevIndex,
  SWIPE_THRESHOLD_PX,
  swipeDirection,
} from "~/components/popup/popup-index";

describe("popup index logic", () => {
  it("wraps forward and backward", () => {
    expect(nextIndex(0, 3)).toBe(1);
    expect(nextIndex(2, 3)).toBe(0);
    expect(prevIndex(0, 3)).toBe(2);
    expect(prevIndex(2, 3)).toBe(1);
    expect(nextIndex(0, 1)).toBe(0);
    expect(prevIndex(0, 0)).toBe(0);
  });

  it("needs a swipe of more than 50 px", () => {
    expect(SWIPE_THRESHOLD_PX).toBe(50);
    expect(swipeDirection(-50)).toBeNull();
    expect(swipeDirection(50)).toBeNull();
    expect(swipeDirection(-51)).toBe("next");
    expect(swipeDirection(51)).toBe("prev");
    expect(indexAfterSwipe(2, 3, -80)).toBe(0);
    expect(indexAfterSwipe(0, 3, 80)).toBe(2);
    expect(indexAfterSwipe(1, 3, 30)).toBe(1);
  });

  it("takes a press that moved more than 10 px for a drag, not a tap on the link", () => {
    expect(isTap(0, 0)).toBe(true);
    expect(isTap(6, 8)).toBe(true);
    expect(isTap(11, 0)).toBe(false);
    expect(isTap(0, -11)).toBe(false);
    expect(isTap(40, 0)).toBe(false);
  });

  it("reads position/total", () => {
    expect(counterLabel(0, 3)).toBe("1/3");
    expect(counterLabel(2, 3)).toBe("3/3");
    expect(counterLabel(0, 0)).toBe("0/0");
  });
});
