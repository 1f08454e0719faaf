import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Otp } from "../../models/otp.model";
import { Product } from "../../models/product.model";
import { Rating } from "../../models/rating.model";
import { Review } from "../../models/review.model";
import { User } from "../../models/user.model";
import { OTP_MAX_ATTEMPTS } from "../../server/services/otp.service";
import { createProduct } from "../factories/product";
import { createUser } from "../factories/user";
import { clearDatabase } from "../setup/db";
import { useSmsGateway } from "../setup/sms";
import type { SmsGatewayStub } from "../stubs/sms-gateway";
import { letAnyoneReview } from "../factories/review";

/**
 * Requests fired at the same moment, where each answer depends on a counter or a state that
 * another request changes: only single atomic writes keep these right (no locks in the code).
 */
let sms: SmsGatewayStub;
let app: Parameters<typeof request>[0];
useSmsGateway((gateway) => ({ sms, app } = gateway));

const PHONE = "01712345678";

beforeEach(async () => {
  await clearDatabase();
});

const verify = (otp: string, token?: string) => {
  const call = request(app).post("/auth/otp/verify");
  if (token) void call.set("Authorization", `Bearer ${token}`);
  return call.send({ phone: PHONE, otp });
};

describe("one-time codes", () => {
  it("counts six simultaneous wrong codes against the five tries: the right code is refused after", async () => {
    await request(app).post("/auth/otp/send").send({ phone: PHONE }).expect(200);
    const code = sms.codeSentTo(PHONE);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = await Promise.all(Array.from({ length: 6 }, () => verify(wrong)));
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    expect(
      answers.filter((answer) => /Incorrect verification code/.test(answer.body.message)),
    ).toHaveLength(OTP_MAX_ATTEMPTS);
    const right = await verify(code);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe("Too many wrong attempts. Please request a new code.");
    expect((await Otp.findOne({ phone: PHONE }).lean())!.attempts).toBe(OTP_MAX_ATTEMPTS);
  });

  it("sends one SMS for five simultaneous requests to one phone", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => request(app).post("/auth/otp/send").send({ phone: PHONE })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(sms.messages.filter((message) => message.number === `88${PHONE}`)).toHaveLength(1);
    const stored = (await Otp.findOne({ phone: PHONE }).lean())!;
    expect(stored.sends).toHaveLength(1);
  });

  it("verifies one right code once when it is sent five times at once", async () => {
    await request(app).post("/auth/otp/send").send({ phone: PHONE }).expect(200);
    const code = sms.codeSentTo(PHONE);
    const answers = await Promise.all(Array.from({ length: 5 }, () => verify(code)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(4);
  });

  it("lets one verification save the phone once, for the account that verified it", async () => {
    const owner = await createUser({ email: "owner@example.com" });
    const other = await createUser({ email: "other@example.com" });
    await request(app).post("/auth/otp/send").send({ phone: PHONE }).expect(200);
    await verify(sms.codeSentTo(PHONE), owner.token).expect(200);
    const save = (token: string) =>
      request(app)
        .put("/auth/update-phone")
        .set("Authorization", `Bearer ${token}`)
        .send({ phone: PHONE });
    const answers = await Promise.all([
      save(owner.token),
      save(other.token),
      save(owner.token),
      save(other.token),
    ]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.find((answer) => answer.status === 200)!.body._id).toBe(String(owner.user._id));
    const withPhone = await User.find({ phone: PHONE }).lean();
    expect(withPhone.map((user) => String(user._id))).toEqual([String(owner.user._id)]);
  });
});

describe("rating and review counts", () => {
  beforeEach(() => letAnyoneReview());

  it("five simultaneous ratings leave numRatings and averageRating equal to the stored ratings", async () => {
    for (let round = 0; round < 2; round += 1) {
      const product = await createProduct();
      const raters = await Promise.all(Array.from({ length: 5 }, () => createUser()));
      const stars = [5, 4, 4, 2, 1];
      const answers = await Promise.all(
        raters.map((rater, index) =>
          request(app)
            .post("/api/ratings/create")
            .set("Authorization", `Bearer ${rater.token}`)
            .send({ productId: String(product._id), rating: stars[index] }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
      const stored = await Rating.find({ product: product._id }).lean();
      expect(stored).toHaveLength(5);
      const summary = (await Product.findById(product._id).lean())!;
      expect(summary.numRatings).toBe(5);
      expect(summary.averageRating).toBe(3.2);
    }
  });

  it("eight simultaneous reviews leave numReviews at 8", async () => {
    const product = await createProduct();
    const writers = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    const answers = await Promise.all(
      writers.map((writer, index) =>
        request(app)
          .post("/api/reviews/create")
          .set("Authorization", `Bearer ${writer.token}`)
          .send({ productId: String(product._id), review: `Review number ${index + 1}` }),
      ),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    expect(await Review.countDocuments({ product: product._id })).toBe(8);
    expect((await Product.findById(product._id).lean())!.numReviews).toBe(8);
  });

  it("one user's simultaneous first reviews keep one review and count it once", async () => {
    const product = await createProduct();
    const writer = await createUser();
    const answers = await Promise.all(
      ["First words", "Second words", "Third words"].map((review) =>
        request(app)
          .post("/api/reviews/create")
          .set("Authorization", `Bearer ${writer.token}`)
          .send({ productId: String(product._id), review }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    expect(await Review.countDocuments({ product: product._id })).toBe(1);
    expect((await Product.findById(product._id).lean())!.numReviews).toBe(1);
  });
});
