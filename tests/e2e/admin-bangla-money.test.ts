/**
 * The back office's money and staff screens in Bangla (docs/i18n.md, "The back office in Bangla"),
 * in a real browser: an owner whose back office is Bangla opens courier cash, couriers, payment
 * gateways, payments, settings and staff at 375 px and 1280 px. No English UI text is left (names, codes and
 * the couriers' and gateways' brands are allowed), and one real action per screen works in Bangla:
 * the collected cash recorded (money in Bangla digits with lakh grouping), a settlement chosen, a
 * courier's settings saved, a staff member deactivated.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { User } from "../../models/user.model";
import { COURIER_NAMES } from "../../contract/couriers";
import { ONLINE_PAYMENT_METHOD_NAMES } from "../../contract/payment-methods";
import { createOrder } from "../factories/order";
import { createPayment } from "../factories/payment";
import { createAdmin } from "../factories/user";
import { useAdminSession } from "./admin-shop";
import { englishUiText } from "./bangla-detector";

const session = useAdminSession();

const WIDTHS = [375, 1280] as const;

describe("the back office's money and staff screens in Bangla", () => {
  it("an owner works courier cash, couriers, gateways, payments, settings and staff in Bangla", async () => {
    const { user: owner, token } = await createAdmin({
      adminLocale: "bn",
      email: `owner-${randomUUID().slice(0, 8)}@tweest.local`,
    });
    const packer = await createAdmin({
      staffRole: "packer",
      firstName: "Sumon",
      lastName: "Mia",
      email: `packer-${randomUUID().slice(0, 8)}@tweest.local`,
    });
    const orderNumber = `TW-BNM-${randomUUID().slice(0, 6).toUpperCase()}`;
    const parcel = await createOrder({
      orderNumber,
      orderStatus: "DELIVERED",
      paymentMethod: "COD",
      totalDiscountedPrice: 125000,
    });
    await createPayment({ method: "BKASH", amount: 125000 });
    // Names and codes the shop writes in Latin letters: brands, people, e-mail addresses.
    const allowed = [
      // Every back-office page's title ends "— Tweest admin", the back office's name.
      "Tweest admin",
      "Tweest",
      // File formats' names (a CSV download, a key as PEM), as the catalogue's CSV panel writes them.
      "CSV",
      "PEM",
      // The message service's name, as the catalogue test counts it a code too.
      "SMS",
      ...Object.values(COURIER_NAMES),
      ...Object.values(ONLINE_PAYMENT_METHOD_NAMES),
      owner.email,
      owner.firstName,
      owner.lastName ?? "",
    ];

    const page = await session.tab(token);
    const screen = session.screen(page);
    /** English left in the back office's own parts, read whatever the page declares. */
    const english = () => englishUiText(page, allowed, ".admin-shell, [role=dialog]");
    /** The screen at both widths, with no English left. */
    const walk = async (path: string, heading: string) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        await screen.visit(path);
        await page.getByRole("heading", { name: heading, exact: true }).waitFor();
        expect(await english(), `${path} at ${width} px`).toEqual([]);
      }
    };
    const bangla = async (locator: ReturnType<Page["getByTestId"]>) =>
      (await locator.textContent()) ?? "";

    // Courier cash: record what the courier collected, then choose the parcel for a settlement.
    await walk("/admin/courier-cash", "কুরিয়ারের টাকা");
    const collected = page.getByLabel(`${orderNumber}-এ আদায় (টাকা)`);
    await collected.fill("125000");
    await page
      .locator("form", { has: collected })
      .getByRole("button", { name: "রেকর্ড করুন" })
      .click();
    await screen.toast(`${orderNumber}: ৳১,২৫,০০০ আদায় হয়েছে`).waitFor();
    expect((await Order.findById(parcel._id).lean())?.cashCollected?.amount).toBe(125000);
    await page.getByLabel(`${orderNumber} সেটেলমেন্টে যোগ করুন`).check();
    await expect
      .poll(() => bangla(page.getByTestId("settlement-chosen")))
      .toBe("১টি পার্সেল বাছা হয়েছে, আদায় ৳১,২৫,০০০।");
    expect(await english()).toEqual([]);

    // A payout statement: each row's reason in Bangla, its money and line numbers in Bangla digits.
    const unrecorded = await createOrder({
      orderNumber: `${orderNumber}-S`,
      orderStatus: "DELIVERED",
      paymentMethod: "COD",
      totalDiscountedPrice: 900,
    });
    const placed = await createOrder({ orderNumber: `${orderNumber}-P`, orderStatus: "PLACED" });
    for (const [order, status] of [
      [unrecorded, "delivered"],
      [placed, "pickup-pending"],
    ] as const)
      await Order.updateOne(
        { _id: order._id },
        {
          $set: {
            shipment: {
              courier: "redx",
              consignmentId: `RX-${order.orderNumber}`,
              trackingNumber: `RXT-${order.orderNumber}`,
              status,
            },
          },
        },
      );
    await page.getByLabel("স্টেটমেন্ট যার").selectOption("redx");
    await page.getByLabel("স্টেটমেন্ট (CSV)").setInputFiles({
      name: "redx.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        [
          "Consignment ID,Invoice,Cash Collection",
          `RX-${unrecorded.orderNumber},,850`,
          `,${placed.orderNumber},500`,
          `RX-${unrecorded.orderNumber},,850`,
          "NOT-OURS,,300",
        ].join("\n"),
      ),
    });
    await page.getByLabel("পেআউট নম্বর").fill(`RX-PAY-${orderNumber}`);
    await page.getByLabel("পেআউটের তারিখ").fill("2026-11-26");
    await page.getByRole("button", { name: "আপলোড করে মেলান" }).click();
    await page.getByTestId("statement-preview").waitFor();
    const notes = await page
      .getByTestId("statement-row")
      .evaluateAll((rows) =>
        rows.map((row) => row.querySelector("td:last-child span + span")?.textContent),
      );
    expect(notes).toEqual([
      `আদায়ের জন্য পাঠানো হয়েছিল ৳৯০০; স্টেটমেন্টে ৳৮৫০`,
      `${placed.orderNumber} ডেলিভারি হওয়া ক্যাশ অন ডেলিভারি পার্সেল নয় (অর্ডার হয়েছে)`,
      `${unrecorded.orderNumber} দুবার আছে (২ নম্বর লাইনেও)`,
      "NOT-OURS নামে শপের কোনো পার্সেল নেই",
    ]);
    expect(await english()).toEqual([]);

    // Couriers: the other courier's switch saved, its toast in Bangla.
    await walk("/admin/couriers", "কুরিয়ার");
    const manual = page.getByTestId("courier-manual-form");
    await manual.getByTestId("courier-manual-enabled").click();
    await manual.getByTestId("courier-manual-save").click();
    await screen.toast(/সংরক্ষণ হয়েছে$/).waitFor();

    // Payment gateways and payments: read in Bangla, the payment's money in Bangla digits.
    await walk("/admin/payment-gateways", "পেমেন্ট গেটওয়ে");
    await walk("/admin/payments", "পেমেন্ট");
    expect(await bangla(page.getByTestId("payment-row").first())).toContain("৳১,২৫,০০০");

    // Settings: read in Bangla at both widths (the delivery zones and their places by their
    // Bangla names), and a save answers in Bangla.
    await walk("/admin/settings", "শপের সেটিংস");
    await page.getByRole("group", { name: /বাকি সব জায়গা$/ }).waitFor();
    await page.getByLabel("প্রতি অর্ডারে ভিন্ন আইটেম").fill("18");
    await page.getByRole("button", { name: "সেটিংস সংরক্ষণ করুন" }).click();
    await screen.toast("সেটিংস সংরক্ষণ হয়েছে").waitFor();
    await page
      .getByRole("list", { name: "সেটিংসের পরিবর্তন" })
      .locator("li", { hasText: /প্রতি অর্ডারে ভিন্ন আইটেম: [০-৯]+ → ১৮/ })
      .first()
      .waitFor();

    // Staff: deactivate the packer; the toast and the state read in Bangla.
    await walk("/admin/staff", "স্টাফ");
    const member = page.getByTestId("staff-member").filter({ hasText: packer.user.email });
    await member.getByRole("button", { name: "নিষ্ক্রিয় করুন" }).click();
    await screen.toast("স্টাফের তথ্য আপডেট হয়েছে").waitFor();
    await member.getByText("নিষ্ক্রিয়", { exact: true }).waitFor();
    expect((await User.findById(packer.user._id).lean())?.staffActive).toBe(false);
    expect(await english()).toEqual([]);
    // Six screens, each at two widths: room for a machine busy with other tests.
  }, 120_000);
});
