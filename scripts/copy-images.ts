import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { ConfigError, getEnv } from "../server/env";
import { LocalImageStore, copyImages, createImageStore, type ImageStore } from "../server/storage";

// npm run images:copy -- [--from local|s3] [--to local|s3] [--dir FOLDER] [--dry-run]
// Copies every uploaded image between the local folder and the bucket, keeping the keys (and so
// every /uploads URL). Default: ./uploads (UPLOADS_DIR) into the bucket the S3_* variables name.
// Re-runnable: what the target already holds is skipped. docs/operations.md, "Image storage".
const { values } = parseArgs({
  options: {
    from: { type: "string", default: "local" },
    to: { type: "string", default: "s3" },
    dir: { type: "string" },
    "dry-run": { type: "boolean", default: false },
  },
});

if (existsSync(".env")) process.loadEnvFile(".env");

function storeOf(kind: string | undefined): ImageStore {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`✗ ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (kind === "local") return new LocalImageStore(values.dir ?? env.UPLOADS_DIR);
  if (kind === "s3") {
    if (!env.S3_BUCKET) {
      console.error(
        "✗ set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, ... as the shop uses them)",
      );
      process.exit(1);
    }
    return createImageStore({ ...env, IMAGE_STORAGE: "s3" });
  }
  console.error(`✗ --from and --to are local or s3, not ${kind}`);
  process.exit(1);
}

const from = storeOf(values.from);
const to = storeOf(values.to);
if (from.description === to.description) {
  console.error(`✗ --from and --to are the same store (${from.description})`);
  process.exit(1);
}
console.log(
  `${values["dry-run"] ? "[dry run] " : ""}copying images from ${from.description} to ${to.description}`,
);
const started = Date.now();
const result = await copyImages(from, to, {
  dryRun: values["dry-run"],
  log: (line) => console.log(line),
});
console.log(
  `✓ ${result.copied} ${values["dry-run"] ? "would be " : ""}copied (${Math.round(result.bytes / 1024)} KB), ${result.skipped} already there, in ${Math.round((Date.now() - started) / 1000)} s`,
);
