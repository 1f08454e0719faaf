import { formatMoney, formatNumber, type Locale } from "#contract/i18n";
import type { StandardPageSlug } from "#contract/schemas/pages";
import type { ShopSettings } from "#contract/schemas/shop-settings";

/**
 * The first text of every standard page (docs/pages.md), written from the shop settings in force
 * when the page is created: contact details, delivery charges, the return window. From then on the
 * page is the owner's text; a later change of the settings does not rewrite it (the terms a
 * shopper accepted must not change under a version number).
 *
 * The deadlines follow Bangladesh's Digital Commerce Operation Guidelines 2021: delivery within
 * 5 days in the same city and 10 days elsewhere, a refund within 10 working days.
 */
export interface DefaultPage {
  slug: StandardPageSlug;
  title: Record<Locale, string>;
  body: Record<Locale, string>;
}

type Texts = Record<Locale, string>;

function contactLines(settings: ShopSettings, locale: Locale): string {
  const { contact, channels } = settings;
  const bn = locale === "bn";
  const lines = [
    contact.phone && (bn ? `- ফোন: ${contact.phone}` : `- Phone: ${contact.phone}`),
    channels.whatsapp &&
      (bn ? `- হোয়াটসঅ্যাপ: ${channels.whatsapp}` : `- WhatsApp: ${channels.whatsapp}`),
    channels.messenger &&
      (bn
        ? `- মেসেঞ্জার: [m.me/${channels.messenger}](https://m.me/${channels.messenger})`
        : `- Messenger: [m.me/${channels.messenger}](https://m.me/${channels.messenger})`),
    contact.email &&
      (bn
        ? `- ইমেইল: [${contact.email}](mailto:${contact.email})`
        : `- Email: [${contact.email}](mailto:${contact.email})`),
    contact.address && (bn ? `- ঠিকানা: ${contact.address}` : `- Address: ${contact.address}`),
    contact.hours && (bn ? `- সময়: ${contact.hours}` : `- Hours: ${contact.hours}`),
  ].filter(Boolean);
  if (lines.length > 0) return lines.join("\n");
  return bn
    ? "প্রতিটি পাতার নিচে দেওয়া যোগাযোগের তথ্যে আমাদের পাবেন।"
    : "You find our contact details at the bottom of every page.";
}

/** One line per delivery zone (the fallback last) and the free-delivery threshold. */
function deliveryCharges(settings: ShopSettings, locale: Locale): string {
  const { zones, fallbackZone, freeDeliveryThreshold } = settings.delivery;
  const money = (amount: number) => formatMoney(amount, locale);
  const bn = locale === "bn";
  return [
    ...[...zones, fallbackZone].map(
      (zone) => `- ${bn ? zone.nameBn : zone.name}: ${money(zone.charge)}`,
    ),
    freeDeliveryThreshold > 0 &&
      (bn
        ? `- ${money(freeDeliveryThreshold)} বা তার বেশি কেনাকাটায় (ছাড়ের পরে) ডেলিভারি ফ্রি`
        : `- Free delivery on orders of ${money(freeDeliveryThreshold)} or more (after discounts)`),
  ]
    .filter(Boolean)
    .join("\n");
}

function returnWindow(settings: ShopSettings, locale: Locale): Texts[Locale] {
  const days = settings.business.returnDays;
  if (locale === "bn")
    return days > 0
      ? `পণ্য হাতে পাওয়ার ${formatNumber(days, "bn")} দিনের মধ্যে আমাদের জানালে আমরা ফেরত বা বদল নিই।`
      : "আমরা সাধারণত পণ্য ফেরত নিই না; তবে ভুল, ত্রুটিপূর্ণ বা ক্ষতিগ্রস্ত পণ্য ডেলিভারির সময়ই ফেরত দিতে পারবেন।";
  return days > 0
    ? `Tell us within ${days} ${days === 1 ? "day" : "days"} of receiving your parcel and we take it back or exchange it.`
    : "We do not take items back in general; a wrong, faulty or damaged item you can return to the delivery person at once.";
}

export function defaultPages(settings: ShopSettings): DefaultPage[] {
  const contact = { en: contactLines(settings, "en"), bn: contactLines(settings, "bn") };
  const charges = { en: deliveryCharges(settings, "en"), bn: deliveryCharges(settings, "bn") };
  const returns = { en: returnWindow(settings, "en"), bn: returnWindow(settings, "bn") };
  const { tradeLicence, tin } = settings.business;
  const registration = {
    en: [tradeLicence && `Trade licence: ${tradeLicence}`, tin && `TIN: ${tin}`]
      .filter(Boolean)
      .join(" · "),
    bn: [tradeLicence && `ট্রেড লাইসেন্স: ${tradeLicence}`, tin && `টিআইএন: ${tin}`]
      .filter(Boolean)
      .join(" · "),
  };

  return [
    {
      slug: "about",
      title: { en: "About us", bn: "আমাদের সম্পর্কে" },
      body: {
        en: `Tweest makes everyday clothes for men, women and children and delivers them to every district of Bangladesh.

We choose fabrics that suit our weather, show every product with its real colours and sizes, and let you pay cash when the parcel arrives.

${registration.en ? `${registration.en}\n\n` : ""}## Contact us

${contact.en}`,
        bn: `টুইস্ট ছেলে, মেয়ে ও শিশুদের প্রতিদিনের পোশাক তৈরি করে এবং বাংলাদেশের প্রতিটি জেলায় পৌঁছে দেয়।

আমাদের আবহাওয়ার উপযোগী কাপড় বেছে নিই, প্রতিটি পণ্যের আসল রং ও মাপ দেখাই, আর পার্সেল হাতে পেয়ে টাকা পরিশোধের সুযোগ দিই।

${registration.bn ? `${registration.bn}\n\n` : ""}## যোগাযোগ

${contact.bn}`,
      },
    },
    {
      slug: "terms",
      title: { en: "Terms and conditions", bn: "শর্তাবলি" },
      body: {
        en: `By placing an order on this website you accept these terms.

## Orders

- An order is a request to buy; it is confirmed when we call or message you, or when it ships.
- We may cancel an order when an item is out of stock, the price was shown wrongly, or we cannot reach you at the phone number you gave. Anything you paid for a cancelled order is refunded in full.
- Prices are in taka and include VAT. The delivery charge is shown before you place the order.

## Payment

- Cash on delivery: pay the delivery person the amount shown on your order.
- Online payment, where offered: your order is placed once the payment is confirmed.

## Delivery

Inside the same city we deliver within 5 days, elsewhere in Bangladesh within 10 days of confirming the order. See our delivery information page for the charges.

## Returns and refunds

${returns.en} See our return and exchange policy. Refunds are paid within 10 working days, by the method you paid with or by bKash/Nagad for cash orders.

## Your information

We use your name, phone number and address only to deliver your order and to tell you about it; see our privacy policy.

## Contact

${contact.en}`,
        bn: `এই ওয়েবসাইটে অর্ডার করলে আপনি এই শর্তাবলি মেনে নিচ্ছেন।

## অর্ডার

- অর্ডার মানে কেনার অনুরোধ; আমরা ফোন বা মেসেজে নিশ্চিত করলে অথবা পাঠিয়ে দিলে অর্ডারটি নিশ্চিত হয়।
- পণ্য স্টকে না থাকলে, দাম ভুল দেখালে বা দেওয়া ফোন নম্বরে আপনাকে না পেলে আমরা অর্ডার বাতিল করতে পারি। বাতিল অর্ডারের জন্য দেওয়া সব টাকা ফেরত দেওয়া হয়।
- দাম টাকায়, ভ্যাটসহ। অর্ডার করার আগেই ডেলিভারি চার্জ দেখানো হয়।

## পেমেন্ট

- ক্যাশ অন ডেলিভারি: অর্ডারে দেখানো টাকা ডেলিভারি কর্মীকে দিন।
- অনলাইন পেমেন্ট (যেখানে আছে): পেমেন্ট নিশ্চিত হলে অর্ডারটি গ্রহণ করা হয়।

## ডেলিভারি

অর্ডার নিশ্চিত হওয়ার পর একই শহরে ৫ দিনের মধ্যে, বাংলাদেশের অন্য যেকোনো জায়গায় ১০ দিনের মধ্যে পৌঁছে দিই। চার্জের জন্য ডেলিভারি তথ্যের পাতা দেখুন।

## ফেরত ও রিফান্ড

${returns.bn} বিস্তারিত আমাদের ফেরত ও বদল নীতিতে। রিফান্ড ১০ কর্মদিবসের মধ্যে দেওয়া হয়: যে মাধ্যমে টাকা দিয়েছেন সেখানে, ক্যাশ অর্ডারের জন্য বিকাশ/নগদে।

## আপনার তথ্য

আপনার নাম, ফোন নম্বর ও ঠিকানা শুধু অর্ডার পৌঁছে দিতে ও সে বিষয়ে জানাতে ব্যবহার করি; আমাদের গোপনীয়তা নীতি দেখুন।

## যোগাযোগ

${contact.bn}`,
      },
    },
    {
      slug: "privacy",
      title: { en: "Privacy policy", bn: "গোপনীয়তা নীতি" },
      body: {
        en: `## What we keep

- Your name, mobile number, email (if you give one) and delivery addresses.
- Your orders and what you paid. Card and bKash details are entered on the payment gateway's page; we never see or keep them.

## Why

To deliver your orders, to send you order updates by SMS or email, and to stop fraud (a number that refuses many parcels may be asked to pay the delivery charge in advance).

## Who else sees it

Only the courier that brings your parcel (name, phone, address, amount to collect) and the payment gateway you choose. We do not sell your information.

## Your choices

Ask us to show, correct or delete your information:

${contact.en}`,
        bn: `## আমরা কী রাখি

- আপনার নাম, মোবাইল নম্বর, ইমেইল (দিলে) ও ডেলিভারির ঠিকানা।
- আপনার অর্ডার ও পরিশোধের তথ্য। কার্ড ও বিকাশের তথ্য পেমেন্ট গেটওয়ের পাতায় দেন; আমরা তা দেখি না, রাখিও না।

## কেন

অর্ডার পৌঁছে দিতে, এসএমএস বা ইমেইলে অর্ডারের খবর জানাতে এবং প্রতারণা ঠেকাতে (যে নম্বর অনেক পার্সেল ফেরত দেয়, তাকে আগে ডেলিভারি চার্জ দিতে বলা হতে পারে)।

## আর কে দেখে

শুধু যে কুরিয়ার পার্সেল পৌঁছে দেয় (নাম, ফোন, ঠিকানা, আদায়ের টাকা) এবং আপনার বেছে নেওয়া পেমেন্ট গেটওয়ে। আমরা আপনার তথ্য বিক্রি করি না।

## আপনার অধিকার

আপনার তথ্য দেখতে, ঠিক করতে বা মুছে ফেলতে আমাদের বলুন:

${contact.bn}`,
      },
    },
    {
      slug: "returns",
      title: { en: "Return and exchange policy", bn: "ফেরত ও বদল নীতি" },
      body: {
        en: `${returns.en}

## When we take an item back

- The size does not fit: we exchange it for another size or colour while stock lasts.
- The item is faulty, damaged or not what you ordered: check the parcel in front of the delivery person and return it at once, or tell us within the window above; we pay the delivery both ways.
- Items must be unworn, unwashed and with their tags. Innerwear and items altered on request are not returned.

## How

1. Contact us with your order number and a photo of the item.
2. We arrange the pickup or tell you where to send it.
3. An exchange ships within 3 days of receiving the item.

## Refunds

Refunds are paid within 10 working days of receiving the returned item, by the method you paid with, or by bKash/Nagad for cash-on-delivery orders. For a size exchange you may be asked to pay the delivery charge.

## Contact

${contact.en}`,
        bn: `${returns.bn}

## কখন ফেরত নিই

- মাপ মেলেনি: স্টক থাকা পর্যন্ত অন্য মাপ বা রঙে বদলে দিই।
- পণ্য ত্রুটিপূর্ণ, ক্ষতিগ্রস্ত বা অর্ডারের সাথে মেলে না: ডেলিভারি কর্মীর সামনে পার্সেল দেখে তখনই ফেরত দিন, অথবা ওপরের সময়ের মধ্যে জানান; দুই দিকের ডেলিভারি খরচ আমাদের।
- পণ্যটি না পরা, না ধোয়া ও ট্যাগসহ থাকতে হবে। অন্তর্বাস ও অনুরোধে পরিবর্তন করা পণ্য ফেরত হয় না।

## কীভাবে

1. অর্ডার নম্বর ও পণ্যের ছবিসহ আমাদের জানান।
2. আমরা পিকআপের ব্যবস্থা করি বা কোথায় পাঠাবেন জানাই।
3. পণ্য পাওয়ার ৩ দিনের মধ্যে বদলের পণ্য পাঠাই।

## রিফান্ড

ফেরত পণ্য পাওয়ার ১০ কর্মদিবসের মধ্যে রিফান্ড দেওয়া হয়: যে মাধ্যমে টাকা দিয়েছেন সেখানে, ক্যাশ অন ডেলিভারি অর্ডারের জন্য বিকাশ/নগদে। মাপ বদলের জন্য ডেলিভারি চার্জ দিতে হতে পারে।

## যোগাযোগ

${contact.bn}`,
      },
    },
    {
      slug: "delivery",
      title: { en: "Delivery information", bn: "ডেলিভারি তথ্য" },
      body: {
        en: `We deliver to every district of Bangladesh through our courier partners.

## Charges

${charges.en}

The charge is shown at checkout before you place the order.

## How long it takes

- Inside the same city: within 5 days of confirming your order (usually 1–2 days in Dhaka).
- Elsewhere in Bangladesh: within 10 days (usually 2–4 days).

We send an SMS when your parcel ships, with the courier's name and tracking number. You can follow your order on our order tracking page with your order number and mobile number.

## At the door

Check the parcel before you pay. If something is wrong, return it to the delivery person; see our return and exchange policy.

## Contact

${contact.en}`,
        bn: `আমাদের কুরিয়ার পার্টনারের মাধ্যমে বাংলাদেশের প্রতিটি জেলায় ডেলিভারি দিই।

## চার্জ

${charges.bn}

অর্ডার করার আগে চেকআউটে চার্জ দেখানো হয়।

## কত দিন লাগে

- একই শহরে: অর্ডার নিশ্চিত হওয়ার ৫ দিনের মধ্যে (ঢাকায় সাধারণত ১–২ দিন)।
- বাংলাদেশের অন্য জায়গায়: ১০ দিনের মধ্যে (সাধারণত ২–৪ দিন)।

পার্সেল পাঠানোর সময় কুরিয়ারের নাম ও ট্র্যাকিং নম্বরসহ এসএমএস পাঠাই। অর্ডার নম্বর ও মোবাইল নম্বর দিয়ে আমাদের অর্ডার ট্র্যাকিং পাতায় অর্ডারের খবর দেখতে পারবেন।

## দরজায়

টাকা দেওয়ার আগে পার্সেল দেখে নিন। কোনো সমস্যা থাকলে ডেলিভারি কর্মীকে ফেরত দিন; আমাদের ফেরত ও বদল নীতি দেখুন।

## যোগাযোগ

${contact.bn}`,
      },
    },
    {
      slug: "how-to-order",
      title: { en: "How to order", bn: "কীভাবে অর্ডার করবেন" },
      body: {
        en: `1. Choose a product, its colour and size, and tap **Add to cart**. Not sure about the size? Open the size guide on the product page.
2. Open the cart, check the quantities and apply a promo code if you have one.
3. Tap **Checkout**. You can order as a guest: no account needed.
4. Write your name, mobile number and delivery address (district, area).
5. Choose how to pay: cash on delivery, or online where offered.
6. Tick **I accept the terms** and tap **Place order**. You get an order number and an SMS.

Prefer to ask first? Message us:

${contact.en}`,
        bn: `1. পণ্য, রং ও মাপ বেছে **কার্টে যোগ করুন** চাপুন। মাপ নিয়ে দ্বিধা? পণ্যের পাতায় সাইজ গাইড দেখুন।
2. কার্ট খুলে পরিমাণ দেখে নিন, প্রোমো কোড থাকলে দিন।
3. **চেকআউট** চাপুন। অ্যাকাউন্ট ছাড়াই অতিথি হিসেবে অর্ডার করা যায়।
4. নাম, মোবাইল নম্বর ও ডেলিভারির ঠিকানা (জেলা, এলাকা) লিখুন।
5. পেমেন্টের উপায় বেছে নিন: ক্যাশ অন ডেলিভারি, বা যেখানে আছে সেখানে অনলাইন।
6. **শর্তাবলি মেনে নিচ্ছি** টিক দিয়ে **অর্ডার করুন** চাপুন। একটি অর্ডার নম্বর ও এসএমএস পাবেন।

আগে জেনে নিতে চান? আমাদের মেসেজ দিন:

${contact.bn}`,
      },
    },
    {
      slug: "faq",
      title: { en: "Frequently asked questions", bn: "সাধারণ প্রশ্ন" },
      body: {
        en: `### Can I pay when the parcel arrives?

Yes, cash on delivery is available everywhere in Bangladesh.

### How much is delivery?

${charges.en}

### How long does delivery take?

Within 5 days in the same city and 10 days elsewhere; usually 1–4 days.

### The size does not fit. What now?

${returns.en} See our return and exchange policy.

### How do I track my order?

Open "Track order" at the bottom of any page and enter your order number and mobile number.

### Can I order many pieces for my office or event?

Yes: use our bulk t-shirt order page.

### How do I reach you?

${contact.en}`,
        bn: `### পার্সেল হাতে পেয়ে কি টাকা দেওয়া যায়?

হ্যাঁ, সারা বাংলাদেশে ক্যাশ অন ডেলিভারি আছে।

### ডেলিভারি চার্জ কত?

${charges.bn}

### ডেলিভারিতে কত দিন লাগে?

একই শহরে ৫ দিনের মধ্যে, অন্য জায়গায় ১০ দিনের মধ্যে; সাধারণত ১–৪ দিন।

### মাপ মেলেনি, এখন কী করব?

${returns.bn} আমাদের ফেরত ও বদল নীতি দেখুন।

### অর্ডার কোথায় আছে কীভাবে দেখব?

যেকোনো পাতার নিচে "অর্ডার ট্র্যাক করুন" খুলে অর্ডার নম্বর ও মোবাইল নম্বর দিন।

### অফিস বা অনুষ্ঠানের জন্য অনেক পিস অর্ডার করা যায়?

হ্যাঁ: আমাদের বাল্ক টি-শার্ট অর্ডারের পাতা ব্যবহার করুন।

### কীভাবে যোগাযোগ করব?

${contact.bn}`,
      },
    },
  ];
}
