/**
 * Bangla product titles on the buying screens: a cart line carries its product's Bangla title
 * (when it has one), and an order keeps it in its lines' product snapshot, so the Bangla cart,
 * checkout, confirmation and tracking pages show the product in Bangla (docs/i18n.md).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { createApp } from "../../server/app";
import { orderEmail } from "../../server/services/notifications.service";
import { shopper } from "../factories/cart";
import { createProduct } from "../factories/product";
import { clearDatabase } from "../setup/db";

const app = createApp();

beforeEach(async () => {
  await clearDatabase();
});

describe("Bangla titles in carts and orders", () => {
  it("carries the product's Bangla title in the cart line and the order's line snapshot", async () => {
    const product = await createProduct({ title: "Classic Panjabi" });
    await Product.updateOne({ _id: product._id }, { $set: { titleBn: "ক্লাসিক পাঞ্জাবি" } });
    const guest = shopper(app);

    const cart = await guest.add(product._id, "Black", "M", 1);
    expect(cart.status).toBe(200);
    expect(cart.body.cartItems[0].product).toMatchObject({
      title: "Classic Panjabi",
      titleBn: "ক্লাসিক পাঞ্জাবি",
    });

    const order = await guest.order({ locale: "bn" });
    expect(order.status).toBe(201);
    expect(order.body.orderItems[0].title).toBe("Classic Panjabi");
    expect(order.body.orderItems[0].product.titleBn).toBe("ক্লাসিক পাঞ্জাবি");
    // The snapshot stays what was ordered when the catalogue changes.
    await Product.updateOne({ _id: product._id }, { $set: { titleBn: "নতুন নাম" } });
    const read = await guest.get(`/api/orders/${order.body._id}`).set("X-Guest-Checkout", "true");
    expect(read.status).toBe(200);
    expect(read.body.orderItems[0].product.titleBn).toBe("ক্লাসিক পাঞ্জাবি");
  });

  it("adds no Bangla field for a product without one", async () => {
    const product = await createProduct();
    const guest = shopper(app);
    const cart = await guest.add(product._id, "Black", "M", 1);
    expect(cart.body.cartItems[0].product).not.toHaveProperty("titleBn");
    const order = await guest.order();
    expect(order.status).toBe(201);
    expect(order.body.orderItems[0].product).not.toHaveProperty("titleBn");
  });

  it("links a Bangla order's email to its Bangla page, an English one's to the English page", () => {
    const order = {
      _id: "665f1c2e8b3a4d0012345678",
      orderNumber: "TW-20260105-0042",
      totalDiscountedPrice: 1660,
      paymentMethod: "COD",
      shippingAddress: { mobile: "01712345678", firstName: "Nusrat", email: "n@example.com" },
    };
    const link = (text: string) => /https?:\/\/\S+/.exec(text)?.[0];
    expect(link(orderEmail("PLACED", { ...order, locale: "bn" }).text)).toMatch(
      /\/bn\/order\/guest\/track\/665f1c2e8b3a4d0012345678$/,
    );
    expect(link(orderEmail("PLACED", { ...order, locale: "bn", user: "u1" }).text)).toMatch(
      /\/bn\/order\/665f1c2e8b3a4d0012345678$/,
    );
    expect(link(orderEmail("PLACED", { ...order, locale: "en" }).text)).toMatch(
      /[^n]\/order\/guest\/track\/665f1c2e8b3a4d0012345678$/,
    );
  });
});
