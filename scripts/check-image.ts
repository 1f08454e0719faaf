import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import mongoose from "mongoose";
import sharp from "sharp";
import { Category } from "../models/category.model";
import { SEED_COLORS } from "#contract/colors";
import { deriveStock, Product } from "../models/product.model";
import { connectDatabase, disconnectDatabase } from "../server/db/connect";
import { freePort, startDatabase, type DatabaseHandle } from "../server/db/embedded";
import { PRIMARY_WIDTH, RESPONSIVE_WIDTHS } from "../server/lib/images";
import {
  composeDefault,
  composeEnvironment,
  parseCommand,
  parseCopy,
  parseDockerfile,
  parseDockerignore,
  parseEnv,
  parseHealthcheck,
  splitWords,
  type Stage,
} from "./check-image/dockerfile";

/**
 * The Docker image's life without Docker (none runs here): the Dockerfile's stages are followed in
 * empty temporary folders (clean install from the lock file, build, prune), the final stage gets only
 * what the Dockerfile copies into it, and its CMD runs there with the image's ENV plus what
 * docker-compose.yml passes, against a fresh database. Then /healthz, /readyz, the image's own
 * HEALTHCHECK command, a product page, its script and image and the product API must answer, the
 * operator's `npm run admin:create` must work there and its admin sign in, and SIGTERM must stop
 * the server cleanly. `--keep` keeps the folders. See docs/deploy.md.
 */

const root = path.resolve(import.meta.dirname, "..");
const keep = process.argv.includes("--keep");
const startedAt = Date.now();

const say = (line: string) => console.log(`[image] ${line}`);
const secondsSince = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

class CheckFailed extends Error {}
function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/** The user the final stage's USER stands for: root builds like Docker, the server never runs as root. */
function runtimeUser(): { uid: number; gid: number; label: string } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(spawnSync("id", ["-u", "nobody"], { encoding: "utf8" }).stdout.trim());
  const gid = Number(spawnSync("id", ["-g", "nobody"], { encoding: "utf8" }).stdout.trim());
  ensure(Number.isInteger(uid) && uid > 0, "no 'nobody' user to run the server as");
  return { uid, gid, label: `nobody (uid ${uid})` };
}

interface StageFolder {
  name: string;
  /** Stands for the stage's `/`: the container path /app is <root>/app. */
  root: string;
  workdir: string;
  env: Record<string, string>;
  user?: string;
  cmd?: string[];
  healthcheck?: string[];
}

function hostPath(stage: StageFolder, containerPath: string): string {
  return path.join(stage.root, path.posix.resolve(stage.workdir, containerPath));
}

/** Absolute paths under the stage's WORKDIR (e.g. ENV UPLOADS_DIR=/app/uploads) point into its folder. */
function mapPaths(stage: StageFolder, text: string): string {
  if (stage.workdir === "/") return text;
  const escaped = stage.workdir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(
    new RegExp(`(?<![\\w./-])${escaped}(?=/|\\s|$|["':;])`, "g"),
    hostPath(stage, stage.workdir),
  );
}

/** Runs one shell step the way `RUN` would; its output goes to the log and is shown on failure. */
function runShell(command: string, cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): void {
  const result = spawnSync("/bin/sh", ["-c", command], {
    cwd,
    env,
    encoding: "utf8",
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n").slice(-60);
    throw new CheckFailed(
      `RUN ${command} failed (${result.error?.message ?? `exit ${result.status}`}):\n${output.join("\n")}`,
    );
  }
}

/** The machine's environment for build steps (registry, certificates, npm cache), less npm's run-script variables. */
function buildEnv(stage: StageFolder): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !key.toLowerCase().startsWith("npm_") && key !== "NODE_ENV",
    ),
  );
  return { ...inherited, ...stage.env };
}

function copyFromContext(stage: StageFolder, sources: string[], destination: string) {
  const filter = parseDockerignore(
    existsSync(path.join(root, ".dockerignore"))
      ? readFileSync(path.join(root, ".dockerignore"), "utf8")
      : "",
  );
  for (const source of sources) {
    const from = path.resolve(root, source);
    const relative = path.relative(root, from);
    ensure(!relative.startsWith(".."), `COPY ${source}: outside the build context`);
    ensure(existsSync(from), `COPY ${source}: not in the build context`);
    ensure(relative === "" || !filter.excludes(relative), `COPY ${source}: .dockerignore drops it`);
    cpSync(from, copyTarget(stage, from, sources.length, destination), {
      recursive: true,
      verbatimSymlinks: true,
      filter: (entry) => {
        const name = path.relative(root, entry);
        if (name === "") return true;
        return lstatSync(entry).isDirectory() ? !filter.skipsFolder(name) : !filter.excludes(name);
      },
    });
  }
}

/** Docker's rule: a folder's contents go into the destination; a file goes into it when it ends in `/`. */
function copyTarget(stage: StageFolder, from: string, count: number, destination: string): string {
  const target = hostPath(stage, destination);
  const intoFolder = destination.endsWith("/") || destination === "." || count > 1;
  if (lstatSync(from).isDirectory() || !intoFolder) return target;
  mkdirSync(target, { recursive: true });
  return path.join(target, path.basename(from));
}

function chownTree(target: string, user: { uid: number; gid: number } | undefined) {
  if (!user) return;
  const result = spawnSync("chown", ["-R", `${user.uid}:${user.gid}`, target]);
  ensure(result.status === 0, `chown ${target} failed: ${result.stderr}`);
}

/** Follows every stage of the Dockerfile in its own folder under `work`. */
function followDockerfile(
  stages: Stage[],
  work: string,
  user: ReturnType<typeof runtimeUser>,
): StageFolder {
  const folders: StageFolder[] = [];
  for (const [index, stage] of stages.entries()) {
    const name = stage.name ?? String(index);
    const final = index === stages.length - 1;
    const folder: StageFolder = {
      name,
      root: path.join(work, `stage-${name}`),
      workdir: "/",
      env: {},
    };
    mkdirSync(folder.root, { recursive: true });
    chmodSync(folder.root, 0o755);
    folders.push(folder);
    say(`stage ${name} (FROM ${stage.base}${final ? ", the image" : ""})`);
    for (const instruction of stage.instructions) {
      const where = `Dockerfile line ${instruction.line}`;
      switch (instruction.keyword) {
        case "WORKDIR":
          folder.workdir = path.posix.resolve(folder.workdir, instruction.args);
          mkdirSync(hostPath(folder, "."), { recursive: true });
          break;
        case "ENV":
          for (const [key, value] of Object.entries(parseEnv(instruction.args)))
            folder.env[key] = mapPaths(folder, value);
          break;
        case "COPY": {
          const copy = parseCopy(instruction.args);
          say(`  COPY ${instruction.args}`);
          if (copy.from) {
            const source = folders.find((candidate) => candidate.name === copy.from);
            ensure(source, `${where}: COPY --from=${copy.from}: no such earlier stage`);
            for (const item of copy.sources) {
              const from = hostPath(source, item);
              ensure(existsSync(from), `${where}: ${item} does not exist in stage ${source.name}`);
              const target = copyTarget(folder, from, copy.sources.length, copy.destination);
              cpSync(from, target, { recursive: true, verbatimSymlinks: true });
              if (copy.chown) chownTree(target, user);
            }
          } else {
            copyFromContext(folder, copy.sources, copy.destination);
          }
          break;
        }
        case "RUN":
          // Only paths under WORKDIR are mapped into the stage's folder: elsewhere is this machine.
          ensure(folder.workdir !== "/", `${where}: RUN before WORKDIR is not supported`);
          for (const command of instruction.args.split(/\s*&&\s*/)) {
            const commandStarted = Date.now();
            const words = splitWords(command);
            if (words[0] === "chown") {
              // The image's user (`node`) is the one the server runs as here.
              for (const target of words.slice(1).filter((word) => !word.includes(":")))
                if (!target.startsWith("-")) chownTree(mapPaths(folder, target), user);
              continue;
            }
            say(`  RUN ${command}`);
            runShell(
              mapPaths(folder, command),
              hostPath(folder, "."),
              buildEnv(folder),
              20 * 60_000,
            );
            say(`    done in ${secondsSince(commandStarted)}`);
          }
          break;
        case "USER":
          folder.user = instruction.args;
          break;
        case "CMD":
          folder.cmd = parseCommand(instruction.args);
          break;
        case "HEALTHCHECK":
          folder.healthcheck = parseHealthcheck(instruction.args);
          break;
        case "EXPOSE":
        case "LABEL":
        case "ARG":
          break;
        default:
          throw new CheckFailed(`${where}: the check does not know ${instruction.keyword}`);
      }
    }
  }
  return folders[folders.length - 1];
}

/** A product written straight to the database, as a shop's catalogue would already hold one. */
async function seedProduct(uploadsDir: string) {
  const title = "Image Check Tee";
  const slug = `image-check-tee-${randomBytes(3).toString("hex")}`;
  const folder = path.join(uploadsDir, "products");
  mkdirSync(folder, { recursive: true });
  const artwork = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><rect width="800" height="800" fill="#1e3a8a"/></svg>',
  );
  for (const width of RESPONSIVE_WIDTHS)
    await sharp(artwork)
      .resize({ width })
      .webp()
      .toFile(path.join(folder, `${slug}-${width}.webp`));
  const images = [`/uploads/products/${slug}-${PRIMARY_WIDTH}.webp`];
  const category = await Category.create({ name: "Image Check", slug: `${slug}-category` });
  const fields = {
    price: 1290,
    discountedPrice: 990,
    variants: [{ color: SEED_COLORS[0], size: "M", stock: 7, sku: `${slug}-M`.toUpperCase() }],
    images,
  };
  await Product.create({
    title,
    slug,
    description: "A product written by npm run check:image.",
    category: category._id,
    categoryName: category.name,
    categoryPath: [category._id],
    isActive: true,
    ...fields,
    ...deriveStock(fields),
  });
  return { title, slug, image: images[0] };
}

/**
 * The variables docker-compose.yml gives the app: those an operator must or would choose get the
 * check's values (its database, fresh secrets, a strong admin password); any other keeps compose's
 * own value or default. One with neither stops the check, which then needs teaching it.
 */
function operatorEnvironment(databaseUri: string, port: number): Record<string, string> {
  const secret = () => randomBytes(36).toString("base64url");
  const chosen: Record<string, string> = {
    MONGODB_URI: databaseUri,
    PUBLIC_URL: `http://localhost:${port}`,
    JWT_SECRET: secret(),
    COOKIE_SECRET: secret(),
    ADMIN_EMAIL: "owner@example.com",
    ADMIN_PASSWORD: `Op-${randomBytes(15).toString("base64url")}-7q`,
  };
  const compose = composeEnvironment(
    readFileSync(path.join(root, "docker-compose.yml"), "utf8"),
    "app",
  );
  const environment: Record<string, string> = {};
  for (const [key, written] of Object.entries(compose)) {
    const value = chosen[key] ?? composeDefault(written);
    ensure(
      value !== undefined,
      `docker-compose.yml passes ${key}=${written} to the app: give the check a value for it`,
    );
    environment[key] = value;
  }
  return environment;
}

interface RunningApp {
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

function startApp(
  image: StageFolder,
  env: NodeJS.ProcessEnv,
  user: ReturnType<typeof runtimeUser>,
) {
  ensure(image.cmd, "the image has no CMD");
  const [command, ...args] = image.cmd;
  const child = spawn(command, args, {
    cwd: hostPath(image, "."),
    env,
    uid: user?.uid,
    gid: user?.gid,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (line.trim() === "") continue;
      output.push(line);
      if (output.length > 200) output.shift();
      // The server's own start-up lines; pino's JSON request logs stay in the tail for failures.
      if (!line.startsWith("{")) console.log(`[image]   app: ${line}`);
    }
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return { child, output, exited } satisfies RunningApp;
}

async function get(url: string): Promise<{ status: number; type: string; body: Buffer }> {
  const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(30_000) });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    body: Buffer.from(await response.arrayBuffer()),
  };
}

async function waitUntilHealthy(app: RunningApp, base: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    ensure(app.child.exitCode === null, `the server exited with ${app.child.exitCode}`);
    const answer = await get(`${base}/healthz`).catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new CheckFailed("the server did not answer /healthz within 120 s");
}

async function probe(
  app: RunningApp,
  image: StageFolder,
  env: NodeJS.ProcessEnv,
  user: ReturnType<typeof runtimeUser>,
  product: Awaited<ReturnType<typeof seedProduct>>,
) {
  const base = `http://127.0.0.1:${env.PORT}`;
  const check = async (label: string, work: () => Promise<void>) => {
    await work();
    say(`  ✓ ${label}`);
  };

  await check("GET /healthz: 200 {status: ok}", async () => {
    const answer = await get(`${base}/healthz`);
    ensure(answer.status === 200, `/healthz answered ${answer.status}`);
    ensure(JSON.parse(answer.body.toString()).status === "ok", `/healthz said ${answer.body}`);
  });
  await check("GET /readyz: 200 {status: ready} (the database answers)", async () => {
    const answer = await get(`${base}/readyz`);
    ensure(answer.status === 200, `/readyz answered ${answer.status}: ${answer.body}`);
  });
  if (image.healthcheck) {
    await check("the image's HEALTHCHECK command exits 0", async () => {
      const imagePort = image.env.PORT ?? "5454";
      const [command, ...args] = image.healthcheck!.map((word) =>
        word.replaceAll(`:${imagePort}/`, `:${env.PORT}/`),
      );
      const result = spawnSync(command, args, {
        cwd: hostPath(image, "."),
        env,
        uid: user?.uid,
        gid: user?.gid,
        timeout: 10_000,
        encoding: "utf8",
      });
      ensure(result.status === 0, `HEALTHCHECK exited ${result.status}: ${result.stderr}`);
    });
  }

  let scriptPath = "";
  await check(`GET /product/${product.slug}: 200 HTML with its title and price`, async () => {
    const answer = await get(`${base}/product/${product.slug}`);
    const html = answer.body.toString();
    ensure(
      answer.status === 200,
      `the product page answered ${answer.status}:\n${html.slice(0, 800)}`,
    );
    ensure(answer.type.startsWith("text/html"), `the product page is ${answer.type}`);
    ensure(
      html.includes(`<title>${product.title} — Tweest</title>`),
      "the <title> is not the product's",
    );
    ensure(/৳\s?990/.test(html), "the page does not show the price ৳990");
    scriptPath = /<script[^>]+type="module"[^>]*src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? "";
    scriptPath ||= /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? "";
    ensure(scriptPath, "the page references no /assets/*.js");
  });
  await check(
    `GET ${scriptPath}: 200 JavaScript (the built storefront is in the image)`,
    async () => {
      const answer = await get(`${base}${scriptPath}`);
      ensure(answer.status === 200, `${scriptPath} answered ${answer.status}`);
      ensure(answer.type.includes("javascript"), `${scriptPath} is ${answer.type}`);
    },
  );
  await check(`GET ${product.image}: 200 image/webp (UPLOADS_DIR is served)`, async () => {
    const answer = await get(`${base}${product.image}`);
    ensure(answer.status === 200, `${product.image} answered ${answer.status}`);
    ensure(answer.type === "image/webp", `${product.image} is ${answer.type}`);
  });
  await check("GET /api/products: 200 JSON listing the product", async () => {
    const answer = await get(`${base}/api/products?search=${encodeURIComponent(product.title)}`);
    ensure(answer.status === 200, `/api/products answered ${answer.status}: ${answer.body}`);
    const body = JSON.parse(answer.body.toString()) as { content?: { slug: string }[] };
    ensure(
      body.content?.some((item) => item.slug === product.slug),
      `/api/products did not list ${product.slug}: ${answer.body.toString().slice(0, 400)}`,
    );
  });
  // What an operator runs in the container (`docker compose exec app npm run admin:create`): the
  // scripts and bcrypt's native module work from the pruned tree, and the admin can sign in.
  await check(
    "npm run admin:create in the image; that admin signs in (200, role ADMIN)",
    async () => {
      const created = spawnSync("npm", ["run", "admin:create"], {
        cwd: hostPath(image, "."),
        env,
        uid: user?.uid,
        gid: user?.gid,
        timeout: 120_000,
        encoding: "utf8",
      });
      ensure(
        created.status === 0,
        `npm run admin:create exited ${created.status}:\n${created.stdout}${created.stderr}`,
      );
      const signin = await fetch(`${base}/auth/signin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
        signal: AbortSignal.timeout(30_000),
      });
      const answer = (await signin.json()) as { jwt?: string; message?: string };
      ensure(
        signin.status === 200 && answer.jwt,
        `sign-in answered ${signin.status}: ${answer.message}`,
      );
      const profile = await fetch(`${base}/api/users/profile`, {
        headers: { authorization: `Bearer ${answer.jwt}` },
        signal: AbortSignal.timeout(30_000),
      });
      const account = (await profile.json()) as { role?: string };
      ensure(
        profile.status === 200 && account.role === "ADMIN",
        `the profile answered ${profile.status} with role ${account.role}`,
      );
    },
  );
}

function databaseUriFor(database: DatabaseHandle): string {
  const uri = new URL(database.uri);
  // Never the shop's own data when MONGODB_URI points at a real server: a database of its own.
  uri.pathname = `/image_check_${randomBytes(4).toString("hex")}`;
  return uri.toString();
}

async function main() {
  const work = mkdtempSync(path.join(os.tmpdir(), "tweest-image-"));
  chmodSync(work, 0o755);
  const user = runtimeUser();
  let database: DatabaseHandle | undefined;
  let databaseUri: string | undefined;
  let app: RunningApp | undefined;
  let passed = false;
  say(`following ${path.join(root, "Dockerfile")} in ${work}`);
  say(`Node ${process.version} here (the image uses its FROM's Node); no Docker engine is used`);
  try {
    const stages = parseDockerfile(readFileSync(path.join(root, "Dockerfile"), "utf8"));
    ensure(stages.length > 0, "the Dockerfile has no FROM");
    const image = followDockerfile(stages, work, user);
    say(`image assembled in ${secondsSince(startedAt)}`);

    const started = Date.now();
    database = await startDatabase({
      mongodbUri: process.env.MONGODB_URI,
      dataDir: path.join(work, "database"),
      log: (line) => say(line),
    });
    databaseUri = databaseUriFor(database);
    await connectDatabase(databaseUri);
    const uploadsDir = image.env.UPLOADS_DIR ?? hostPath(image, "uploads");
    const product = await seedProduct(uploadsDir);
    await disconnectDatabase();
    say(
      `database ${database.kind} ready, product ${product.slug} written (${secondsSince(started)})`,
    );

    const port = await freePort();
    const home = path.join(work, "home");
    mkdirSync(home);
    chownTree(home, user);
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: home,
      ...image.env,
      // The image listens on its PORT (5454); another process may hold that here.
      PORT: String(port),
      ...operatorEnvironment(databaseUri, port),
    };
    say(
      `CMD ${image.cmd?.join(" ")} as ${user?.label ?? "this user"} (USER ${image.user ?? "root"})`,
    );
    say(
      `  with ${Object.keys(env)
        .filter((key) => key !== "PATH" && key !== "HOME")
        .join(", ")}; PORT ${image.env.PORT ?? "unset"} → ${port}`,
    );
    const appStarted = Date.now();
    app = startApp(image, env, user);
    await waitUntilHealthy(app, `http://127.0.0.1:${port}`);
    say(`server up in ${secondsSince(appStarted)}`);
    await probe(app, image, env, user, product);

    app.child.kill("SIGTERM");
    const code = await Promise.race([
      app.exited,
      new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), 20_000)),
    ]);
    ensure(
      code === 0,
      `SIGTERM: the server ${code === "timeout" ? "did not stop within 20 s" : `exited ${code}`}`,
    );
    say("  ✓ SIGTERM: the server stopped cleanly (exit 0)");
    passed = true;
  } catch (error) {
    // Its plain lines were printed as they came; its last request logs may tell the rest.
    const requestLogs = app?.output.filter((line) => line.startsWith("{")).slice(-20) ?? [];
    if (requestLogs.length > 0)
      console.error(
        `[image] the server's last request logs:\n${requestLogs.map((line) => line.slice(0, 400)).join("\n")}`,
      );
    throw error;
  } finally {
    if (app && app.child.exitCode === null) app.child.kill("SIGKILL");
    if (database?.kind === "external" && databaseUri) {
      // On a real server (MONGODB_URI), the check's own database goes with it.
      await connectDatabase(databaseUri)
        .then(() => mongoose.connection.dropDatabase())
        .catch(() => undefined);
    }
    await disconnectDatabase().catch(() => undefined);
    await database?.stop();
    if (passed && !keep) rmSync(work, { recursive: true, force: true });
    else say(`folders kept for inspection: ${work}`);
  }
  say(`passed in ${secondsSince(startedAt)}`);
}

main().catch((error: unknown) => {
  console.error(`[image] ✗ ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof CheckFailed)) console.error(error);
  process.exit(1);
});
