import { parseArgs } from "node:util";
import { backupPlace, copyBackupFromStore, restoreShop, shopImages } from "./lib/backup";
import { withDatabase } from "./lib/with-database";

// npm run restore -- <backup folder> [--drop]: brings the collections and images of a backup back.
// npm run restore -- <backup name> --from <folder | s3://bucket[/prefix]> [--into <folder>]: fetches
// the backup kept there (by backup --copy-to) first.
const { values, positionals } = parseArgs({
  options: {
    drop: { type: "boolean", default: false },
    from: { type: "string" },
    into: { type: "string", default: "backups" },
  },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error(
    "usage: npm run restore -- <backup folder> [--drop]\n" +
      "       npm run restore -- <backup name> --from <folder | s3://bucket[/prefix]> [--drop]",
  );
  process.exit(2);
}
const say = (line: string) => console.log(line);

await withDatabase(async () => {
  const folder = values.from
    ? await copyBackupFromStore(backupPlace(values.from), positionals[0]!, values.into, say)
    : positionals[0]!;
  await restoreShop({
    folder,
    images: shopImages(),
    drop: values.drop,
    say,
  });
}).catch((error: unknown) => {
  console.error(`✗ restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
