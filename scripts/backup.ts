import { parseArgs } from "node:util";
import { getEnv } from "../server/env";
import { backupShop, uploadsFolder } from "./lib/backup";
import { withDatabase } from "./lib/with-database";

// npm run backup [-- --out <folder>]: the shop's collections and images into <folder>/tweest-backup-<time>/.
const { values } = parseArgs({ options: { out: { type: "string", default: "backups" } } });

await withDatabase(async () => {
  await backupShop({
    outDir: values.out,
    images: uploadsFolder(getEnv().UPLOADS_DIR),
    say: (line) => console.log(line),
  });
}).catch((error: unknown) => {
  console.error(`✗ backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
