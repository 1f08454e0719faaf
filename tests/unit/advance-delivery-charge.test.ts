import { describe, expect, it } from "vitest";
import { paymentSplit } from "#contract/advance-delivery-charge";

describe("paymentSplit", () => {
  it("an online order is paid online in full, nothing collected", () => {
    expect(paymentSplit({ paymentMethod: "BKASH", totalDiscountedPrice: 1720 })).toEqual({
      paidOnline: 1720,
      collectOnDelivery: 0,
      advance: 0,
    });
  });

  it("plain cash on delivery is collected in full", () => {
    expect(
      paymentSplit({
        paymentMethod: "COD",
        totalDiscountedPrice: 860,
        advanceDeliveryCharge: null,
      }),
    ).toEqual({ paidOnline: 0, collectOnDelivery: 860, advance: 0 });
  });

  it("a paid advance is online, the rest on delivery; an unpaid one is collected on delivery too", () => {
    const order = { paymentMethod: "COD", totalDiscountedPrice: 1720 };
    expect(
      paymentSplit({ ...order, advanceDeliveryCharge: { amount: 120, status: "PAID" } }),
    ).toEqual({ paidOnline: 120, collectOnDelivery: 1600, advance: 120 });
    expect(
      paymentSplit({ ...order, advanceDeliveryCharge: { amount: 120, status: "PENDING" } }),
    ).toEqual({ paidOnline: 0, collectOnDelivery: 1720, advance: 120 });
  });
});
