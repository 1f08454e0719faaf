/**
 * Reviews worth reading: who may review (the shop's setting), stars on each review, up to three
 * photos with the shop's upload checks, one review per shopper (a second replaces the first, same
 * _id), and the owner hiding, restoring, answering and deleting reviews while the product's
 * figures count only the visible ones.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import request from "supertest";
import { beforeEach, describe, expect, it } from "vitest";
import { Product } from "../../models/product.model";
import { Rating } from "../../models/rating.model";
import { Review } from "../../models/review.model";
import { createApp } from "../../server/app";
import { uploadsRoot } from "../../server/lib/images";
import { createOrder } from "../factories/order";
import { letAnyoneReview } from "../factories/review";
import { createAdmin, createUser } from "../factories/user";
import { useSeededCatalog } from "../setup/catalog";
import { withEnv } from "../setup/env";

const app = createApp();
const seeded = useSeededCatalog();
let admin: { Authorization: string };

beforeEach(async () => {
  admin = { Authorization: `Bearer ${(await createAdmin()).token}` };
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const silkId = () => String(seeded.products.silk._id);

/** A shopper with a delivered order of the silk kurti: a verified buyer. */
async function buyer(firstName = "Nadia") {
  const shopper = await createUser({ firstName });
  const silk = {
    _id: seeded.products.silk._id,
    title: "Silk Kurti",
    price: 3000,
    discountedPrice: 1500,
  };
  await createOrder({
    user: shopper.user._id,
    firstName,
    orderStatus: "DELIVERED",
    lines: [{ product: silk, color: "Red", size: "L" }],
  });
  return shopper;
}

function jpeg(width = 1600, height = 1200, color = "#2e86c1") {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** A multipart review post with these photos attached. */
function postWithPhotos(token: string, fields: Record<string, string>, photos: Buffer[]) {
  const post = request(app).post("/api/reviews/create").set(bearer(token));
  for (const [name, value] of Object.entries(fields)) post.field(name, value);
  photos.forEach((photo, index) =>
    post.attach("photos", photo, { filename: `photo-${index}.jpg`, contentType: "image/jpeg" }),
  );
  return post;
}

const reviewFolder = () => path.join(uploadsRoot(), "reviews");
const storedPhotoFiles = () => (existsSync(reviewFolder()) ? readdirSync(reviewFolder()) : []);

/** The three stored widths of a review photo URL (/uploads/reviews/<base>-800.webp). */
function filesOf(url: string): string[] {
  const match = /^\/uploads\/reviews\/(.+)-800\.webp$/.exec(url);
  expect(match, url).not.toBeNull();
  return [400, 800, 1200].map((width) => path.join(reviewFolder(), `${match![1]}-${width}.webp`));
}

async function figures() {
  const product = await Product.findById(seeded.products.silk._id).lean();
  return {
    averageRating: product!.averageRating,
    numRatings: product!.numRatings,
    numReviews: product!.numReviews,
  };
}

const publicList = async () =>
  (await request(app).get(`/api/reviews/product/${silkId()}`).expect(200)).body as {
    _id: string;
    review: string;
    rating: number | null;
    photos: string[];
    reply: { text: string; repliedAt: string } | null;
  }[];

describe("who may review (shop setting reviews.whoMayReview)", () => {
  it("lets only verified buyers review and rate by default, and anyone signed in when the owner says so", async () => {
    const stranger = await createUser({ firstName: "Rafi" });
    const customer = await buyer();
    const filesBefore = storedPhotoFiles();
    const refusal = {
      message: "Only shoppers who received this product can review it.",
      code: "REVIEW_NOT_ALLOWED",
    };

    const review = await request(app)
      .post("/api/reviews/create")
      .set(bearer(stranger.token))
      .send({ productId: silkId(), review: "Never bought it", rating: 1 });
    expect(review.status).toBe(403);
    expect(review.body).toEqual(refusal);
    const rating = await request(app)
      .post("/api/ratings/create")
      .set(bearer(stranger.token))
      .send({ productId: silkId(), rating: 1 });
    expect(rating.status).toBe(403);
    expect(rating.body).toEqual(refusal);
    // The refusal comes before any photo is stored.
    const withPhoto = await postWithPhotos(
      stranger.token,
      { productId: silkId(), review: "Never bought it" },
      [await jpeg()],
    );
    expect(withPhoto.status).toBe(403);
    expect(storedPhotoFiles()).toEqual(filesBefore);
    expect(await Review.countDocuments()).toBe(0);
    expect(await Rating.countDocuments()).toBe(0);

    // The form asks first: the stranger is told why, the buyer may write.
    const strangerMine = await request(app)
      .get(`/api/reviews/product/${silkId()}/mine`)
      .set(bearer(stranger.token));
    expect(strangerMine.body).toEqual({
      mayReview: false,
      refusal: refusal.message,
      review: null,
    });
    const buyerMine = await request(app)
      .get(`/api/reviews/product/${silkId()}/mine`)
      .set(bearer(customer.token));
    expect(buyerMine.body).toEqual({ mayReview: true, refusal: null, review: null });
    expect((await request(app).get(`/api/reviews/product/${silkId()}/mine`)).status).toBe(401);

    const verified = await request(app)
      .post("/api/reviews/create")
      .set(bearer(customer.token))
      .send({ productId: silkId(), review: "Soft and true to size", rating: 5 });
    expect(verified.status).toBe(201);
    expect(verified.body).toMatchObject({ verifiedPurchase: true, rating: 5 });

    await letAnyoneReview();
    const open = await request(app)
      .post("/api/reviews/create")
      .set(bearer(stranger.token))
      .send({ productId: silkId(), review: "Looks good online", rating: 2 });
    expect(open.status).toBe(201);
    expect(open.body).toMatchObject({ verifiedPurchase: false, rating: 2 });
    expect(await figures()).toEqual({ averageRating: 3.5, numRatings: 2, numReviews: 2 });
  });

  it("is saved with the shop settings and refuses a value it does not know", async () => {
    const loaded = await request(app).get("/api/admin/settings").set(admin).expect(200);
    expect(loaded.body.settings.reviews).toEqual({ whoMayReview: "verifiedBuyers" });
    const settings = { ...loaded.body.settings, reviews: { whoMayReview: "everyone" } };
    const bad = await request(app)
      .put("/api/admin/settings")
      .set(admin)
      .send({ version: loaded.body.version, settings });
    expect(bad.status).toBe(400);
    settings.reviews = { whoMayReview: "signedIn" };
    const saved = await request(app)
      .put("/api/admin/settings")
      .set(admin)
      .send({ version: loaded.body.version, settings });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.reviews).toEqual({ whoMayReview: "signedIn" });
  });
});

describe("stars, photos and a second review", () => {
  it("shows each review's stars and keeps one review per shopper: a second replaces the first, same _id", async () => {
    const nadia = await buyer("Nadia");
    const rafi = await buyer("Rafi");
    const first = await request(app)
      .post("/api/reviews/create")
      .set(bearer(nadia.token))
      .send({ productId: silkId(), review: "Good", rating: 3 });
    expect(first.status).toBe(201);
    await request(app)
      .post("/api/reviews/create")
      .set(bearer(rafi.token))
      .send({ productId: silkId(), review: "No stars from me" })
      .expect(201);

    const second = await request(app)
      .post("/api/reviews/create")
      .set(bearer(nadia.token))
      .send({ productId: silkId(), review: "Even better after a wash", rating: 5 });
    expect(second.status).toBe(200);
    expect(second.body._id).toBe(first.body._id);
    expect(second.body).toMatchObject({ review: "Even better after a wash", rating: 5 });

    const listed = await publicList();
    expect(listed.map((review) => [review.review, review.rating])).toEqual([
      ["No stars from me", null],
      ["Even better after a wash", 5],
    ]);
    expect(listed[1]._id).toBe(first.body._id);
    expect(await figures()).toEqual({ averageRating: 5, numRatings: 1, numReviews: 2 });
    const mine = await request(app)
      .get(`/api/reviews/product/${silkId()}/mine`)
      .set(bearer(nadia.token));
    expect(mine.body.review).toMatchObject({ _id: first.body._id, rating: 5 });
  });

  it("stores up to three photos re-encoded as WebP; a second review keeps the earlier ones it names", async () => {
    const nadia = await buyer();
    const photos = [await jpeg(), await jpeg(900, 1200, "#c0392b"), await jpeg(400, 400)];
    const posted = await postWithPhotos(
      nadia.token,
      { productId: silkId(), review: "Colour as in the photos", rating: "4" },
      photos,
    );
    expect(posted.status).toBe(201);
    expect(posted.body.rating).toBe(4);
    expect(posted.body.photos).toHaveLength(3);
    for (const url of posted.body.photos as string[])
      for (const file of filesOf(url)) expect(existsSync(file), file).toBe(true);
    const stored = await sharp(filesOf(posted.body.photos[0])[2]).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.width).toBe(1200);
    expect((await publicList())[0].photos).toEqual(posted.body.photos);

    // Writing again keeps the earlier photos named in keepPhotos (the others are removed) and
    // adds the new files after them; three kept and one more is one too many.
    const [first, second, third] = posted.body.photos as string[];
    const tooMany = request(app)
      .post("/api/reviews/create")
      .set(bearer(nadia.token))
      .field("productId", silkId())
      .field("review", "Four photos")
      .field("keepPhotos", first)
      .field("keepPhotos", second)
      .field("keepPhotos", third)
      .attach("photos", await jpeg(300, 300), { filename: "more.jpg", contentType: "image/jpeg" });
    expect((await tooMany).status).toBe(400);

    const stranger = await buyer("Rafi");
    const strangers = await postWithPhotos(
      stranger.token,
      { productId: silkId(), review: "Borrowing photos", keepPhotos: first },
      [],
    );
    // Another shopper's photo URL is not theirs to keep.
    expect(strangers.body.photos).toEqual([]);

    const replaced = await request(app)
      .post("/api/reviews/create")
      .set(bearer(nadia.token))
      .field("productId", silkId())
      .field("review", "Two photos are enough")
      .field("keepPhotos", second)
      .attach("photos", await jpeg(800, 800), { filename: "new.jpg", contentType: "image/jpeg" });
    expect(replaced.status).toBe(200);
    expect(replaced.body._id).toBe(posted.body._id);
    expect(replaced.body.photos).toHaveLength(2);
    expect(replaced.body.photos[0]).toBe(second);
    for (const url of [first, third])
      for (const file of filesOf(url)) expect(existsSync(file), file).toBe(false);
    for (const url of replaced.body.photos as string[])
      for (const file of filesOf(url)) expect(existsSync(file), file).toBe(true);
    // No stars given this time: the earlier ones stay.
    expect(replaced.body.rating).toBe(4);

    // Nothing named to keep and no file: the review has no photos left.
    const textOnly = await request(app)
      .post("/api/reviews/create")
      .set(bearer(nadia.token))
      .send({ productId: silkId(), review: "Words only" });
    expect(textOnly.body.photos).toEqual([]);
    for (const url of replaced.body.photos as string[])
      for (const file of filesOf(url)) expect(existsSync(file), file).toBe(false);
  });

  it("refuses a fourth photo, a file that is not an image, one over 5 MB or over 25 megapixels, storing nothing", async () => {
    const nadia = await buyer();
    const fields = { productId: silkId(), review: "With photos" };
    const good = await jpeg(300, 300);
    const filesBefore = storedPhotoFiles();

    const four = await postWithPhotos(nadia.token, fields, [good, good, good, good]);
    expect(four.status).toBe(400);
    expect(four.body).toEqual({
      message: "A review can have at most 3 photos",
      code: "BAD_REQUEST",
    });

    const script = Buffer.from("<script>alert(1)</script>".repeat(20));
    const notImage = await postWithPhotos(nadia.token, fields, [good, script]);
    expect(notImage.status).toBe(415);
    expect(notImage.body).toEqual({
      message: "Only JPEG, PNG, WebP or GIF images are accepted",
      code: "UNSUPPORTED_MEDIA_TYPE",
    });

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    expect((await postWithPhotos(nadia.token, fields, [svg])).status).toBe(415);

    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    good.copy(big);
    const oversize = await postWithPhotos(nadia.token, fields, [big]);
    expect(oversize.status).toBe(413);
    expect(oversize.body).toEqual({ message: "File too large", code: "FILE_TOO_LARGE" });

    // A small file declaring 6000 x 6000 pixels (36 megapixels): refused before it is decoded.
    const huge = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: "#ffffff" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const tooManyPixels = await postWithPhotos(nadia.token, fields, [huge]);
    expect(tooManyPixels.status).toBe(413);
    expect(tooManyPixels.body).toEqual({
      message: "The image is too large: at most 25 megapixels (this one is 6000 x 6000)",
      code: "IMAGE_TOO_LARGE",
    });

    // A truncated JPEG: its magic bytes pass, its decode fails.
    const truncated = await postWithPhotos(nadia.token, fields, [good.subarray(0, 200)]);
    expect(truncated.status).toBe(400);
    expect(truncated.body).toEqual({
      message: "The image could not be read",
      code: "BAD_REQUEST",
    });

    expect(await Review.countDocuments()).toBe(0);
    expect(storedPhotoFiles()).toEqual(filesBefore);
  });
});

describe("posting limits", () => {
  it("refuses an account's posts past REVIEW_RATE_LIMIT_USER_PER_HOUR before reading its photos; other accounts go on", async () => {
    const nadia = await buyer("Nadia");
    const rafi = await buyer("Rafi");
    await withEnv({ REVIEW_RATE_LIMIT_USER_PER_HOUR: "2" }, async () => {
      const post = (token: string, review: string) =>
        request(app)
          .post("/api/reviews/create")
          .set(bearer(token))
          .send({ productId: silkId(), review });
      expect((await post(nadia.token, "One")).status).toBe(201);
      expect(
        (
          await request(app)
            .post("/api/ratings/create")
            .set(bearer(nadia.token))
            .send({ productId: silkId(), rating: 4 })
        ).status,
      ).toBe(201);
      const filesBefore = storedPhotoFiles();
      const third = await postWithPhotos(nadia.token, { productId: silkId(), review: "Three" }, [
        await jpeg(300, 300),
      ]);
      expect(third.status).toBe(429);
      expect(third.body.code).toBe("RATE_LIMITED");
      expect(third.body.message).toMatch(
        /^Too many reviews from this account\. Please try again in (59|60) minutes\.$/,
      );
      expect(storedPhotoFiles()).toEqual(filesBefore);
      expect((await post(rafi.token, "Mine")).status).toBe(201);
    });
    expect((await Review.findOne({ review: "One" }).lean())!.review).toBe("One");
  });
});

describe("the owner's moderation (/api/admin/reviews)", () => {
  async function threeReviews() {
    const shoppers = await Promise.all(["Nadia", "Rafi", "Mita"].map((name) => buyer(name)));
    const stars = [5, 1, 4];
    const ids: string[] = [];
    for (const [index, shopper] of shoppers.entries()) {
      const answer = await request(app)
        .post("/api/reviews/create")
        .set(bearer(shopper.token))
        .send({ productId: silkId(), review: `Review ${index + 1}`, rating: stars[index] });
      ids.push(answer.body._id);
    }
    return { shoppers, ids };
  }

  it("hides and restores a review: hidden ones are neither listed nor counted", async () => {
    const { ids } = await threeReviews();
    expect(await figures()).toEqual({ averageRating: 3.3, numRatings: 3, numReviews: 3 });

    const hidden = await request(app).post(`/api/admin/reviews/${ids[1]}/hide`).set(admin);
    expect(hidden.status).toBe(200);
    expect(hidden.body).toMatchObject({
      _id: ids[1],
      hidden: true,
      rating: 1,
      user: { firstName: "Rafi" },
      product: { _id: silkId(), title: seeded.products.silk.title },
    });
    expect(hidden.body.user.email).toContain("@");
    expect((await publicList()).map((review) => review.review)).toEqual(["Review 3", "Review 1"]);
    expect(await figures()).toEqual({ averageRating: 4.5, numRatings: 2, numReviews: 2 });
    // The ratings list leaves the hidden review's stars out too (the page's summary reads it).
    const ratings = await request(app).get(`/api/ratings/product/${silkId()}`).expect(200);
    expect(ratings.body.map((rating: { rating: number }) => rating.rating).sort()).toEqual([4, 5]);

    const listedHidden = await request(app)
      .get("/api/admin/reviews")
      .query({ status: "hidden" })
      .set(admin);
    expect(listedHidden.body).toMatchObject({ total: 1, page: 1, totalPages: 1 });
    expect(listedHidden.body.reviews[0]._id).toBe(ids[1]);
    const listedAll = await request(app).get("/api/admin/reviews").set(admin);
    expect(listedAll.body.total).toBe(3);

    const restored = await request(app).post(`/api/admin/reviews/${ids[1]}/restore`).set(admin);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ hidden: false, hiddenAt: null });
    expect(await publicList()).toHaveLength(3);
    expect(await figures()).toEqual({ averageRating: 3.3, numRatings: 3, numReviews: 3 });
  });

  it("keeps a hidden review hidden when its author writes again", async () => {
    const { shoppers, ids } = await threeReviews();
    await request(app).post(`/api/admin/reviews/${ids[1]}/hide`).set(admin).expect(200);
    const again = await request(app)
      .post("/api/reviews/create")
      .set(bearer(shoppers[1].token))
      .send({ productId: silkId(), review: "Posting it again", rating: 2 });
    expect(again.status).toBe(200);
    expect((await publicList()).map((review) => review.review)).toEqual(["Review 3", "Review 1"]);
    expect(await figures()).toEqual({ averageRating: 4.5, numRatings: 2, numReviews: 2 });
  });

  it("replies under a review, edits and removes the reply", async () => {
    const { ids } = await threeReviews();
    const replied = await request(app)
      .put(`/api/admin/reviews/${ids[1]}/reply`)
      .set(admin)
      .send({ text: "  Sorry about the size: we will exchange it.  " });
    expect(replied.status).toBe(200);
    expect(replied.body.reply.text).toBe("Sorry about the size: we will exchange it.");
    const shown = (await publicList()).find((review) => review._id === ids[1]);
    expect(shown!.reply).toEqual({
      text: "Sorry about the size: we will exchange it.",
      repliedAt: replied.body.reply.repliedAt,
    });

    const tooLong = await request(app)
      .put(`/api/admin/reviews/${ids[1]}/reply`)
      .set(admin)
      .send({ text: "a".repeat(1001) });
    expect(tooLong.status).toBe(400);

    const removed = await request(app)
      .put(`/api/admin/reviews/${ids[1]}/reply`)
      .set(admin)
      .send({ text: "" });
    expect(removed.body.reply).toBeNull();
    expect((await publicList()).find((review) => review._id === ids[1])!.reply).toBeNull();
  });

  it("deletes a review with its stars and photos, and recounts", async () => {
    const nadia = await buyer();
    const posted = await postWithPhotos(
      nadia.token,
      { productId: silkId(), review: "Spam", rating: "1" },
      [await jpeg(500, 500)],
    );
    expect(posted.status).toBe(201);
    const deleted = await request(app).delete(`/api/admin/reviews/${posted.body._id}`).set(admin);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Review deleted", _id: posted.body._id });
    for (const file of filesOf(posted.body.photos[0])) expect(existsSync(file)).toBe(false);
    expect(await Rating.countDocuments()).toBe(0);
    expect(await figures()).toEqual({ averageRating: 0, numRatings: 0, numReviews: 0 });
    const again = await request(app).delete(`/api/admin/reviews/${posted.body._id}`).set(admin);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: "Review not found", code: "NOT_FOUND" });
  });

  it("lets no customer or guest list, hide, restore, answer or delete a review", async () => {
    const { shoppers, ids } = await threeReviews();
    const attempts = (auth: Record<string, string>) => [
      request(app).get("/api/admin/reviews").set(auth),
      request(app).post(`/api/admin/reviews/${ids[0]}/hide`).set(auth),
      request(app).post(`/api/admin/reviews/${ids[0]}/restore`).set(auth),
      request(app).put(`/api/admin/reviews/${ids[0]}/reply`).set(auth).send({ text: "Fake reply" }),
      request(app).delete(`/api/admin/reviews/${ids[0]}`).set(auth),
    ];
    // Rafi is a customer; the review is Nadia's.
    for (const answer of await Promise.all(attempts(bearer(shoppers[1].token)))) {
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe("Access denied - admin privileges required");
    }
    for (const answer of await Promise.all(attempts({}))) expect(answer.status).toBe(401);
    const stored = await Review.findById(ids[0]).lean();
    expect(stored).toMatchObject({ review: "Review 1", hidden: false });
    expect(stored!.reply ?? null).toBeNull();
    expect(await figures()).toEqual({ averageRating: 3.3, numRatings: 3, numReviews: 3 });
  });

  it("keeps the figures equal to the visible reviews under concurrent hides, restores and new reviews", async () => {
    const { ids } = await threeReviews();
    const late = await Promise.all(["Joy", "Tania"].map((name) => buyer(name)));
    await request(app).post(`/api/admin/reviews/${ids[2]}/hide`).set(admin).expect(200);
    for (let round = 0; round < 3; round += 1) {
      await Promise.all([
        request(app).post(`/api/admin/reviews/${ids[0]}/hide`).set(admin),
        request(app).post(`/api/admin/reviews/${ids[1]}/hide`).set(admin),
        request(app).post(`/api/admin/reviews/${ids[2]}/restore`).set(admin),
        ...late.map((shopper, index) =>
          request(app)
            .post("/api/reviews/create")
            .set(bearer(shopper.token))
            .send({ productId: silkId(), review: `Late ${round}`, rating: 2 + index + round }),
        ),
        request(app).post(`/api/admin/reviews/${ids[0]}/restore`).set(admin),
      ]);
      const visible = await Review.find({ product: seeded.products.silk._id, hidden: false })
        .select("user")
        .lean();
      const ratings = await Rating.find({
        product: seeded.products.silk._id,
        user: { $in: visible.map((review) => review.user) },
      }).lean();
      const sum = ratings.reduce((total, rating) => total + rating.rating, 0);
      expect(await figures(), `round ${round}`).toEqual({
        averageRating: Math.round((sum / ratings.length) * 10) / 10,
        numRatings: ratings.length,
        numReviews: visible.length,
      });
    }
  });
});
