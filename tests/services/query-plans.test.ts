import type mongoose from "mongoose";
import { beforeAll, describe, expect, it } from "vitest";
import { CatalogVersion, CATALOG_VERSION_ID } from "../../models/catalog-version.model";
import { Category } from "../../models/category.model";
import { Order } from "../../models/order.model";
import { Payment } from "../../models/payment.model";
import { PhoneBlockModel } from "../../models/phone-block.model";
import { Product } from "../../models/product.model";
import {
  COMPLETED,
  dashboardPeriods,
  inRange,
  SALE,
} from "../../server/services/dashboard.service";
import { buildProductListQuery } from "../../server/services/catalog-listing";
import { ProductListQuery } from "#contract/schemas/catalog";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";
import { clearDatabase } from "../setup/db";

/**
 * The listing and dashboard queries must be answerable from an index. Checked with explain:
 * - on MongoDB the winning plan (of a find, or of each pipeline's cursor) has no COLLSCAN stage;
 * - FerretDB v1 on SQLite reports its SQLite plan (`SCAN <table>` for every query) and
 *   `filterPushdown`, true only for a bare `_id` equality: it cannot use secondary indexes at all.
 *   There the test asserts what can be known: the query's shape (equality fields, then sort,
 *   then ranges) matches the key prefix of an index that exists (listIndexes), so a MongoDB
 *   deployment has one to use, and the `_id`-only lookups the services rely on are pushed down.
 */
type Direction = 1 | -1;
interface Shape {
  equality: string[];
  sort?: Record<string, Direction>;
  range?: string[];
}
type IndexKey = Record<string, Direction>;

async function indexKeys(model: mongoose.Model<never>): Promise<IndexKey[]> {
  const indexes = await model.collection.listIndexes().toArray();
  return indexes.map((index) => index.key as IndexKey);
}

/**
 * The index serves the shape when it leads with equality fields of the query (or, without any,
 * with a range or sort field), then goes on with the sort fields in order and one consistent
 * direction; with `wholeSort` it must provide the whole sort. Trailing fields do not matter.
 */
function serves(key: IndexKey, shape: Shape & { wholeSort?: boolean }): boolean {
  const fields = Object.entries(key);
  let position = 0;
  while (position < fields.length && shape.equality.includes(fields[position][0])) position += 1;
  if (position === 0) {
    const first = fields[0][0];
    if (!shape.range?.includes(first) && !(shape.sort && first in shape.sort)) return false;
  }
  const sort = Object.entries(shape.sort ?? {});
  let flip: number | undefined;
  let sorted = 0;
  for (const [field, direction] of sort) {
    if (position >= fields.length || fields[position][0] !== field) break;
    const sign = fields[position][1] === direction ? 1 : -1;
    if (flip !== undefined && flip !== sign) return false;
    flip = sign;
    position += 1;
    sorted += 1;
  }
  return !shape.wholeSort || sorted === sort.length;
}

/** Every `winningPlan` in an explain answer (find, count, or each $cursor stage of a pipeline). */
function winningPlans(explain: unknown): unknown[] {
  const found: unknown[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "winningPlan") found.push(value);
      else walk(value);
    }
  };
  walk(explain);
  return found;
}

function stagesOf(plan: unknown): string[] {
  const stages: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    if (typeof record.stage === "string") stages.push(record.stage);
    for (const value of Object.values(record)) walk(value);
  };
  walk(plan);
  return stages;
}

function isFerretDb(explain: Record<string, unknown>): boolean {
  const serverInfo = explain.serverInfo as Record<string, unknown> | undefined;
  return typeof serverInfo?.ferretdbVersion === "string";
}

/** The assertion, meaningful on both backends (see the file comment). */
async function expectIndexed(
  model: mongoose.Model<never>,
  explain: Record<string, unknown>,
  shape: Shape & { wholeSort?: boolean },
) {
  const keys = await indexKeys(model);
  const serving = keys.filter((key) => serves(key, shape));
  expect(
    serving,
    `an index of ${model.collection.name} serving ${JSON.stringify(shape)}`,
  ).not.toEqual([]);
  if (isFerretDb(explain)) {
    // FerretDB answers with its SQLite plan and pushdown flags; it cannot use the index, so the
    // index's existence and fit (above) are what can be checked.
    expect(explain.filterPushdown).toBeTypeOf("boolean");
    expect(explain.queryPlanner).toBeDefined();
    return;
  }
  const plans = winningPlans(explain);
  expect(plans.length).toBeGreaterThan(0);
  for (const plan of plans) {
    const stages = stagesOf(plan);
    expect(stages).not.toContain("COLLSCAN");
    expect(stages.some((stage) => /IXSCAN|IDHACK|DISTINCT_SCAN|COUNT_SCAN/.test(stage))).toBe(true);
  }
}

const asModel = <T>(model: mongoose.Model<T>) => model as unknown as mongoose.Model<never>;
const explainFind = (
  model: mongoose.Model<never>,
  filter: Record<string, unknown>,
  sort?: Record<string, Direction>,
  limit = 24,
) => {
  const cursor = model.collection.find(filter);
  if (sort) cursor.sort(sort);
  return cursor.limit(limit).explain() as Promise<Record<string, unknown>>;
};
const explainAggregate = (model: mongoose.Model<never>, pipeline: Record<string, unknown>[]) =>
  model.collection.aggregate(pipeline).explain() as Promise<Record<string, unknown>>;

let categoryId: mongoose.Types.ObjectId;

beforeAll(async () => {
  await clearDatabase();
  await Promise.all([Product.init(), Order.init(), Payment.init(), Category.init()]);
  const category = await createCategory({ name: "Men", slug: "men" });
  categoryId = category._id;
  // A few documents so the plans are real plans, not empty-collection shortcuts.
  for (let index = 0; index < 5; index += 1)
    await createProduct({
      title: `Shirt ${index}`,
      slug: `shirt-${index}`,
      price: 500 + index,
      discountedPrice: 450 + index,
      categoryPath: [category],
      variants: [{ color: index % 2 ? "Black" : "Navy", size: "M", stock: 3 }],
    });
});

describe("query plans: product listing", () => {
  const listings: { name: string; query: string; sortField: string }[] = [
    { name: "category, newest", query: "category=men", sortField: "createdAt" },
    {
      name: "category + colours, price low to high",
      query: "category=men&colors=Black,Navy&sort=price_low",
      sortField: "discountedPrice",
    },
    {
      name: "category + colours + sizes, price high to low",
      query: "category=men&colors=Black&sizes=M&sort=price_high",
      sortField: "discountedPrice",
    },
  ];

  for (const listing of listings) {
    it(`page, count and filters of "${listing.name}" use an index`, async () => {
      const input = ProductListQuery.parse(Object.fromEntries(new URLSearchParams(listing.query)));
      const { base, filter, sort } = buildProductListQuery(input, categoryId);
      const shape: Shape = {
        equality: ["categoryPath", "isActive"],
        sort: { [listing.sortField]: sort[listing.sortField] },
      };
      await expectIndexed(
        asModel(Product),
        await explainFind(asModel(Product), filter, sort),
        shape,
      );
      await expectIndexed(
        asModel(Product),
        await explainAggregate(asModel(Product), [
          { $match: filter },
          { $group: { _id: 1, n: { $sum: 1 } } },
        ]),
        { equality: ["categoryPath", "isActive"] },
      );
      await expectIndexed(
        asModel(Product),
        await explainFind(asModel(Product), base, undefined, 0),
        { equality: ["categoryPath", "isActive"] },
      );
    });
  }

  it("the newest category page has an index with the whole shape (equality, then sort)", async () => {
    const keys = await indexKeys(asModel(Product));
    expect(keys).toContainEqual({ categoryPath: 1, isActive: 1, createdAt: -1 });
    expect(keys).toContainEqual({ categoryPath: 1, isActive: 1, discountedPrice: 1 });
  });

  it("product lookups by _id alone are pushed down (FerretDB) or an _id lookup (MongoDB)", async () => {
    const product = await Product.findOne().lean();
    const explain = await explainFind(asModel(Product), { _id: product!._id }, undefined, 1);
    if (isFerretDb(explain)) {
      expect(explain.filterPushdown).toBe(true);
      // ...while adding any other field is not: why the services check isActive in code.
      const withActive = await explainFind(
        asModel(Product),
        { _id: product!._id, isActive: true },
        undefined,
        1,
      );
      expect(withActive.filterPushdown).toBe(false);
    } else {
      const stages = winningPlans(explain).flatMap(stagesOf);
      expect(stages).not.toContain("COLLSCAN");
    }
  });
});

describe("query plans: the stock ledger's job (server/services/stock-ledger.ts)", () => {
  it("finds products with entries to copy and products not opened from an index", async () => {
    await expectIndexed(
      asModel(Product),
      await explainFind(asModel(Product), { stockLedgerOutbox: { $exists: true } }),
      { equality: [], range: ["stockLedgerOutbox"] },
    );
    await expectIndexed(
      asModel(Product),
      await explainFind(asModel(Product), { stockLedgerOpened: { $ne: true } }, { _id: 1 }),
      { equality: [], range: ["stockLedgerOpened"] },
    );
  });
});

describe("query plans: catalogue read model (server/services/catalog-read-model.ts)", () => {
  it("the version poll reads one document by _id", async () => {
    // Product.create above recorded its change: the document exists.
    expect(await CatalogVersion.exists({ _id: CATALOG_VERSION_ID })).toBeTruthy();
    const explain = await explainFind(
      asModel(CatalogVersion),
      { _id: CATALOG_VERSION_ID },
      undefined,
      1,
    );
    if (isFerretDb(explain)) expect(explain.filterPushdown).toBe(true);
    else expect(winningPlans(explain).flatMap(stagesOf)).not.toContain("COLLSCAN");
  });

  it("the full read of the active catalogue (start, epoch change, periodic heal) uses an index", async () => {
    await expectIndexed(
      asModel(Product),
      await explainFind(asModel(Product), { isActive: true }, undefined, 0),
      { equality: ["isActive"] },
    );
  });
});

describe("query plans: dashboard pipelines", () => {
  const periods = dashboardPeriods(new Date("2026-11-23T06:00:00Z"));

  it("sales of a month or a day use the orders' status + date index", async () => {
    for (const range of [periods.month, periods.previousMonth, periods.days[0]]) {
      const explain = await explainAggregate(asModel(Order), [
        { $match: { ...SALE, ...inRange(range) } },
        { $group: { _id: null, value: { $sum: "$totalDiscountedPrice" } } },
      ]);
      await expectIndexed(asModel(Order), explain, {
        equality: ["orderStatus"],
        range: ["createdAt"],
      });
    }
  });

  it("sales by category match sales through the order status index", async () => {
    const explain = await explainAggregate(asModel(Order), [
      { $match: SALE },
      { $unwind: "$orderItems" },
      { $group: { _id: "$orderItems.product.category.name", value: { $sum: 1 } } },
    ]);
    await expectIndexed(asModel(Order), explain, { equality: ["orderStatus"] });
  });

  it("completed payments of a month or a day use the payments' date index", async () => {
    for (const range of [periods.month, periods.days[3]]) {
      const explain = await explainAggregate(asModel(Payment), [
        { $match: { ...COMPLETED, ...inRange(range) } },
        { $group: { _id: null, value: { $sum: "$amount" } } },
      ]);
      await expectIndexed(asModel(Payment), explain, { equality: [], range: ["createdAt"] });
    }
  });

  it("recent orders and payments sort on an index carrying createdAt and _id", async () => {
    const sort = { createdAt: -1, _id: -1 } as const;
    await expectIndexed(asModel(Order), await explainFind(asModel(Order), {}, sort, 5), {
      equality: [],
      sort,
      wholeSort: true,
    });
    await expectIndexed(asModel(Payment), await explainFind(asModel(Payment), {}, sort, 5), {
      equality: [],
      sort,
      wholeSort: true,
    });
  });
});

describe("query plans: customer history by phone", () => {
  it("a number's orders by status and its block are read through an index", async () => {
    await PhoneBlockModel.init();
    const phone = "01712345678";
    await expectIndexed(
      asModel(Order),
      await explainAggregate(asModel(Order), [
        { $match: { deliveryPhone: phone } },
        { $group: { _id: "$orderStatus", n: { $sum: 1 } } },
      ]),
      { equality: ["deliveryPhone"] },
    );
    await expectIndexed(
      asModel(Order),
      await explainFind(asModel(Order), {
        deliveryPhone: phone,
        orderStatus: "CANCELLED",
        paymentMethod: "COD",
      }),
      { equality: ["deliveryPhone", "orderStatus", "paymentMethod"] },
    );
    await expectIndexed(
      asModel(PhoneBlockModel),
      await explainFind(asModel(PhoneBlockModel), { phone, liftedAt: null }),
      { equality: ["phone", "liftedAt"] },
    );
  });
});
