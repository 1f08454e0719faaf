import mongoose from "mongoose";
import { Category } from "../../models/category.model";
import { Order, type OrderStatus, type PaymentMethod } from "../../models/order.model";
import { Payment } from "../../models/payment.model";
import { deriveStock, Product } from "../../models/product.model";
import { SEED_COLORS } from "#contract/colors";
import { buildSeedProducts, seedDatabase, seededRandom } from "../../server/seed/seed";

/**
 * Bulk data for `npm run bench`: the demo shop (categories, 48 products with images, users), then
 * thousands of products and orders written with insertMany in batches. Deterministic: the same
 * counts always give the same catalogue and order book (dates are relative to "now").
 */
export interface BenchSeedOptions {
  products: number;
  orders: number;
  log: (line: string) => void;
}

export interface BenchSeedResult {
  /** A product with a large stock in three variants, for the add-to-cart run. */
  cartProduct: { _id: string; slug: string; variants: { color: string; size: string }[] };
  /** An active product for the by-id and product-page runs. */
  sampleProduct: { _id: string; slug: string };
  products: number;
  orders: number;
  payments: number;
}

const BATCH = 1000;
const DAY_MS = 86_400_000;
const STYLES = ["Classic", "Urban", "Everyday", "Heritage", "Relaxed", "Slim", "Essential", "Pro"];
const CITIES = ["Dhaka", "Chattogram", "Sylhet", "Khulna", "Rajshahi", "Barishal", "Rangpur"];
const FIRST_NAMES = ["Rahim", "Karim", "Nusrat", "Farhana", "Tanvir", "Sadia", "Arif", "Mim"];

/** Weighted choice: realistic order statuses (most orders delivered, some cancelled). */
const STATUS_WEIGHTS: [OrderStatus, number][] = [
  ["DELIVERED", 0.5],
  ["SHIPPED", 0.08],
  ["CONFIRMED", 0.08],
  ["PLACED", 0.14],
  ["PENDING", 0.04],
  ["CANCELLED", 0.16],
];

function pickStatus(value: number): OrderStatus {
  let sum = 0;
  for (const [status, weight] of STATUS_WEIGHTS) {
    sum += weight;
    if (value < sum) return status;
  }
  return "DELIVERED";
}

function progress(log: (line: string) => void, label: string, done: number, total: number) {
  log(`[bench:seed] ${label} ${done.toLocaleString("en")}/${total.toLocaleString("en")}`);
}

interface CatalogueEntry {
  _id: mongoose.Types.ObjectId;
  title: string;
  price: number;
  discountedPrice: number;
  category: mongoose.Types.ObjectId;
  categoryName: string;
  imageUrl: string;
  variants: { color: string; size: string }[];
  isActive: boolean;
}

export async function seedBenchData(options: BenchSeedOptions): Promise<BenchSeedResult> {
  const { log } = options;
  const random = seededRandom(9);
  const started = Date.now();

  // The demo shop gives the category tree, a handful of encoded images and the users.
  await seedDatabase(log, { demo: true });
  const categories = await Category.find().lean();
  const byId = new Map(categories.map((category) => [category._id.toString(), category]));
  const seeded = await Product.find()
    .select("slug images category categoryName categoryPath sizes")
    .lean();
  const seededBySlug = new Map(seeded.map((product) => [product.slug, product]));
  const templates = buildSeedProducts().map((template) => {
    const stored = seededBySlug.get(template.slug);
    if (!stored) throw new Error(`seed product ${template.slug} missing`);
    return { template, stored };
  });

  // Products: the seed's templates (category, sizes, price range, image) with varied colours,
  // prices, stock, dates and popularity.
  const now = Date.now();
  const catalogue: CatalogueEntry[] = [];
  let written = 0;
  for (let offset = 0; offset < options.products; offset += BATCH) {
    const batch = [];
    for (let index = offset; index < Math.min(offset + BATCH, options.products); index += 1) {
      const { template, stored } = templates[index % templates.length];
      const sizes = [...new Set(template.variants.map((variant) => variant.size))];
      const colorCount = 1 + Math.floor(random() * 3);
      const first = Math.floor(random() * SEED_COLORS.length);
      const colors = Array.from(
        { length: colorCount },
        (_, n) => SEED_COLORS[(first + n * 3) % SEED_COLORS.length],
      );
      const isCartProduct = index === 0;
      const slug = `bench-${template.slug}-${index + 1}`;
      const variants = colors.flatMap((color) =>
        sizes.map((size) => ({
          color,
          size,
          stock: isCartProduct ? 1_000_000 : random() < 0.1 ? 0 : 1 + Math.floor(random() * 40),
          sku: `${slug}-${color}-${size}`.toUpperCase().replace(/[^A-Z0-9]+/g, "-"),
        })),
      );
      const price = Math.round((template.price * (0.8 + random() * 0.4)) / 10) * 10;
      const discountedPrice =
        random() < 0.35 ? Math.round((price * (0.7 + random() * 0.25)) / 10) * 10 : price;
      const images = stored.images.length > 0 ? [...stored.images] : [];
      const createdAt = new Date(now - Math.floor(random() * 365 * DAY_MS));
      const isActive = isCartProduct || random() > 0.03;
      const doc = {
        _id: new mongoose.Types.ObjectId(),
        title: `${STYLES[index % STYLES.length]} ${template.title} ${index + 1}`,
        slug,
        description: `${template.description} Bench item ${index + 1}.`,
        brand: "Tweest",
        price,
        discountedPrice,
        category: stored.category,
        categoryName: stored.categoryName,
        categoryPath: stored.categoryPath,
        variants: variants.map((variant) => ({ _id: new mongoose.Types.ObjectId(), ...variant })),
        images,
        averageRating: Math.round((3 + random() * 2) * 10) / 10,
        numRatings: Math.floor(random() * 60),
        numReviews: Math.floor(random() * 30),
        soldCount: Math.floor(random() * 500),
        isFeatured: random() < 0.05,
        isActive,
        createdAt,
        updatedAt: createdAt,
        __v: 0,
        ...deriveStock({ price, discountedPrice, variants, images }),
      };
      batch.push(doc);
      catalogue.push({
        _id: doc._id,
        title: doc.title,
        price,
        discountedPrice,
        category: stored.category as mongoose.Types.ObjectId,
        categoryName: byId.get(String(stored.category))?.name ?? stored.categoryName ?? "",
        imageUrl: images[0] ?? "",
        variants,
        isActive,
      });
    }
    await Product.insertMany(batch, { lean: true });
    written += batch.length;
    progress(log, "products", written, options.products);
  }

  // Orders over the past 90 days, with their online payments.
  let orderCount = 0;
  let paymentCount = 0;
  const sellable = catalogue.filter((entry) => entry.isActive);
  for (let offset = 0; offset < options.orders; offset += BATCH) {
    const orders = [];
    const payments = [];
    for (let index = offset; index < Math.min(offset + BATCH, options.orders); index += 1) {
      const createdAt = new Date(now - Math.floor(random() * 90 * DAY_MS));
      const status = pickStatus(random());
      const method: PaymentMethod =
        random() < 0.6 ? "COD" : random() < 0.5 ? "SSLCOMMERZ" : "BKASH";
      const lineCount = 1 + Math.floor(random() * 3);
      const orderItems = Array.from({ length: lineCount }, () => {
        const product = sellable[Math.floor(random() * sellable.length)];
        const variant = product.variants[Math.floor(random() * product.variants.length)];
        const quantity = 1 + Math.floor(random() * 3);
        return {
          _id: new mongoose.Types.ObjectId(),
          product: {
            _id: product._id,
            title: product.title,
            category: { _id: product.category, name: product.categoryName },
            discountedPrice: product.discountedPrice,
            imageUrl: product.imageUrl,
          },
          productId: product._id,
          title: product.title,
          price: product.price,
          discountedPrice: product.discountedPrice,
          quantity,
          color: variant.color,
          size: variant.size,
        };
      });
      const totalPrice = orderItems.reduce((sum, item) => sum + item.price * item.quantity, 0);
      const itemsTotal = orderItems.reduce(
        (sum, item) => sum + item.discountedPrice * item.quantity,
        0,
      );
      const city = CITIES[index % CITIES.length];
      const deliveryCharge = itemsTotal >= 3000 ? 0 : city === "Dhaka" ? 60 : 120;
      const name = FIRST_NAMES[index % FIRST_NAMES.length];
      const mobile = `017${String(10_000_000 + index).slice(-8)}`;
      const paid = method !== "COD" && status !== "PENDING" && status !== "CANCELLED";
      const orderId = new mongoose.Types.ObjectId();
      const transactionId = `BENCH${String(index + 1).padStart(8, "0")}`;
      orders.push({
        _id: orderId,
        orderNumber: `BN${String(index + 1).padStart(7, "0")}`,
        user: null,
        guest: { email: "", mobile, guestId: null },
        trackingTokenHash: null,
        orderItems,
        shippingAddress: {
          firstName: name,
          lastName: "Bench",
          mobile,
          email: "",
          streetAddress: `House ${1 + (index % 90)}, Road ${1 + (index % 12)}`,
          city,
          zone: "",
          area: "",
          zipCode: "",
          country: "Bangladesh",
        },
        deliveryPhone: mobile, // already in the 01XXXXXXXXX form the model would store
        totalPrice,
        discount: totalPrice - itemsTotal,
        promoCode: null,
        promoCodeDiscount: 0,
        deliveryCharge,
        tax: 0,
        totalDiscountedPrice: itemsTotal + deliveryCharge,
        totalItem: orderItems.length,
        paymentMethod: method,
        paymentDetails: {
          status: paid ? "COMPLETED" : "PENDING",
          paymentId: null,
          transactionId: method === "COD" ? null : transactionId,
        },
        orderStatus: status,
        statusHistory: [{ status, at: createdAt, by: "bench", note: "" }],
        courier: null,
        note: "",
        stockReleased: status === "CANCELLED",
        createdAt,
        updatedAt: createdAt,
        __v: 0,
      });
      if (method !== "COD")
        payments.push({
          _id: new mongoose.Types.ObjectId(),
          order: orderId,
          method,
          amount: itemsTotal + deliveryCharge,
          currency: "BDT",
          status: paid ? "COMPLETED" : status === "CANCELLED" ? "FAILED" : "PENDING",
          transactionId,
          paymentId: null,
          validationId: null,
          gatewayResponse: null,
          createdAt,
          updatedAt: createdAt,
          __v: 0,
        });
    }
    await Order.insertMany(orders, { lean: true });
    if (payments.length > 0) await Payment.insertMany(payments, { lean: true });
    orderCount += orders.length;
    paymentCount += payments.length;
    progress(log, "orders", orderCount, options.orders);
  }
  log(`[bench:seed] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  const cart = catalogue[0];
  const sample = catalogue.find((entry, position) => position > 0 && entry.isActive)!;
  return {
    cartProduct: {
      _id: cart._id.toString(),
      slug: `bench-${templates[0].template.slug}-1`,
      variants: cart.variants.slice(0, 3).map(({ color, size }) => ({ color, size })),
    },
    sampleProduct: {
      _id: sample._id.toString(),
      slug: `bench-${templates[catalogue.indexOf(sample) % templates.length].template.slug}-${catalogue.indexOf(sample) + 1}`,
    },
    products: (await Product.estimatedDocumentCount()) as number,
    orders: orderCount,
    payments: paymentCount,
  };
}
