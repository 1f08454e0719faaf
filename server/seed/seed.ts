import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { Category } from "../../models/category.model.js";
import { COLOR_HEX, SEED_COLORS } from "#contract/colors";
import { POPUP_IMAGE_WIDTHS } from "#contract/images";
import { PopupImage } from "../../models/popup-image.model.js";
import { deriveStock, Product } from "../../models/product.model.js";
import { PromoCode } from "../../models/promo-code.model.js";
import { SizeGuide } from "../../models/size-guide.model.js";
import { User } from "../../models/user.model.js";
import { DEFAULT_ADMIN_PASSWORD, getEnv, servesOtherMachines } from "../env.js";
import { PRIMARY_WIDTH, RESPONSIVE_WIDTHS } from "../lib/images.js";
import { getImageStore, uploadUrl } from "../storage/index.js";
import { giveVariantsCodes } from "../services/variant-codes.service.js";

/**
 * Seeds a demo shop. Idempotent: every write is an upsert keyed by slug, code or email that only
 * inserts what is missing, so running it twice changes nothing.
 */

interface SeedCategory {
  name: string;
  /** The Bangla name, and the "for men/women/children" a Bangla description opens with. */
  nameBn: string;
  forBn: string;
  slug: string;
  children: { name: string; nameBn: string; slug: string; kind: GarmentKind }[];
}
type GarmentKind = "tshirt" | "polo" | "hoodie" | "panjabi" | "kurti" | "jeans" | "kids";

const CATEGORY_TREE: SeedCategory[] = [
  {
    name: "Men",
    nameBn: "ছেলেদের",
    forBn: "ছেলেদের",
    slug: "men",
    children: [
      { name: "T-Shirts", nameBn: "টি-শার্ট", slug: "men-t-shirts", kind: "tshirt" },
      { name: "Polo Shirts", nameBn: "পোলো শার্ট", slug: "men-polo-shirts", kind: "polo" },
      { name: "Hoodies", nameBn: "হুডি", slug: "men-hoodies", kind: "hoodie" },
      { name: "Panjabi", nameBn: "পাঞ্জাবি", slug: "men-panjabi", kind: "panjabi" },
      { name: "Jeans", nameBn: "জিন্স", slug: "men-jeans", kind: "jeans" },
    ],
  },
  {
    name: "Women",
    nameBn: "মেয়েদের",
    forBn: "মেয়েদের",
    slug: "women",
    children: [
      { name: "Kurti", nameBn: "কুর্তি", slug: "women-kurti", kind: "kurti" },
      { name: "T-Shirts", nameBn: "টি-শার্ট", slug: "women-t-shirts", kind: "tshirt" },
      { name: "Hoodies", nameBn: "হুডি", slug: "women-hoodies", kind: "hoodie" },
      { name: "Jeans", nameBn: "জিন্স", slug: "women-jeans", kind: "jeans" },
    ],
  },
  {
    name: "Kids",
    nameBn: "শিশুদের",
    forBn: "শিশুদের",
    slug: "kids",
    children: [
      { name: "T-Shirts", nameBn: "টি-শার্ট", slug: "kids-t-shirts", kind: "kids" },
      { name: "Hoodies", nameBn: "হুডি", slug: "kids-hoodies", kind: "kids" },
      { name: "Panjabi", nameBn: "পাঞ্জাবি", slug: "kids-panjabi", kind: "kids" },
    ],
  },
];

const SIZES: Record<GarmentKind, string[]> = {
  tshirt: ["S", "M", "L", "XL", "XXL"],
  polo: ["S", "M", "L", "XL", "XXL"],
  hoodie: ["M", "L", "XL", "XXL"],
  panjabi: ["38", "40", "42", "44"],
  kurti: ["S", "M", "L", "XL"],
  jeans: ["28", "30", "32", "34", "36"],
  kids: ["4Y", "6Y", "8Y", "10Y"],
};

const PRICE_RANGE: Record<GarmentKind, [number, number]> = {
  tshirt: [350, 950],
  polo: [650, 1450],
  hoodie: [1350, 2650],
  panjabi: [1650, 3500],
  kurti: [950, 2450],
  jeans: [1450, 2950],
  kids: [350, 1250],
};

/** An insert-only update: existing documents, and their updatedAt, stay as they are. */
function stamped<T extends object>(fields: T) {
  const now = new Date();
  return { $setOnInsert: { ...fields, createdAt: now, updatedAt: now } };
}

const STYLE_NAMES = ["Classic", "Urban", "Everyday", "Heritage"];
/** The styles as Bangla shops write them (loanwords, spelt in Bangla). */
const STYLE_NAMES_BN: Record<string, string> = {
  Classic: "ক্লাসিক",
  Urban: "আরবান",
  Everyday: "এভরিডে",
  Heritage: "হেরিটেজ",
};

/** Deterministic numbers (mulberry32 in [0, 1)), so every seed builds the same shop. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedProduct {
  title: string;
  titleBn: string;
  slug: string;
  description: string;
  descriptionBn: string;
  price: number;
  discountedPrice: number;
  categorySlug: string;
  categoryName: string;
  variants: { color: string; size: string; stock: number; sku: string; barcode: string }[];
  isFeatured: boolean;
  kind: GarmentKind;
}

export function buildSeedProducts(): SeedProduct[] {
  const random = seededRandom(2026);
  const products: SeedProduct[] = [];
  const colorNames = SEED_COLORS;
  let index = 0;
  for (const parent of CATEGORY_TREE) {
    for (const child of parent.children) {
      for (const style of STYLE_NAMES) {
        const [low, high] = PRICE_RANGE[child.kind];
        const price = Math.round((low + random() * (high - low)) / 10) * 10;
        const discounted = index % 3 === 0;
        const discountedPrice = discounted
          ? Math.round((price * (0.7 + random() * 0.2)) / 10) * 10
          : price;
        const colors = [0, 1, 2]
          .map((offset) => colorNames[(index + offset * 3) % colorNames.length])
          .slice(0, 2 + (index % 2));
        const slug = `${child.slug}-${style.toLowerCase()}`;
        const variants = colors.flatMap((color) =>
          SIZES[child.kind].map((size) => {
            const sku = `${slug}-${color}-${size}`.toUpperCase().replace(/[^A-Z0-9]+/g, "-");
            return {
              color,
              size,
              // Every fifth product has one sold-out variant, so "in stock" filters mean something.
              stock:
                index % 5 === 0 && size === SIZES[child.kind][0]
                  ? 0
                  : Math.floor(random() * 15) + 1,
              sku,
              // The barcode a variant without one gets anyway: with both codes written, claiming them
              // is one insert per product and no second write (every browser test seeds a shop).
              barcode: sku,
            };
          }),
        );
        products.push({
          title: `${style} ${parent.name === "Kids" ? "Kids " : ""}${child.name.replace(/s$/, "")}`,
          titleBn: `${STYLE_NAMES_BN[style]} ${parent.name === "Kids" ? "শিশুদের " : ""}${child.nameBn}`,
          slug,
          description: `${style} ${child.name.toLowerCase()} for ${parent.name.toLowerCase()}, cut from breathable fabric for Bangladesh's weather. Machine washable.`,
          descriptionBn: `${parent.forBn} ${STYLE_NAMES_BN[style]} ${child.nameBn}, বাংলাদেশের আবহাওয়ার উপযোগী আরামদায়ক কাপড়ে তৈরি। মেশিনে ধোয়া যায়।`,
          price,
          discountedPrice,
          categorySlug: child.slug,
          categoryName: child.name,
          variants,
          isFeatured: index % 6 === 1,
          kind: child.kind,
        });
        index += 1;
      }
    }
  }
  return products;
}

function garmentSvg(kind: GarmentKind, fill: string, width: number, height: number): string {
  const shapes: Record<GarmentKind, string> = {
    tshirt:
      "M60 20 L100 10 L140 20 L180 50 L160 80 L140 70 L140 180 L60 180 L60 70 L40 80 L20 50 Z",
    polo: "M60 20 L90 10 L100 40 L110 10 L140 20 L180 50 L160 80 L140 70 L140 180 L60 180 L60 70 L40 80 L20 50 Z",
    hoodie: "M65 25 Q100 -5 135 25 L180 60 L165 180 L35 180 L20 60 Z",
    panjabi:
      "M70 15 L100 10 L130 15 L165 60 L150 75 L140 65 L145 190 L55 190 L60 65 L50 75 L35 60 Z",
    kurti: "M70 15 L130 15 L160 60 L145 70 L155 190 L45 190 L55 70 L40 60 Z",
    jeans: "M60 10 L140 10 L150 190 L110 190 L100 70 L90 190 L50 190 Z",
    kids: "M70 40 L100 32 L130 40 L160 65 L145 85 L130 78 L130 170 L70 170 L70 78 L55 85 L40 65 Z",
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 -25 200 250" preserveAspectRatio="xMidYMid meet">
  <rect y="-25" width="200" height="250" fill="#f5f1ea"/>
  <path d="${shapes[kind]}" fill="${fill}" stroke="#111827" stroke-opacity="0.25" stroke-width="2"/>
</svg>`;
}

/**
 * An SVG drawing as WebP, `width` px wide when given. With SEED_IMAGE_CACHE_DIR set, each drawing is
 * rendered once and read back after (the images are a pure function of the drawing); the file is
 * written under a temporary name and renamed, so two seeds at once never read half a file.
 */
async function renderWebp(svg: string, quality: number, width?: number): Promise<Buffer> {
  const render = () => {
    const image = sharp(Buffer.from(svg));
    return (width ? image.resize({ width }) : image).webp({ quality }).toBuffer();
  };
  const cacheDir = getEnv().SEED_IMAGE_CACHE_DIR;
  if (!cacheDir) return render();
  const key = createHash("sha256")
    .update(`${width ?? "-"}:${quality}:${svg}`)
    .digest("hex");
  const file = path.join(cacheDir, `${key}.webp`);
  const cached = await readFile(file).catch(() => null);
  if (cached) return cached;
  const rendered = await render();
  await mkdir(cacheDir, { recursive: true });
  const partial = `${file}.${randomUUID()}.part`;
  await writeFile(partial, rendered);
  await rename(partial, file);
  return rendered;
}

async function writeWebpWidths(
  svg: string,
  folder: string,
  baseName: string,
  widths: readonly number[] = RESPONSIVE_WIDTHS,
  quality = 78,
): Promise<string> {
  const store = getImageStore();
  for (const width of widths) {
    const key = `${folder}/${baseName}-${width}.webp`;
    if (await store.stat(key)) continue;
    await store.put(key, await renderWebp(svg, quality, width));
  }
  return uploadUrl(`${folder}/${baseName}-${PRIMARY_WIDTH}.webp`);
}

async function seedCategories(): Promise<Map<string, { _id: unknown; path: unknown[] }>> {
  const bySlug = new Map<string, { _id: unknown; path: unknown[] }>();
  let order = 0;
  for (const parent of CATEGORY_TREE) {
    const parentDoc = await Category.findOneAndUpdate(
      { slug: parent.slug },
      stamped({
        name: parent.name,
        nameBn: parent.nameBn,
        slug: parent.slug,
        level: 1,
        parentCategory: null,
        sortOrder: order++,
      }),
      { upsert: true, new: true, timestamps: false },
    );
    bySlug.set(parent.slug, { _id: parentDoc._id, path: [parentDoc._id] });
    for (const child of parent.children) {
      const childDoc = await Category.findOneAndUpdate(
        { slug: child.slug },
        stamped({
          name: child.name,
          nameBn: child.nameBn,
          slug: child.slug,
          level: 2,
          parentCategory: parentDoc._id,
          sortOrder: order++,
        }),
        { upsert: true, new: true, timestamps: false },
      );
      bySlug.set(child.slug, { _id: childDoc._id, path: [parentDoc._id, childDoc._id] });
    }
  }
  return bySlug;
}

async function seedProducts(
  categories: Map<string, { _id: unknown; path: unknown[] }>,
  log: (line: string) => void,
) {
  const products = buildSeedProducts();
  // Spread creation dates over past days so "newest" has a stable, meaningful order.
  const now = Date.now();
  let done = 0;
  for (const [position, product] of products.entries()) {
    const category = categories.get(product.categorySlug)!;
    const firstColor = product.variants[0].color;
    const imageUrl = await writeWebpWidths(
      // Portrait, 4:5, as clothes are photographed (the cards and gallery show 4:5).
      garmentSvg(product.kind, COLOR_HEX[firstColor], 800, 1000),
      "products",
      `seed-${product.slug}`,
    );
    const images = [imageUrl];
    const createdAt = new Date(now - (products.length - position) * 86_400_000);
    await Product.updateOne(
      { slug: product.slug },
      {
        $setOnInsert: {
          title: product.title,
          titleBn: product.titleBn,
          slug: product.slug,
          description: product.description,
          descriptionBn: product.descriptionBn,
          brand: "Tweest",
          price: product.price,
          discountedPrice: product.discountedPrice,
          category: category._id,
          categoryName: product.categoryName,
          categoryPath: category.path,
          variants: product.variants,
          images,
          isFeatured: product.isFeatured,
          isActive: true,
          createdAt,
          updatedAt: createdAt,
          ...deriveStock({ ...product, images }),
        },
      },
      { upsert: true, timestamps: false },
    );
    done += 1;
    if (done % 12 === 0) log(`[seed] products ${done}/${products.length}`);
  }
}

async function seedPromoCodes() {
  const year = new Date().getFullYear();
  const codes = [
    {
      code: "WELCOME10",
      description: "10% off your first order, up to ৳300",
      type: "PERCENTAGE",
      value: 10,
      minOrderAmount: 500,
      maxDiscount: 300,
      perUserLimit: 1,
    },
    {
      code: "FLAT150",
      description: "৳150 off orders of ৳1,500 or more",
      type: "FIXED",
      value: 150,
      minOrderAmount: 1500,
    },
    {
      code: "EID25",
      description: "25% off for Eid, up to ৳1,000",
      type: "PERCENTAGE",
      value: 25,
      minOrderAmount: 2000,
      maxDiscount: 1000,
      usageLimit: 500,
      expiresAt: new Date(`${year + 1}-12-31T17:59:59Z`),
    },
  ];
  for (const code of codes)
    await PromoCode.updateOne(
      { code: code.code },
      stamped({ ...code, isActive: true, usedCount: 0 }),
      { upsert: true, timestamps: false },
    );
}

async function seedPopupImages() {
  const banners = [
    {
      title: "Winter Hoodie Drop",
      description: "Warm hoodies from ৳1,350. Free delivery over ৳3,000.",
      titleBn: "শীতের নতুন হুডি",
      descriptionBn: "গরম হুডি ৳১,৩৫০ থেকে। ৳৩,০০০-এর বেশি অর্ডারে ফ্রি ডেলিভারি।",
      link: "/products?category=men-hoodies",
      fill: "#1e3a8a",
    },
    {
      title: "Eid Panjabi Collection",
      description: "Festive panjabi in new colours. Use EID25.",
      titleBn: "ঈদ পাঞ্জাবি কালেকশন",
      descriptionBn: "নতুন রঙে উৎসবের পাঞ্জাবি। EID25 কোড ব্যবহার করুন।",
      link: "/products?category=men-panjabi",
      fill: "#7f1d1d",
    },
    {
      title: "Bulk T-Shirt Orders",
      description: "Printing for teams and events from 10 pieces.",
      titleBn: "বাল্ক টি-শার্ট অর্ডার",
      descriptionBn: "টিম ও ইভেন্টের জন্য প্রিন্টিং, ১০ পিস থেকে।",
      link: "/bulk-order",
      fill: "#4d5d2a",
    },
  ];
  for (const [sequence, banner] of banners.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="${banner.fill}"/><circle cx="950" cy="250" r="260" fill="#ffffff" fill-opacity="0.12"/><rect x="80" y="520" width="520" height="24" rx="12" fill="#ffffff" fill-opacity="0.6"/></svg>`;
    // At every popup width, as an upload is (the storefront's srcset names them).
    const imageUrl = await writeWebpWidths(
      svg,
      "popups",
      `seed-campaign-${sequence + 1}`,
      POPUP_IMAGE_WIDTHS,
      80,
    );
    await PopupImage.updateOne(
      { title: banner.title },
      stamped({
        title: banner.title,
        description: banner.description,
        titleBn: banner.titleBn,
        descriptionBn: banner.descriptionBn,
        link: banner.link,
        // Relative to the shop's host, as uploads are stored.
        imagePath: imageUrl.replace(/^\//, ""),
        sequence,
        isActive: true,
      }),
      { upsert: true, timestamps: false },
    );
  }
}

async function seedSizeGuide(categories: Map<string, { _id: unknown }>) {
  await SizeGuide.updateOne(
    { name: "Men's T-Shirt" },
    stamped({
      name: "Men's T-Shirt",
      category: categories.get("men-t-shirts")!._id,
      unit: "inch",
      columns: ["Chest", "Length", "Sleeve"],
      rows: [
        { size: "S", values: ["36", "26", "7.5"] },
        { size: "M", values: ["38", "27", "8"] },
        { size: "L", values: ["40", "28", "8.5"] },
        { size: "XL", values: ["42", "29", "9"] },
        { size: "XXL", values: ["44", "30", "9.5"] },
      ],
      note: "Measured flat, in inches. Between sizes? Take the larger one.",
      nameBn: "ছেলেদের টি-শার্ট",
      noteBn: "সমতলে রেখে ইঞ্চিতে মাপা। দুই মাপের মাঝামাঝি হলে বড়টি নিন।",
    }),
    { upsert: true, timestamps: false },
  );
}

/**
 * Creates the admin (an owner) from ADMIN_EMAIL / ADMIN_PASSWORD, or promotes an existing account. Anyone may
 * have registered that email first, so a promoted account gets the given password, loses any Google
 * link, and its older tokens stop working (token version): only the operator can sign in as admin.
 */
export async function ensureAdmin(
  email: string,
  password: string,
): Promise<"created" | "promoted" | "unchanged"> {
  const existing = await User.findOne({ email: email.toLowerCase() });
  if (existing) {
    if (existing.role === "ADMIN") return "unchanged";
    existing.role = "ADMIN";
    existing.staffRole = "owner";
    existing.staffActive = true;
    existing.password = password;
    existing.googleId = undefined;
    await existing.save();
    return "promoted";
  }
  await User.create({
    firstName: "Shop",
    lastName: "Admin",
    email,
    password,
    role: "ADMIN",
    staffRole: "owner",
    isOTPVerified: true,
  });
  return "created";
}

/** The demo customer's sign-in, printed in the README. */
export const DEMO_CUSTOMER = { email: "customer@tweest.local", password: "customer123" };
/** The demo admin's email (ADMIN_EMAIL's default), whose default password the README prints. */
const DEMO_ADMIN_EMAIL = "admin@tweest.local";

async function seedDemoCustomer() {
  if (await User.exists({ email: DEMO_CUSTOMER.email })) return;
  await User.create({
    firstName: "Rahim",
    lastName: "Uddin",
    email: DEMO_CUSTOMER.email,
    password: DEMO_CUSTOMER.password,
    mobile: "01711000000",
    phone: "01711000000",
    isOTPVerified: true,
    addresses: [
      {
        firstName: "Rahim",
        lastName: "Uddin",
        mobile: "01711000000",
        streetAddress: "House 12, Road 5, Dhanmondi",
        city: "Dhaka",
        zipCode: "1205",
      },
    ],
  });
}

/** What admin:create and the seed say when an existing account becomes the admin. */
export const PROMOTED_ADMIN_NOTE =
  "promoted to admin; its password was replaced by the one given, its Google link removed and its sessions signed out";

/** What a production start says about seeding, in one line. */
export const PRODUCTION_SEED_LINE =
  "[seed] production: no demo data (no demo products, customers or promo codes); an empty database gets the categories and the admin from ADMIN_EMAIL / ADMIN_PASSWORD";

/** What a development start that other machines can reach says about seeding, in one line. */
export const REACHABLE_SEED_LINE =
  "[seed] reachable from other machines: demo products, but no demo customer or promo codes (their password and codes are published)";

/**
 * The demo shop, idempotently. In production only the categories and the admin. A development
 * start other machines can reach gets the demo catalogue (harmless) but not the demo customer or
 * the promo codes, whose password and codes are published.
 */
export async function seedDatabase(
  log: (line: string) => void = () => undefined,
  // `demo: true` seeds the demo shop whatever NODE_ENV says (the bench's throw-away database).
  options: { demo?: boolean } = {},
): Promise<void> {
  const env = getEnv();
  const demoCatalogue = options.demo ?? env.NODE_ENV !== "production";
  const demoSignIns = options.demo ?? !servesOtherMachines(env);
  log("[seed] categories");
  const categories = await seedCategories();
  if (demoCatalogue) {
    log("[seed] products and images");
    await seedProducts(categories, log);
    // The demo variants' SKUs (and barcodes, the same) claimed as the editor's saves claim them.
    await giveVariantsCodes();
    log("[seed] popup images, size guide");
    await seedPopupImages();
    await seedSizeGuide(categories);
  }
  if (demoCatalogue && demoSignIns) {
    log("[seed] promo codes, demo customer");
    await seedPromoCodes();
    await seedDemoCustomer();
  } else if (demoCatalogue) log(REACHABLE_SEED_LINE);
  const admin = await ensureAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
  if (admin === "promoted") log(`[seed] ${env.ADMIN_EMAIL}: ${PROMOTED_ADMIN_NOTE}`);
  if (admin === "created")
    log(
      `[seed] admin created: ${env.ADMIN_EMAIL}${env.NODE_ENV !== "production" && env.ADMIN_PASSWORD === DEFAULT_ADMIN_PASSWORD ? ` / ${DEFAULT_ADMIN_PASSWORD} (development default; set ADMIN_PASSWORD)` : ""}`,
    );
  log("[seed] done");
}

/**
 * A start that serves other machines on a database seeded earlier by a loopback start (where the
 * demo sign-ins are fine): no sign-in published in the README may keep working. ADMIN_EMAIL's
 * account gets ADMIN_PASSWORD (never the default there: env.ts refuses it) in place of the default
 * password, the demo admin and customer a random one; each one's sessions are signed out.
 */
export async function retirePublishedSignIns(log: (line: string) => void): Promise<void> {
  const env = getEnv();
  const published: { email: string; password: string; next?: string }[] = [
    { email: env.ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD, next: env.ADMIN_PASSWORD },
    { email: DEMO_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD },
    DEMO_CUSTOMER,
  ];
  const checked = new Set<string>();
  for (const { email, password, next } of published) {
    // ADMIN_EMAIL may be the demo admin's address: one password check (bcrypt) per account.
    if (checked.has(email.toLowerCase())) continue;
    checked.add(email.toLowerCase());
    const user = await User.findOne({ email: email.toLowerCase() }).select("+password");
    if (!user?.password || !(await user.checkPassword(password))) continue;
    user.password = next ?? randomBytes(24).toString("base64url");
    await user.save();
    log(
      `[seed] ${email}: the published password ${password} no longer signs in (${next ? "now ADMIN_PASSWORD" : "replaced by a random one"}; its sessions are signed out)`,
    );
  }
}

export async function isDatabaseEmpty(): Promise<boolean> {
  return (await Product.estimatedDocumentCount()) === 0;
}
