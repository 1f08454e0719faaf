import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  cpSync,
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * Finds or starts the database, in this order:
 * 1. MONGODB_URI; 2. a real mongod on PATH or in mongodb-memory-server's cache;
 * 3. FerretDB (SQLite backend) built once with Go; 4. mongodb-memory-server's download.
 * Never an in-process mock.
 */
export interface DatabaseHandle {
  uri: string;
  kind: "external" | "mongod" | "ferretdb" | "mongodb-memory-server";
  stop(): Promise<void>;
}

export interface StartDatabaseOptions {
  mongodbUri?: string;
  /** Where the database keeps its files; data survives restarts when this is stable. */
  dataDir: string;
  log?: (line: string) => void;
}

const FERRETDB_VERSION = "v1.24.2";
const FERRETDB_MODULE = "github.com/FerretDB/FerretDB";
/**
 * Bumped whenever `patchFerretDbSource` changes, so a binary built with older patches in the cache
 * is never used (it names the cache folder).
 */
const FERRETDB_PATCH_LEVEL = "tweest-2";

/**
 * FerretDB v1 runs a filtered update as a read followed by a separate write (its handler's
 * msg_update.go: query, then update; findAndModify likewise), so two concurrent
 * `{stock: {$gte: 1}}` decrements can both succeed and two `$inc`s of one field can lose one.
 * MongoDB applies each single-document write atomically and the shop relies on that. The patch
 * makes every write command (insert, update, delete, findAndModify) hold one process-wide mutex
 * inside FerretDB, so each is applied whole before the next starts, whatever client sent it.
 * Reads are not serialised. See docs/database.md.
 */
const SERIALISED_WRITE_COMMANDS: Array<{ file: string; func: string }> = [
  { file: "msg_insert.go", func: "MsgInsert" },
  { file: "msg_update.go", func: "MsgUpdate" },
  { file: "msg_delete.go", func: "MsgDelete" },
  { file: "msg_findandmodify.go", func: "MsgFindAndModify" },
];

const WRITE_MUTEX_GO = `// Added by the Tweest shop's launcher (server/db/embedded.ts): see SERIALISED_WRITE_COMMANDS.

package handler

import "sync"

// tweestWriteMu makes each write command atomic: FerretDB's SQLite handler reads and then writes
// without a transaction, so concurrent conditional updates would otherwise interleave.
var tweestWriteMu sync.Mutex
`;

/**
 * FerretDB's SQLite backend hands SQLite a WHERE clause only for a filter that is exactly
 * `{_id: x}`; any other filter reads and decodes every document of the collection in Go
 * (`{guestId}` on carts, `{_id, "variants.0.stock": {$gte: 1}}` on products inside a write).
 * The backend contract lets a filter be applied partly (the handler always filters again), so the
 * patch pushes down every top-level equality on a string or ObjectId: `_id` always, and other
 * plain field names as `(f = v OR f is an array)` — arrays stay in, because `{f: v}` also matches
 * arrays holding v. The expression is the one FerretDB's own indexes are built on, so SQLite uses
 * the index where there is one. Values whose JSON has escapes are left to the handler.
 */
const PUSHDOWN_GO = `// Added by the Tweest shop's launcher (server/db/embedded.ts): see PUSHDOWN_GO there.

package sqlite

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
)

var tweestPlainField = regexp.MustCompile(\`^[A-Za-z_][A-Za-z0-9_]*$\`)

// tweestPushdown returns a WHERE clause that keeps every document the filter can match
// (a superset: the handler applies the whole filter again) and its arguments.
func tweestPushdown(filter *types.Document) (string, []any) {
	if filter == nil {
		return "", nil
	}

	keys := filter.Keys()
	seen := make(map[string]bool, len(keys))
	for _, key := range keys {
		if seen[key] {
			return "", nil
		}
		seen[key] = true
	}

	var conditions []string
	var args []any
	for _, key := range keys {
		value, err := filter.Get(key)
		if err != nil {
			continue
		}
		switch value.(type) {
		case string, types.ObjectID:
		default:
			continue
		}
		encoded, err := sjson.MarshalSingleValue(value)
		if err != nil || strings.ContainsRune(string(encoded), '\\\\') {
			continue
		}
		if key == "_id" {
			conditions = append(conditions, fmt.Sprintf("%s = ?", metadata.IDColumn))
			args = append(args, string(encoded))
			continue
		}
		if !tweestPlainField.MatchString(key) {
			continue
		}
		column := fmt.Sprintf("%s->%q", metadata.DefaultColumn, key)
		conditions = append(conditions, fmt.Sprintf("(%s = ? OR (%s >= '[' AND %s < '\\\\'))", column, column, column))
		args = append(args, string(encoded))
	}

	if len(conditions) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conditions, " AND "), args
}
`;

const PUSHDOWN_ORIGINAL = `	if params.Filter.Len() == 1 {
		v, _ := params.Filter.Get("_id")
		switch v.(type) {
		case string, types.ObjectID:
			whereClause = fmt.Sprintf(\` WHERE %s = ?\`, metadata.IDColumn)
			args = []any{string(must.NotFail(sjson.MarshalSingleValue(v)))}
		}
	}
`;

/** Applies the patches to a copy of FerretDB's source; fails loudly if one no longer fits. */
export function patchFerretDbSource(sourceDir: string): void {
  const sqliteDir = path.join(sourceDir, "internal", "backends", "sqlite");
  const collectionFile = path.join(sqliteDir, "collection.go");
  const collection = readFileSync(collectionFile, "utf8");
  if (!collection.includes(PUSHDOWN_ORIGINAL))
    throw new Error("FerretDB patch: sqlite/collection.go no longer has the _id pushdown expected");
  writeFileSync(
    collectionFile,
    collection.replace(PUSHDOWN_ORIGINAL, "\twhereClause, args = tweestPushdown(params.Filter)\n"),
  );
  writeFileSync(path.join(sqliteDir, "tweest_pushdown.go"), PUSHDOWN_GO);

  const handlerDir = path.join(sourceDir, "internal", "handler");
  writeFileSync(path.join(handlerDir, "tweest_write_mutex.go"), WRITE_MUTEX_GO);
  for (const { file, func } of SERIALISED_WRITE_COMMANDS) {
    const target = path.join(handlerDir, file);
    const source = readFileSync(target, "utf8");
    const signature = `func (h *Handler) ${func}(connCtx context.Context, msg *wire.OpMsg) (*wire.OpMsg, error) {\n`;
    if (!source.includes(signature))
      throw new Error(`FerretDB patch: ${file} no longer declares ${func} as expected`);
    writeFileSync(
      target,
      source.replace(
        signature,
        `${signature}\ttweestWriteMu.Lock()\n\tdefer tweestWriteMu.Unlock()\n\n`,
      ),
    );
  }
}

export async function startDatabase(options: StartDatabaseOptions): Promise<DatabaseHandle> {
  const log = options.log ?? ((line: string) => console.log(line));
  if (options.mongodbUri)
    return { uri: options.mongodbUri, kind: "external", stop: async () => undefined };

  mkdirSync(options.dataDir, { recursive: true });
  killStaleProcess(options.dataDir);

  const mongod = findMongod();
  if (mongod) {
    log(`[db] starting mongod (${mongod})`);
    return startMongod(mongod, options.dataDir);
  }

  const ferretdb = findFerretDb() ?? (hasGo() ? await buildFerretDb(log) : undefined);
  if (ferretdb) {
    log(`[db] starting FerretDB ${FERRETDB_VERSION} (SQLite under ${options.dataDir}/ferretdb)`);
    return startFerretDb(ferretdb, options.dataDir);
  }

  log("[db] no mongod and no Go toolchain: downloading MongoDB with mongodb-memory-server");
  return startMemoryServer(options.dataDir);
}

function cacheDir(): string {
  const base = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache");
  return path.join(base, "tweest-shop");
}

function which(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, command);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

function hasGo(): boolean {
  return which("go") !== undefined;
}

function findMongod(): string | undefined {
  const onPath = which("mongod");
  if (onPath) return onPath;
  const caches = [
    process.env.MONGOMS_DOWNLOAD_DIR,
    path.join(os.homedir(), ".cache", "mongodb-binaries"),
    path.resolve("node_modules", ".cache", "mongodb-memory-server"),
  ].filter((dir): dir is string => Boolean(dir && existsSync(dir)));
  for (const dir of caches) {
    const binary = readdirSync(dir).find((name) => name.startsWith("mongod-"));
    if (binary) return path.join(dir, binary);
  }
  return undefined;
}

function ferretDbBinaryPath(): string {
  return path.join(cacheDir(), `ferretdb-${FERRETDB_VERSION}-${FERRETDB_PATCH_LEVEL}`, "ferretdb");
}

function findFerretDb(): string | undefined {
  const fromEnv = process.env.FERRETDB_BIN;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const cached = ferretDbBinaryPath();
  return existsSync(cached) ? cached : undefined;
}

/** Runs a command, relaying its progress lines; rejects with its last output on failure. */
function runWithProgress(
  command: string,
  args: string[],
  cwd: string,
  log: (line: string) => void,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let tail = "";
    let downloaded = 0;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      for (const line of text.split("\n")) {
        if (line.startsWith("go: downloading")) {
          downloaded += 1;
          if (downloaded % 10 === 1)
            log(`[db]   ${downloaded} modules downloaded (${line.slice(16)})`);
        }
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(" ")} failed (exit ${code}):\n${tail}`)),
    );
  });
}

/**
 * `go install ...@v1.24.2` cannot build FerretDB from the module proxy: the release's
 * build/version/version.txt is generated and absent, so the binary panics at start. We copy the
 * module, write that file and build from the copy.
 */
async function buildFerretDb(log: (line: string) => void): Promise<string> {
  const target = ferretDbBinaryPath();
  const workDir = path.join(cacheDir(), "ferretdb-build");
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  const env = { ...process.env, GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local", CGO_ENABLED: "0" };
  const started = Date.now();
  const ticker = setInterval(
    () => log(`[db]   still building FerretDB… ${Math.round((Date.now() - started) / 1000)} s`),
    15_000,
  );
  try {
    log(`[db] building FerretDB ${FERRETDB_VERSION} with Go (once; about 2 minutes)…`);
    writeFileSync(path.join(workDir, "go.mod"), "module tweestferretdb\n\ngo 1.21\n");
    writeFileSync(
      path.join(workDir, "tools.go"),
      `//go:build tools\n\npackage tools\n\nimport _ "${FERRETDB_MODULE}/cmd/ferretdb"\n`,
    );
    log("[db]   fetching the FerretDB module");
    const download = spawnSync(
      "go",
      ["mod", "download", "-json", `${FERRETDB_MODULE}@${FERRETDB_VERSION}`],
      {
        cwd: workDir,
        env,
        encoding: "utf8",
      },
    );
    if (download.status !== 0)
      throw new Error(`go mod download failed:\n${download.stdout}${download.stderr}`);
    const moduleDir = (JSON.parse(download.stdout) as { Dir: string }).Dir;
    const sourceDir = path.join(workDir, "src");
    cpSync(moduleDir, sourceDir, { recursive: true });
    chmodRecursive(sourceDir);
    writeFileSync(path.join(sourceDir, "build", "version", "version.txt"), `${FERRETDB_VERSION}\n`);
    log("[db]   patching: atomic write commands, equality filters handed to SQLite");
    patchFerretDbSource(sourceDir);
    writeFileSync(
      path.join(workDir, "go.mod"),
      `module tweestferretdb\n\ngo 1.21\n\nrequire ${FERRETDB_MODULE} ${FERRETDB_VERSION}\n\nreplace ${FERRETDB_MODULE} => ./src\n`,
    );
    log("[db]   resolving dependencies");
    await runWithProgress("go", ["mod", "tidy"], workDir, log, env);
    log("[db]   compiling");
    mkdirSync(path.dirname(target), { recursive: true });
    await runWithProgress(
      "go",
      ["build", "-o", target, `${FERRETDB_MODULE}/cmd/ferretdb`],
      workDir,
      log,
      env,
    );
    log(`[db] FerretDB built in ${Math.round((Date.now() - started) / 1000)} s: ${target}`);
    return target;
  } finally {
    clearInterval(ticker);
    rmSync(workDir, { recursive: true, force: true });
  }
}

function chmodRecursive(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) chmodRecursive(full);
    else chmodSync(full, 0o644);
  }
}

/** Listens on `port` of the loopback for a moment; answers the port that was free, or null. */
function probePort(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once("error", () => resolve(null));
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address() as net.AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

/** The first port the kernel hands out on its own (listen(0), outgoing connections). */
function ephemeralPortsStart(): number {
  try {
    const [low] = readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(low) && low > 1024) return low;
  } catch {
    // not Linux: macOS and Windows hand out 49152 and up
  }
  return 32_768;
}

const FIRST_CHOSEN_PORT = 10_000;

/**
 * A free loopback port for a process started next (a database, a shop process), which binds it
 * a few seconds later. Chosen below the kernel's own range: a port listen(0) found is free again
 * once the probe closes, and any listen(0) or outgoing connection on the machine (a test run
 * opens hundreds a second) could take it before the child binds it. Ports below that range are
 * only ever taken on purpose.
 */
export async function freePort(): Promise<number> {
  const end = ephemeralPortsStart();
  if (end > FIRST_CHOSEN_PORT + 1_000) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const port = FIRST_CHOSEN_PORT + Math.floor(Math.random() * (end - FIRST_CHOSEN_PORT));
      if ((await probePort(port)) !== null) return port;
    }
  }
  const port = await probePort(0);
  if (port === null) throw new Error("No free loopback port");
  return port;
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`database process exited with ${child.exitCode}:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`database did not open port ${port} within 60 s:\n${output()}`);
}

function pidFile(dataDir: string): string {
  return path.join(dataDir, "db.pid");
}

function uriFile(dataDir: string): string {
  return path.join(dataDir, "db.uri");
}

/**
 * The URI of this data folder's database while another process (a running shop) serves it, so an
 * operator's script (backup, seed, admin) uses it instead of ending it to start its own.
 */
export function runningDatabaseUri(dataDir: string): string | undefined {
  if (!existsSync(pidFile(dataDir)) || !existsSync(uriFile(dataDir))) return undefined;
  const pid = Number(readFileSync(pidFile(dataDir), "utf8"));
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  return readFileSync(uriFile(dataDir), "utf8").trim() || undefined;
}

/** A crashed run can leave its database process holding the data files; end it first. */
function killStaleProcess(dataDir: string): void {
  const file = pidFile(dataDir);
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, "utf8"));
  rmSync(file, { force: true });
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    // already gone
  }
}

async function superviseChild(
  kind: DatabaseHandle["kind"],
  command: string,
  args: string[],
  dataDir: string,
  port: number,
  database = "tweest",
): Promise<DatabaseHandle> {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  writeFileSync(pidFile(dataDir), String(child.pid));
  const killChild = () => child.kill("SIGTERM");
  process.once("exit", killChild);
  await waitForPort(port, child, () => output);
  const uri = `mongodb://127.0.0.1:${port}/${database}`;
  writeFileSync(uriFile(dataDir), uri);
  return {
    uri,
    kind,
    stop: async () => {
      process.removeListener("exit", killChild);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(pidFile(dataDir), { force: true });
      rmSync(uriFile(dataDir), { force: true });
    },
  };
}

async function startMongod(binary: string, dataDir: string): Promise<DatabaseHandle> {
  const dbPath = path.join(dataDir, "mongod");
  mkdirSync(dbPath, { recursive: true });
  const port = await freePort();
  return superviseChild(
    "mongod",
    binary,
    ["--dbpath", dbPath, "--port", String(port), "--bind_ip", "127.0.0.1", "--quiet"],
    dataDir,
    port,
  );
}

async function startFerretDb(binary: string, dataDir: string): Promise<DatabaseHandle> {
  const sqliteDir = path.join(dataDir, "ferretdb");
  mkdirSync(sqliteDir, { recursive: true });
  const port = await freePort();
  return superviseChild(
    "ferretdb",
    binary,
    [
      "--handler=sqlite",
      // WAL (FerretDB's default) with synchronous=NORMAL: a commit is safe from a crash of any
      // process and is flushed to disk at checkpoints, like MongoDB's default write concern
      // (acknowledged before the journal flush). FULL would fsync every write: 2-3x slower.
      `--sqlite-url=file:${sqliteDir}/?_pragma=synchronous(normal)`,
      `--listen-addr=127.0.0.1:${port}`,
      "--telemetry=disable",
      "--debug-addr=-",
      `--state-dir=${sqliteDir}`,
      "--log-level=warn",
    ],
    dataDir,
    port,
  );
}

async function startMemoryServer(dataDir: string): Promise<DatabaseHandle> {
  const { MongoMemoryServer } = await import("mongodb-memory-server");
  const dbPath = path.join(dataDir, "mongod");
  mkdirSync(dbPath, { recursive: true });
  const server = await MongoMemoryServer.create({
    instance: { dbPath, storageEngine: "wiredTiger" },
  });
  return {
    uri: server.getUri("tweest"),
    kind: "mongodb-memory-server",
    stop: async () => {
      await server.stop({ doCleanup: false });
    },
  };
}
