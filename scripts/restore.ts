import { parseArgs } from "node:util";
import { restoreShop, shopImages } from "./lib/backup";
import { withDatabase } from "./lib/with-database";

// npm run restore -- <backup folder> [--drop]: brings the collections and images of a backup back.
const { values, positionals } = parseArgs({
  options: { drop: { type: "boolean", default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error("usage: npm run restore -- <backup folder> [--drop]");
  process.exit(2);
}

await withDatabase(async () => {
  await restoreShop({
    folder: positionals[0]!,
    images: shopImages(),
    drop: values.drop,
    say: (line) => console.log(line),
  });
}).catch((error: unknown) => {
  console.error(`✗ restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
