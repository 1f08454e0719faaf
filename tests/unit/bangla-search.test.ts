import { describe, expect, it } from "vitest";
import { romaniseBangla, searchTerm } from "../../server/lib/bangla-search";

describe("romaniseBangla", () => {
  it("writes garment words the way shoppers type them in Latin letters", () => {
    expect(romaniseBangla("পাঞ্জাবি")).toBe("panjabi");
    expect(romaniseBangla("পাঞ্জাবী")).toBe("panjabi");
    expect(romaniseBangla("শার্ট")).toBe("shart");
    expect(romaniseBangla("শাড়ি")).toBe("shari");
    expect(romaniseBangla("লুঙ্গি")).toBe("lungi");
    expect(romaniseBangla("কুর্তি")).toBe("kurti");
    expect(romaniseBangla("জিন্স")).toBe("jins");
    expect(romaniseBangla("হুডি")).toBe("hudi");
    expect(romaniseBangla("ফতুয়া")).toBe("fotuya");
  });

  it("silences য-ফলা and the inherent vowel at a word's end, sounds it inside", () => {
    expect(romaniseBangla("ব্যাগ")).toBe("bag");
    expect(romaniseBangla("কলম")).toBe("kolom");
    expect(romaniseBangla("মেরুন")).toBe("merun");
    expect(romaniseBangla("রং")).toBe("rong");
  });

  it("reads ড়, ঢ় and য় alike whether composed or split (NFC or NFD)", () => {
    for (const word of ["শাড়ি", "মেয়েদের"]) {
      expect(romaniseBangla(word.normalize("NFD"))).toBe(romaniseBangla(word.normalize("NFC")));
      expect(romaniseBangla(word.normalize("NFKC"))).toBe(romaniseBangla(word));
    }
    expect(romaniseBangla("মেয়েদের")).toBe("meyeder");
    // U+09DC, the precomposed ড়, as some keyboards type it.
    expect(romaniseBangla("শা\u09dcি")).toBe("shari");
  });
});

describe("searchTerm", () => {
  it("lower-cases Latin terms and leaves them otherwise alone", () => {
    expect(searchTerm("Panjabi")).toBe("panjabi");
    expect(searchTerm("t-shirt")).toBe("t-shirt");
  });

  it("turns Bangla digits into ASCII digits and Bangla letters into the romanised term", () => {
    expect(searchTerm("৫০০")).toBe("500");
    expect(searchTerm("পাঞ্জাবি")).toBe("panjabi");
    expect(searchTerm("পাঞ্জাবি".normalize("NFD"))).toBe("panjabi");
  });
});
