/**
 * What the cart tells about free delivery before the address is known (freeDeliveryOffers): the
 * zones grouped by the threshold they apply (their own, else the shop's), lowest first, never-free
 * zones last; nothing when no zone offers free delivery.
 */
import { describe, expect, it } from "vitest";
import { freeDeliveryOffers } from "#contract/free-delivery";

const zone = (name: string, freeDeliveryThreshold: number | null) => ({
  name,
  freeDeliveryThreshold,
});

describe("freeDeliveryOffers", () => {
  it("gives one offer when every zone uses the shop's threshold", () => {
    const delivery = {
      zones: [zone("Inside Dhaka", null), zone("Outside Dhaka", null)],
      freeDeliveryThreshold: 3000,
    };
    expect(freeDeliveryOffers(delivery, 800)).toEqual([
      { zones: delivery.zones, threshold: 3000, missing: 2200 },
    ]);
    expect(freeDeliveryOffers(delivery, 3500)).toEqual([
      { zones: delivery.zones, threshold: 3000, missing: 0 },
    ]);
  });

  it("groups zones by their own thresholds, lowest first and never-free zones last", () => {
    const [dhaka, suburbs, hills, outside] = [
      zone("Inside Dhaka", 1500),
      zone("Dhaka suburbs", null),
      zone("Hill districts", 0),
      zone("Outside Dhaka", null),
    ];
    const offers = freeDeliveryOffers(
      { zones: [hills, suburbs, dhaka, outside], freeDeliveryThreshold: 3000 },
      2000,
    );
    expect(offers).toEqual([
      { zones: [dhaka], threshold: 1500, missing: 0 },
      { zones: [suburbs, outside], threshold: 3000, missing: 1000 },
      { zones: [hills], threshold: 0, missing: 0 },
    ]);
  });

  it("offers nothing when free delivery is off everywhere (threshold 0)", () => {
    expect(
      freeDeliveryOffers({ zones: [zone("Inside Dhaka", null)], freeDeliveryThreshold: 0 }, 100),
    ).toEqual([]);
    expect(
      freeDeliveryOffers(
        { zones: [zone("Inside Dhaka", 0), zone("Outside Dhaka", null)], freeDeliveryThreshold: 0 },
        100,
      ),
    ).toEqual([]);
  });
});
