import { parseArgs } from "node:util";
import { backupPlace, backupShop, copyBackupToStore, shopImages } from "./lib/backup";
import { withDatabase } from "./lib/with-database";

// npm run backup [-- --out <folder>] [--copy-to <folder> | s3://<bucket>[/<prefix>]]: the shop's
// collections and images into <out>/tweest-backup-<time>/, then (--copy-to) a copy of it in another
// place (a second disk, or a bucket of its own).
const { values } = parseArgs({
  options: { out: { type: "string", default: "backups" }, "copy-to": { type: "string" } },
});
const say = (line: string) => console.log(line);

await withDatabase(async () => {
  const folder = await backupShop({ outDir: values.out, images: shopImages(), say });
  const copyTo = values["copy-to"];
  if (copyTo) await copyBackupToStore(folder, backupPlace(copyTo), say);
}).catch((error: unknown) => {
  console.error(`✗ backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
