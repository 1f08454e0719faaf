import { describe, expect, it } from "vitest";
import { smsEncoding, smsSize } from "../../server/lib/sms-encoding";

describe("smsEncoding", () => {
  it("keeps plain English in GSM-7 and moves Bangla, ৳ and emoji to UCS-2", () => {
    expect(smsEncoding("Your Tweest verification code is 123456.")).toBe("GSM-7");
    expect(smsEncoding("Price {BDT} [1,250] ~ €5 | ^\\")).toBe("GSM-7");
    expect(smsEncoding("আপনার কোড 123456")).toBe("UCS-2");
    expect(smsEncoding("Total ৳1,250")).toBe("UCS-2");
    expect(smsEncoding("Thanks 🙂")).toBe("UCS-2");
  });
});

describe("smsSize", () => {
  it("fits 160 GSM-7 characters in one SMS and splits longer texts into parts of 153", () => {
    expect(smsSize("a".repeat(160))).toEqual({ encoding: "GSM-7", length: 160, segments: 1 });
    expect(smsSize("a".repeat(161))).toEqual({ encoding: "GSM-7", length: 161, segments: 2 });
    expect(smsSize("a".repeat(306)).segments).toBe(2);
    expect(smsSize("a".repeat(307)).segments).toBe(3);
    expect(smsSize("").segments).toBe(0);
  });

  it("counts extension characters twice and never cuts one between parts", () => {
    expect(smsSize("{".repeat(80))).toEqual({ encoding: "GSM-7", length: 160, segments: 1 });
    expect(smsSize("{".repeat(81)).segments).toBe(2);
    // 152 plain characters then one "{": 154 septets, the "{" moves whole to a second part.
    expect(smsSize(`${"a".repeat(152)}{${"a".repeat(7)}`)).toEqual({
      encoding: "GSM-7",
      length: 161,
      segments: 2,
    });
  });

  it("fits 70 UCS-2 units in one SMS and splits longer texts into parts of 67", () => {
    expect(smsSize("ক".repeat(70))).toEqual({ encoding: "UCS-2", length: 70, segments: 1 });
    expect(smsSize("ক".repeat(71))).toEqual({ encoding: "UCS-2", length: 71, segments: 2 });
    expect(smsSize("ক".repeat(134)).segments).toBe(2);
    expect(smsSize("ক".repeat(135)).segments).toBe(3);
    // One Bangla letter makes the whole text UCS-2: 69 Latin letters and ক are 70 units.
    expect(smsSize(`${"a".repeat(69)}ক`).segments).toBe(1);
    // An emoji is two UTF-16 units and is not cut between parts.
    expect(smsSize(`${"a".repeat(66)}🙂`)).toEqual({ encoding: "UCS-2", length: 68, segments: 1 });
    expect(smsSize(`${"a".repeat(66)}🙂${"a".repeat(3)}`).segments).toBe(2);
  });
});
