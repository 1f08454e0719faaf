import cookieParser from "cookie-parser";
import express from "express";
import mongoose from "mongoose";
import request from "supertest";
import { describe, expect, it } from "vitest";
import type { UserDocument } from "../../models/user.model";
import { cartOwner, GUEST_CART_COOKIE } from "../../server/middleware/cart-owner";

const SECRET = "a-cookie-secret-for-the-cart-owner-test";
const USER_ID = new mongoose.Types.ObjectId().toString();

/** A bare app answering whose cart a request works on, as the cart-owner middleware resolved it. */
function ownerApp(create: boolean) {
  const app = express();
  app.use(cookieParser(SECRET));
  app.use((req, _res, next) => {
    if (req.get("x-test-user")) req.user = { _id: USER_ID } as unknown as UserDocument;
    next();
  });
  app.get("/owner", cartOwner({ create }), (req, res) => {
    res.json({ owner: req.cartOwner ?? null });
  });
  return app;
}

function guestCookie(answer: request.Response): string | undefined {
  return ([] as string[])
    .concat(answer.headers["set-cookie"] ?? [])
    .find((line) => line.startsWith(`${GUEST_CART_COOKIE}=`));
}

describe("cartOwner middleware: whose cart, without the services seeing the request", () => {
  it("gives a new guest an id and its signed, httpOnly, 30-day cookie where a cart may be made", async () => {
    const answer = await request(ownerApp(true)).get("/owner").expect(200);
    expect(answer.body.owner.guestId).toMatch(/^[0-9a-f-]{36}$/);
    const cookie = guestCookie(answer)!;
    expect(cookie).toContain(`s%3A${answer.body.owner.guestId}.`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=2592000/);
  });

  it("keeps the guest of a valid cookie and renews the cookie; a tampered cookie is no guest", async () => {
    const first = await request(ownerApp(true)).get("/owner");
    const pair = guestCookie(first)!.split(";")[0];
    const again = await request(ownerApp(false)).get("/owner").set("Cookie", pair).expect(200);
    expect(again.body.owner).toEqual(first.body.owner);
    expect(guestCookie(again)).toContain(pair);

    const tampered = pair.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    const refused = await request(ownerApp(false)).get("/owner").set("Cookie", tampered);
    expect(refused.body.owner).toBeNull();
    expect(guestCookie(refused)).toBeUndefined();
  });

  it("sets no owner and no cookie where nothing would be made for a guest without a cart", async () => {
    const answer = await request(ownerApp(false)).get("/owner").expect(200);
    expect(answer.body.owner).toBeNull();
    expect(guestCookie(answer)).toBeUndefined();
  });

  it("answers the signed-in user (and sets no guest cookie)", async () => {
    const answer = await request(ownerApp(true)).get("/owner").set("x-test-user", "1").expect(200);
    expect(answer.body.owner).toEqual({ userId: USER_ID });
    expect(guestCookie(answer)).toBeUndefined();
  });
});
