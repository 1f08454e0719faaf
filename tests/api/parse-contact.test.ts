import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { MAX_PASTED_CONTACT_LENGTH } from "#contract/schemas/staff-orders";
import { bearer, createAdmin } from "../factories/user";
import { clearDatabase } from "../setup/db";

/**
 * The order dialog's paste box (docs/order-desk.md, "The paste box"): customers' messages as they
 * arrive on Messenger, WhatsApp and by SMS, in English and Bangla, labelled or not, read for the
 * name, the mobile (any digit script, +880/880/0 forms), the district and thana ids and the rest of
 * the address.
 */
const app = createApp();
let token: string;

beforeAll(async () => {
  await clearDatabase();
  token = (await createAdmin()).token;
});

const parse = (text: string) =>
  request(app).post("/api/admin/orders/parse-contact").set(bearer(token)).send({ text });

const MESSAGES: [message: string, found: Record<string, string>][] = [
  [
    "Name: Rahim Uddin\nPhone: ০১৭১২-৩৪৫৬৭৮\nAddress: House 12, Road 5, Mirpur 10, Dhaka",
    {
      name: "Rahim Uddin",
      mobile: "01712345678",
      districtId: "dhaka",
      thanaId: "dhaka/mirpur",
      streetAddress: "House 12, Road 5, Mirpur 10",
    },
  ],
  [
    "নামঃ ফাতেমা বেগম\nমোবাইলঃ ০১৮১২৩৪৫৬৭৮\nঠিকানাঃ বাড়ি ৫, রোড ২, ধানমন্ডি, ঢাকা",
    {
      name: "ফাতেমা বেগম",
      mobile: "01812345678",
      districtId: "dhaka",
      thanaId: "dhaka/dhanmondi",
      streetAddress: "বাড়ি ৫, রোড ২",
    },
  ],
  [
    "Karim Hossain\n+8801912345678\nSector 7, Uttara, Dhaka",
    {
      name: "Karim Hossain",
      mobile: "01912345678",
      districtId: "dhaka",
      streetAddress: "Sector 7, Uttara",
    },
  ],
  [
    "Sumaiya Akter, 01612345678, Agrabad, Chattogram",
    {
      name: "Sumaiya Akter",
      mobile: "01612345678",
      districtId: "chattogram",
      streetAddress: "Agrabad",
    },
  ],
  [
    "name - Tanvir\nnumber: 8801512345678\naddress: Vill: Kashimpur, Sreepur, Gazipur",
    {
      name: "Tanvir",
      mobile: "01512345678",
      districtId: "gazipur",
      thanaId: "gazipur/sreepur",
      streetAddress: "Vill: Kashimpur",
    },
  ],
  [
    "Phone: 01311-223344\nName: Arif\nDistrict: Narayanganj\nThana: Fatullah\nAddress: Pagla bazar, near mosque",
    {
      name: "Arif",
      mobile: "01311223344",
      districtId: "narayanganj",
      thanaId: "narayanganj/narayanganj-sadar",
      streetAddress: "Pagla bazar, near mosque",
    },
  ],
  [
    "নাম: সাকিব হাসান\nফোন: +৮৮০ ১৯১২ ৩৪৫৬৭৮\nজেলা: কুমিল্লা\nথানা: দেবিদ্বার\nঠিকানা: গ্রাম চান্দিনা রোড",
    {
      name: "সাকিব হাসান",
      mobile: "01912345678",
      districtId: "cumilla",
      thanaId: "cumilla/debidwar",
      streetAddress: "গ্রাম চান্দিনা রোড",
    },
  ],
  [
    "Mitu\n01812345679\nmitu@example.com\nKhulna Sadar, Khulna",
    {
      name: "Mitu",
      mobile: "01812345679",
      email: "mitu@example.com",
      districtId: "khulna",
      streetAddress: "Khulna Sadar",
    },
  ],
  [
    "Customer Name: Jannatul Ferdous\nMobile No: 01712-000111\nFull Address: Flat 4B, House 21, Banani, Dhaka 1213",
    {
      name: "Jannatul Ferdous",
      mobile: "01712000111",
      districtId: "dhaka",
      thanaId: "dhaka/banani",
      streetAddress: "Flat 4B, House 21, Dhaka 1213",
    },
  ],
  [
    "Rakib 01912000222 Savar",
    {
      name: "Rakib",
      mobile: "01912000222",
      districtId: "dhaka",
      thanaId: "dhaka/savar",
      streetAddress: "Savar",
    },
  ],
  [
    "নামঃ রুমা আক্তার\nনম্বরঃ ০১৬১১২২২৩৩৩\nঠিকানাঃ কক্সবাজার সদর, কক্সবাজার",
    {
      name: "রুমা আক্তার",
      mobile: "01611222333",
      districtId: "coxsbazar",
      thanaId: "coxsbazar/coxsbazar-sadar",
      streetAddress: "কক্সবাজার সদর, কক্সবাজার",
    },
  ],
  [
    // The order's lines under their own labels are not the contact.
    "Size: L\nColor: Black\nName: Shuvo\nMobile: 01511111222\nAddress: Boalia, Rajshahi",
    { name: "Shuvo", mobile: "01511111222", districtId: "rajshahi", streetAddress: "Boalia" },
  ],
  [
    "Tasnim, 01722333444, House 3, Road 9, Dhanmondi, Dhaka",
    {
      name: "Tasnim",
      mobile: "01722333444",
      districtId: "dhaka",
      thanaId: "dhaka/dhanmondi",
      streetAddress: "House 3, Road 9",
    },
  ],
  [
    // An older spelling of the district (Bogra) is the same district.
    "Name: Babul Mia\nPhone: 01855667788\nAddress: Bogura Sadar, Bogra",
    {
      name: "Babul Mia",
      mobile: "01855667788",
      districtId: "bogura",
      thanaId: "bogura/bogura-sadar",
      streetAddress: "Bogura Sadar, Bogra",
    },
  ],
  [
    // A number too short is no mobile; the rest is still read.
    "Name: Mehedi\nPhone: 0171234\nAddress: Rajshahi",
    { name: "Mehedi", districtId: "rajshahi", streetAddress: "Rajshahi" },
  ],
  [
    "Nusrat Jahan\n01712 345 678\nZindabazar, Sylhet",
    {
      name: "Nusrat Jahan",
      mobile: "01712345678",
      districtId: "sylhet",
      streetAddress: "Zindabazar",
    },
  ],
  [
    // Sreepur is in Gazipur: the district with a thana of it named wins over the division's name.
    "Shamim\n০১৯৮৭৬৫৪৩২১\nMawna, Sreepur, Gazipur, Dhaka",
    {
      name: "Shamim",
      mobile: "01987654321",
      districtId: "gazipur",
      thanaId: "gazipur/sreepur",
      streetAddress: "Mawna, Dhaka",
    },
  ],
  ["hello bhai order dite chai", { streetAddress: "hello bhai order dite chai" }],
];

describe("POST /api/admin/orders/parse-contact", () => {
  it.each(MESSAGES)("reads %j", async (message, found) => {
    const answer = await parse(message);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(found);
  });

  it("answers what it can of any text, and refuses more than 2,000 characters", async () => {
    for (const text of ["", "\u202e\u200d\t", "::::\n----\n::", "০".repeat(2_000)]) {
      const answer = await parse(text);
      expect(answer.status).toBe(200);
      expect(answer.body.mobile).toBeUndefined();
    }
    const tooLong = await parse("x".repeat(MAX_PASTED_CONTACT_LENGTH + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors[0].path).toBe("text");
  });
});
