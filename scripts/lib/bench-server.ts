import type { AddressInfo } from "node:net";
import express from "express";
import mongoose from "mongoose";
import { connectDatabase, disconnectDatabase } from "../../server/db/connect";
import { ProductListQuery } from "#contract/schemas/catalog";

/**
 * The process `npm run bench` measures (its own process, so the load generator does not share its
 * event loop): the shop (createApp(), as `npm start` serves it) and the ceiling, a bare Express
 * route running the listing's MongoDB query through the driver. Prints one JSON line with the two
 * ports, then serves until SIGTERM.
 *
 * Env: BENCH_DB_URI (the seeded database), BENCH_LISTING_QUERY (the listing's query string),
 * BENCH_APP_BUILD_DIR (the bench's private copy of the storefront build).
 */
const uri = process.env.BENCH_DB_URI;
const listingQuery = process.env.BENCH_LISTING_QUERY ?? "";
if (!uri) throw new Error("BENCH_DB_URI is required");

const { createApp } = await import("../../server/app");
const { buildProductListQuery, findCategoryByIdOrSlug } =
  await import("../../server/services/catalog-listing");

await connectDatabase(uri);

// The ceiling's query is built once, with the category already resolved: per request it runs only
// the page query and the count, the least any implementation of the listing must do.
const input = ProductListQuery.parse(Object.fromEntries(new URLSearchParams(listingQuery)));
const category = input.category ? await findCategoryByIdOrSlug(input.category) : undefined;
const { filter, sort } = buildProductListQuery(input, category?._id);
const products = mongoose.connection.db!.collection("products");
const ceiling = express();
ceiling.get("/ceiling", async (_req, res, next) => {
  try {
    const [content, totalProducts] = await Promise.all([
      products
        .find(filter)
        .sort(sort)
        .skip(input.pageNumber * input.pageSize)
        .limit(input.pageSize)
        .toArray(),
      products.countDocuments(filter),
    ]);
    res.json({ content, totalProducts });
  } catch (error) {
    next(error);
  }
});

const listen = (app: express.Express) =>
  new Promise<number>((resolve) => {
    const server = app.listen(0, "127.0.0.1", () =>
      resolve((server.address() as AddressInfo).port),
    );
  });

const appPort = await listen(createApp({ buildDir: process.env.BENCH_APP_BUILD_DIR }));
const ceilingPort = await listen(ceiling);
// The catalogue read model's memory: the process before and after it reads the catalogue.
const { catalogReadModel } = await import("../../server/services/catalog-read-model");
// Collected before each reading (the bench starts this process with --expose-gc), so the figure
// is what the catalogue keeps, not the garbage its loading left.
const collect = () => (globalThis as { gc?: () => void }).gc?.();
collect();
const before = process.memoryUsage();
const loadStarted = performance.now();
await catalogReadModel.ensureFresh();
collect();
const after = process.memoryUsage();
const catalogue = {
  products: catalogReadModel.size,
  loadMs: Math.round(performance.now() - loadStarted),
  rssMb: Math.round((after.rss - before.rss) / 2 ** 20),
  heapMb: Math.round((after.heapUsed - before.heapUsed) / 2 ** 20),
};
console.log(JSON.stringify({ ready: true, appPort, ceilingPort, pid: process.pid, catalogue }));

process.on("SIGTERM", () => {
  void disconnectDatabase().finally(() => process.exit(0));
});
