/**
 * The admin back office in a real browser (issue 8): the guard and the remembered path, a product
 * created with an image and seen in the storefront, an order moved to delivered, popup images
 * reordered by drag and drop and by keyboard, and a non-admin refused. Every admin screen is
 * photographed into tests/artifacts/.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { Product } from "../../models/product.model";
import { PromoCode } from "../../models/promo-code.model";
import { SizeGuide } from "../../models/size-guide.model";
import { TshirtOrder } from "../../models/tshirt-order.model";
import { createOrder } from "../factories/order";
import { signIn, useAdminSession } from "./admin-shop";
import { allowBrowserProblems } from "./guard";
import { ARTIFACTS, screenshots } from "./harness";
import { ADMIN, CUSTOMER, LoginPage } from "./pages/login-page";

// A private copy of the build: other work in this tree rebuilds ./build while these tests run.
const session = useAdminSession();

const signInAs = (credentials: { email: string; password: string }) =>
  signIn(session.shop, credentials);

/** A tab that already saw the campaign popup, optionally with a stored token. */
const newTab = (token?: string): Promise<Page> => session.tab(token ?? "");

/** One screenshot at the current viewport (1280 px wide unless set otherwise). */
async function shot(page: Page, name: string) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

const openAdmin = (page: Page, pathname: string) => session.screen(page).open(pathname);

describe("admin guard", () => {
  it("sends a visitor without a token to /login and lands the admin on the remembered path", async () => {
    const page = await newTab();
    await page.goto(`${session.shop.baseUrl}/admin/orders?status=PLACED`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(await page.evaluate(() => localStorage.getItem("redirectAfterLogin"))).toBe(
      "/admin/orders?status=PLACED",
    );
    await new LoginPage(page).signIn(ADMIN);
    await page.waitForURL(
      (url) => url.pathname === "/admin/orders" && url.search === "?status=PLACED",
    );
    await page.getByRole("heading", { name: "Orders", level: 1 }).waitFor();
    expect(await page.getByLabel("Status").inputValue()).toBe("PLACED");
    expect(await page.evaluate(() => localStorage.getItem("redirectAfterLogin"))).toBeNull();
    await page.close();
  });

  it("refuses a signed-in customer and an invalid token with the spec's texts", async () => {
    // The customer's admin check, then the rejected token on every start-up call.
    allowBrowserProblems(
      "403 GET /api/users/verify-admin",
      "401 GET /api/users/verify-admin",
      "401 GET /api/users/profile",
      "401 GET /api/cart",
    );
    const customerToken = await signInAs(CUSTOMER);
    const page = await newTab(customerToken);
    await page.goto(`${session.shop.baseUrl}/admin/products`);
    const denied = page.getByTestId("admin-access-denied");
    await denied.waitFor();
    expect(await denied.getByRole("alert").textContent()).toBe(
      "Access denied - admin privileges required",
    );
    expect(await denied.getByRole("heading").textContent()).toBe("Access denied");
    // Nothing of the back office leaks through.
    expect(await page.getByRole("navigation", { name: "Admin" }).count()).toBe(0);
    await screenshots(page, "admin-denied");
    await page.close();

    // A token the server rejects: removed at start-up, and the visitor signs in again.
    const invalid = await newTab("not-a-valid-token");
    await invalid.goto(`${session.shop.baseUrl}/admin/customers?search=rahim`);
    await invalid.waitForURL((url) => url.pathname === "/login");
    // The start-up profile check and the guard may both navigate; read once the page settled.
    await expect
      .poll(() =>
        invalid
          .evaluate(() => [localStorage.getItem("redirectAfterLogin"), localStorage.getItem("jwt")])
          .catch(() => null),
      )
      .toEqual(["/admin/customers?search=rahim", null]);
    expect(new URL(invalid.url()).pathname).toBe("/login");
    await invalid.close();
  });
});

describe("admin screens", () => {
  it("creates a product with an image and the storefront shows it", async () => {
    const page = await newTab(session.adminToken);
    await openAdmin(page, "/admin/products");
    await page.getByTestId("product-row").first().waitFor();
    await page.getByRole("button", { name: "New product" }).click();
    const dialog = page.getByRole("dialog");

    // The form checks the API's own schema before sending.
    await dialog.getByRole("button", { name: "Create product" }).click();
    await dialog.getByRole("alert").first().waitFor();
    expect(await dialog.locator("#p-category-error").textContent()).toBe("Invalid id");

    const title = `Admin Test Tee ${Date.now()}`;
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Price (৳)", { exact: true }).fill("1200");
    await dialog.getByLabel("Discounted price (৳)").fill("990");
    await dialog.locator("#p-category").selectOption({ index: 1 });
    await dialog.getByLabel("Description").fill("A soft cotton tee made for the admin test.");
    await dialog.getByLabel("Colours").fill("Black, White");
    await dialog.getByLabel("Sizes").fill("M, L");
    await dialog.getByLabel("Stock Black M").fill("5");
    await dialog.getByLabel("Stock Black L").fill("3");
    await dialog.getByLabel("Stock White M").fill("2");
    const png = await sharp({
      create: { width: 640, height: 640, channels: 3, background: { r: 228, g: 87, b: 46 } },
    })
      .png()
      .toBuffer();
    await dialog
      .getByLabel("Add images")
      .setInputFiles({ name: "tee.png", mimeType: "image/png", buffer: png });
    await dialog.getByTestId("image-preview").waitFor();
    await shot(page, "admin-product-form-1280");
    await dialog.getByRole("button", { name: "Create product" }).click();
    await session.screen(page).toast("Product created").waitFor();

    const stored = await Product.findOne({ title }).lean();
    expect(stored).not.toBeNull();
    expect(stored!.price).toBe(1200);
    expect(stored!.discountedPrice).toBe(990);
    expect(stored!.quantity).toBe(10);
    expect(stored!.images).toHaveLength(1);
    expect(
      stored!.variants.map((variant) => `${variant.color}/${variant.size}/${variant.stock}`).sort(),
    ).toEqual(["Black/L/3", "Black/M/5", "White/L/0", "White/M/2"]);
    // Each variant got a SKU from the address, colour and size, and the SKU as its barcode.
    const blackM = stored!.variants.find(
      (variant) => variant.color === "Black" && variant.size === "M",
    )!;
    expect(blackM.sku).toBe(`${stored!.slug.toUpperCase()}-BLACK-M`);
    expect(blackM.barcode).toBe(blackM.sku);
    await page.getByTestId("product-row").filter({ hasText: title }).waitFor();
    await shot(page, "admin-products-1280");

    const storefront = await newTab();
    await storefront.goto(`${session.shop.baseUrl}/product/${stored!.slug}`);
    await storefront.getByRole("heading", { name: title }).waitFor();
    const stem = path.basename(stored!.images[0]).replace(/-\d+\.webp$/, "");
    expect(await storefront.locator(`img[src*="${stem}"]`).count()).toBeGreaterThan(0);
    await storefront.close();

    // Hide it: it leaves the storefront.
    await page
      .getByTestId("product-row")
      .filter({ hasText: title })
      .getByRole("button", { name: `Hide ${title}` })
      .click();
    await session.screen(page).toast(`${title} is hidden`).waitFor();
    expect((await Product.findById(stored!._id).lean())!.isActive).toBe(false);

    // Edit: the stored image is kept, the price changes.
    await page
      .getByTestId("product-row")
      .filter({ hasText: title })
      .getByRole("button", { name: `Edit ${title}` })
      .click();
    const editor = page.getByRole("dialog");
    expect(await editor.getByLabel("Stock Black M").inputValue()).toBe("5");
    await editor.getByText("SKU and barcode").click();
    expect(await editor.getByLabel("SKU Black M").inputValue()).toBe(blackM.sku);
    expect(await editor.getByLabel("Barcode Black M").inputValue()).toBe("");
    await editor.getByLabel("Barcode Black M").fill("8904444444444");
    await editor.getByLabel("Price (৳)", { exact: true }).fill("1100");
    await editor.getByRole("button", { name: "Save product" }).click();
    await session.screen(page).toast("Product saved").waitFor();
    const edited = await Product.findById(stored!._id).lean();
    expect(edited!.price).toBe(1100);
    expect(edited!.images).toEqual(stored!.images);
    expect(
      edited!.variants.find((variant) => variant.color === "Black" && variant.size === "M"),
    ).toMatchObject({ sku: blackM.sku, barcode: "8904444444444" });

    // Delete asks first.
    await page
      .getByTestId("product-row")
      .filter({ hasText: title })
      .getByRole("button", { name: `Delete ${title}` })
      .click();
    const confirm = page.getByRole("alertdialog");
    expect(await confirm.getByRole("heading").textContent()).toBe("Delete this product?");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(await Product.exists({ _id: stored!._id })).not.toBeNull();
    await page.close();
  });

  it("moves an order through confirmed, shipped and delivered", async () => {
    const order = await createOrder({ orderStatus: "PLACED", firstName: "Nusrat" });
    const page = await newTab(session.adminToken);
    await openAdmin(page, `/admin/orders?search=${order.orderNumber}`);
    const row = page.getByTestId("order-row").filter({ hasText: order.orderNumber });
    await row.waitFor();
    expect(await page.getByTestId("order-row").count()).toBe(1);
    await row.click();
    const dialog = page.getByRole("dialog");
    const actions = dialog.getByTestId("order-actions");
    // PLACED may only go to CONFIRMED or CANCELLED (read once the dialog shows its moves: a count
    // taken before it opened would be 0 whatever the moves).
    await actions.getByRole("button", { name: "Confirm" }).waitFor();
    expect(await actions.getByRole("button", { name: "Mark shipped" }).count()).toBe(0);
    await dialog.getByTestId("invoice").waitFor();
    await shot(page, "admin-order-detail-1280");
    // The invoice prints on its own page, the one many orders print on (tests/e2e/admin-print.test.ts).
    const print = actions.getByRole("link", { name: "Print invoice" });
    expect(await print.getAttribute("href")).toBe(
      `/admin/print?doc=invoice&paper=a4&orders=${String(order._id)}`,
    );
    expect(await print.getAttribute("target")).toBe("_blank");

    for (const [button, status, word] of [
      ["Confirm", "CONFIRMED", "Confirmed"],
      ["Mark shipped", "SHIPPED", "Shipped"],
      ["Mark delivered", "DELIVERED", "Delivered"],
    ] as const) {
      await actions.getByRole("button", { name: button }).click();
      // The admin reads words, not codes (contract/status-words.ts).
      await session.screen(page).toast(`Order ${order.orderNumber}: ${word}`).waitFor();
      await dialog.getByText(word, { exact: true }).first().waitFor();
      expect((await Order.findById(order._id).lean())!.orderStatus).toBe(status);
    }
    // Delivered is final: no more moves, and the list shows it.
    // (Polled: the dialog shows the delivered order once the list has reloaded it.)
    await expect
      .poll(() => actions.getByRole("button", { name: /Confirm|Mark|Cancel order/ }).count())
      .toBe(0);
    const stored = await Order.findById(order._id).lean();
    expect(stored!.statusHistory.map((entry) => entry.status)).toEqual(
      expect.arrayContaining(["CONFIRMED", "SHIPPED", "DELIVERED"]),
    );
    await page.keyboard.press("Escape");
    expect(await row.getByText("Delivered", { exact: true }).count()).toBe(1);
    await page.close();
  });

  it("reorders popup images by drag and drop and by keyboard, and the storefront follows", async () => {
    const page = await newTab(session.adminToken);
    await openAdmin(page, "/admin/popup-images");
    const rows = page.getByTestId("popup-image-row");
    await rows.first().waitFor();
    const ids = async () => rows.evaluateAll((items) => items.map((item) => item.dataset.id!));
    const before = await ids();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const active = async () => {
      const response = await fetch(`${session.shop.baseUrl}/api/popup-images/active`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { _id: string }[]).map((image) => image._id);
    };
    expect(await active()).toEqual(before);

    // Drag the last image onto the first place.
    await rows.last().dragTo(rows.first());
    await session.screen(page).toast("New order saved").waitFor();
    const dragged = [before[before.length - 1], ...before.slice(0, -1)];
    expect(await ids()).toEqual(dragged);
    await expect.poll(active).toEqual(dragged);

    // Keyboard: move the (new) first image down with its button. The arrows stay disabled until the
    // list has been loaded again after the save (the toast comes first).
    const moveDown = page.getByRole("button", { name: /^Move .* down$/ }).first();
    await expect.poll(() => moveDown.isEnabled()).toBe(true);
    await moveDown.focus();
    await page.keyboard.press("Enter");
    const keyed = [dragged[1], dragged[0], ...dragged.slice(2)];
    await expect.poll(ids).toEqual(keyed);
    await expect.poll(active).toEqual(keyed);
    await shot(page, "admin-popup-images-1280");
    await page.close();
  });

  it("checks forms with the API's rules and shows the server's answers", async () => {
    // Deleting a category that still has products or sub-categories is refused on purpose.
    allowBrowserProblems(/^409 DELETE \/api\/admin\/categories\/[0-9a-f]{24}$/);
    const page = await newTab(session.adminToken);

    // Categories: created through the tree; a refused delete shows the server's 409 text.
    await openAdmin(page, "/admin/categories");
    await page.getByRole("button", { name: "New category" }).click();
    await page.getByRole("dialog").getByLabel("Name").fill("Outlet");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await session.screen(page).toast("Category created").waitFor();
    await page.getByRole("button", { name: "Add a sub-category to Outlet" }).click();
    expect(await page.getByRole("dialog").getByLabel("Parent").inputValue()).toMatch(
      /^[a-f\d]{24}$/,
    );
    await page.getByRole("dialog").getByLabel("Name").fill("Outlet Tees");
    await page.getByRole("dialog").getByRole("button", { name: "Save" }).click();
    await page.getByTestId("category-row").filter({ hasText: "Outlet Tees" }).waitFor();
    const confirmDelete = async (name: string) => {
      await page.getByRole("button", { name: `Delete ${name}`, exact: true }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    };
    await confirmDelete("Outlet");
    await session
      .screen(page)
      .toast("This category has sub-categories; move or delete them first")
      .waitFor();
    await confirmDelete("Men");
    await session
      .screen(page)
      .toast(/^This category is used by \d+ products?$/)
      .waitFor();
    await confirmDelete("Outlet Tees");
    await session.screen(page).toast("Category deleted").waitFor();
    await expect
      .poll(() => page.getByTestId("category-row").filter({ hasText: "Outlet Tees" }).count())
      .toBe(0);

    // Promo codes: the shared schema refuses a bad code on the field, then the code is created.
    await openAdmin(page, "/admin/promo-codes");
    await page.getByRole("button", { name: "New promo code" }).click();
    let dialog = page.getByRole("dialog");
    await dialog.getByLabel("Code").fill("x");
    await dialog.getByLabel("Value").fill("20");
    await dialog.getByRole("button", { name: "Save" }).click();
    expect(await dialog.locator("#pc-code-error").textContent()).toBe(
      "Letters, digits, dash or underscore (2 to 40)",
    );
    await dialog.getByLabel("Code").fill("admin20");
    await dialog.getByRole("button", { name: "Save" }).click();
    await session.screen(page).toast("Promo code created").waitFor();
    const promo = await PromoCode.findOne({ code: "ADMIN20" }).lean();
    expect(promo).toMatchObject({ type: "PERCENTAGE", value: 20, isActive: true });

    // Bulk t-shirt order: QUOTED needs a price, then the quote is stored.
    const form = new FormData();
    for (const [key, value] of Object.entries({
      name: "Dhaka Runners Club",
      mobile: "01812345678",
      email: "club@example.com",
      color: "Navy",
      printType: "SCREEN",
      sizes: JSON.stringify({ S: 5, M: 10, L: 5 }),
      quantity: "20",
    }))
      form.set(key, value);
    const created = await fetch(`${session.shop.baseUrl}/api/tshirt-orders`, {
      method: "POST",
      body: form,
    });
    expect(created.status).toBe(201);
    await openAdmin(page, "/admin/tshirt-orders");
    await page.getByRole("button", { name: "Edit the order of Dhaka Runners Club" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Status").selectOption("QUOTED");
    await dialog.getByRole("button", { name: "Save" }).click();
    expect(await dialog.locator("#t-price-error").textContent()).toBe(
      "A quoted price is required to mark the order QUOTED",
    );
    await dialog.getByLabel("Quoted price (৳, total)").fill("25000");
    await dialog.getByLabel("Admin note").fill("Screen print, 2 colours");
    await dialog.getByRole("button", { name: "Save" }).click();
    await session.screen(page).toast("Bulk order saved").waitFor();
    const bulk = await TshirtOrder.findOne({ name: "Dhaka Runners Club" }).lean();
    expect(bulk).toMatchObject({
      status: "QUOTED",
      quotedPrice: 25000,
      adminNote: "Screen print, 2 colours",
    });

    // Size guides (the separate protected screen): a new guide with its table.
    await openAdmin(page, "/admin/size-guides");
    await page.getByRole("button", { name: "New size guide" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name", { exact: true }).fill("Kurti");
    await dialog.getByLabel("S Chest").fill("34");
    await dialog.getByLabel("M Chest").fill("36");
    await dialog.getByRole("button", { name: "Remove row L" }).click();
    await shot(page, "admin-size-guide-form-1280");
    await dialog.getByRole("button", { name: "Save" }).click();
    await session.screen(page).toast("Size guide created").waitFor();
    const guide = await SizeGuide.findOne({ name: "Kurti" }).lean();
    expect(guide!.columns).toEqual(["Chest", "Length"]);
    expect(guide!.rows.map((row) => [row.size, ...row.values])).toEqual([
      ["S", "34", ""],
      ["M", "36", ""],
    ]);

    // Customers: the password rule is checked on the field, then the reset works for sign-in.
    await openAdmin(page, "/admin/customers?search=customer%40tweest.local");
    await page.getByRole("button", { name: "Reset the password of customer@tweest.local" }).click();
    dialog = page.getByRole("dialog");
    await dialog.getByLabel("New password").fill("short");
    await dialog.getByRole("button", { name: "Reset password" }).click();
    expect(await dialog.locator("#u-password-error").textContent()).toBe(
      "Password must have at least 8 characters",
    );
    await dialog.getByLabel("New password").fill("fresh-pass-2026");
    await dialog.getByRole("button", { name: "Reset password" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await signInAs({ email: CUSTOMER.email, password: "fresh-pass-2026" });
    await page.close();
  });

  // Ten screens, each loaded and photographed: 60 s, as the other every-screen walk (admin-edges).
  it("shows every admin screen (screenshots at 1280 px, a few at 375 px)", async () => {
    const page = await newTab(session.adminToken);
    const screens: [string, string, string][] = [
      ["/admin", "Dashboard", "admin-dashboard"],
      ["/admin/categories", "Categories", "admin-categories"],
      ["/admin/orders", "Orders", "admin-orders"],
      ["/admin/payments", "Payments", "admin-payments"],
      ["/admin/customers", "Customers", "admin-customers"],
      ["/admin/promo-codes", "Promo codes", "admin-promo-codes"],
      ["/admin/tshirt-orders", "Bulk t-shirt orders", "admin-tshirt-orders"],
      ["/admin/size-guides", "Size guides", "admin-size-guides"],
      ["/admin/popup-images", "Popup images", "admin-popup-images"],
      ["/admin/products", "Products", "admin-products-list"],
    ];
    for (const [pathname, heading, name] of screens) {
      await openAdmin(page, pathname);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await page.getByTestId("admin-skeleton").waitFor({ state: "detached" });
      if (name === "admin-dashboard") {
        await page.getByTestId("dashboard").waitFor();
        // Weekly charts label the days Sunday first.
        const label = await page
          .getByRole("img", { name: /^Orders this week:/ })
          .getAttribute("aria-label");
        expect(label).toMatch(
          /^Orders this week: Sun \d+, Mon \d+, Tue \d+, Wed \d+, Thu \d+, Fri \d+, Sat \d+$/,
        );
        expect(await page.getByText("Sales by top category").count()).toBeGreaterThan(0);
        expect(await page.getByText("Recent payments").count()).toBeGreaterThan(0);
        expect(await page.getByText(/^[+-]?\d+\.\d% vs last month$/).count()).toBeGreaterThan(0);
      }
      await shot(page, `${name}-1280`);
      if (["admin-dashboard", "admin-orders", "admin-popup-images"].includes(name)) {
        await screenshots(page, `${name}-both`);
      }
    }
    await page.close();
    expect(session.consoleErrors.filter((text) => !/Failed to load resource/.test(text))).toEqual(
      [],
    );
    // Ten screens with full-page screenshots: about 58 s alone on a loaded two-core machine.
  }, 150_000);
});
