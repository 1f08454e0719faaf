import { rebuildBuyers } from "../server/services/buyer-summary";
import { withDatabase } from "./lib/with-database";

// npm run buyers:rebuild: recomputes every buyer's figures from the orders (docs/buyers.md), e.g.
// after orders were written around the shop (a restore, a bulk import). Safe to run twice and
// beside a running shop; staff notes are kept.
await withDatabase(async () => {
  const started = Date.now();
  const numbers = await rebuildBuyers();
  console.log(`✓ buyer figures computed for ${numbers} numbers in ${Date.now() - started} ms`);
});
