import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { freePort } from "../../server/db/embedded";

/**
 * A real S3-compatible server for the tests: Versity's S3 gateway (versitygw, Apache-2.0, the S3
 * protocol over a plain folder, with AWS signature checks). Built once from its Go module into
 * ~/.cache/tweest-shop (about a minute on 2 cores; progress is printed), like the embedded FerretDB.
 * VERSITYGW_BIN points at a binary of your own instead.
 */
export const VERSITYGW_MODULE = "github.com/versity/versitygw";
export const VERSITYGW_VERSION = "v1.8.0";

export interface S3TestServer {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The shop's variables for this store; `prefix` keeps a test's objects apart. */
  shopEnv(prefix?: string): Record<string, string>;
  /** A client of the store, for checking what is in it. */
  client: S3Client;
  stop(): Promise<void>;
}

function cacheDir(): string {
  const base = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache");
  return path.join(base, "tweest-shop");
}

function binaryPath(): string {
  return path.join(cacheDir(), `versitygw-${VERSITYGW_VERSION}`, "versitygw");
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, log: (line: string) => void) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let tail = "";
    let downloaded = 0;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-4000);
      for (const line of text.split("\n"))
        if (line.startsWith("go: downloading") && ++downloaded % 10 === 1)
          log(`[s3]   ${downloaded} modules downloaded (${line.slice(16)})`);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}):\n${tail}`)),
    );
  });
}

/**
 * The cached binary, built when missing. Two test files may ask at once: one builds (it holds a
 * lock folder), the other waits for the binary; a lock older than 15 minutes is a dead build's.
 */
async function ensureBinary(log: (line: string) => void): Promise<string> {
  const fromEnv = process.env.VERSITYGW_BIN;
  if (fromEnv) return fromEnv;
  const target = binaryPath();
  if (existsSync(target)) return target;
  const lock = `${target}.building`;
  mkdirSync(path.dirname(target), { recursive: true });
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(target)) return target;
      const lockedAt = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (lockedAt !== undefined && Date.now() - lockedAt > 15 * 60_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`waited 20 minutes for ${lock} to go`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  try {
    if (existsSync(target)) return target;
    log(
      `[s3] building versitygw ${VERSITYGW_VERSION} (S3-compatible test server) with Go into ${path.dirname(target)}: about a minute, once`,
    );
    const started = Date.now();
    const ticker = setInterval(
      () => log(`[s3]   still building (${Math.round((Date.now() - started) / 1000)} s)`),
      15_000,
    );
    try {
      await run(
        "go",
        [
          "install",
          "-trimpath",
          "-ldflags=-s -w",
          `${VERSITYGW_MODULE}/cmd/versitygw@${VERSITYGW_VERSION}`,
        ],
        // An older Go (>= 1.21) fetches the toolchain the module asks for (1.25) by itself.
        { ...process.env, GOBIN: lock },
        log,
      );
    } catch (error) {
      throw new Error(
        `Could not build the S3 test server (it needs Go >= 1.21 on PATH and the Go module proxy, or set VERSITYGW_BIN): ${(error as Error).message}`,
      );
    } finally {
      clearInterval(ticker);
    }
    renameSync(path.join(lock, "versitygw"), target);
    log(`[s3] versitygw built in ${Math.round((Date.now() - started) / 1000)} s: ${target}`);
    return target;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function waitForPort(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`versitygw exited:\n${output()}`);
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
  throw new Error(`versitygw did not open port ${port} within 30 s:\n${output()}`);
}

/** Starts an S3 server on a free loopback port, over a fresh folder, with one empty bucket. */
export async function startS3Server(
  options: { log?: (line: string) => void; bucket?: string } = {},
): Promise<S3TestServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  const binary = await ensureBinary(log);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "tweest-test-s3-"));
  const port = await freePort();
  const accessKeyId = "tweest-test-access";
  const secretAccessKey = "tweest-test-secret-0123456789";
  const region = "us-east-1";
  const bucket = options.bucket ?? "tweest-images";
  const child = spawn(
    binary,
    ["--port", `127.0.0.1:${port}`, "--region", region, "--quiet", "posix", dataDir],
    {
      env: {
        ...process.env,
        ROOT_ACCESS_KEY_ID: accessKeyId,
        ROOT_SECRET_ACCESS_KEY: secretAccessKey,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const killChild = () => child.kill("SIGKILL");
  process.once("exit", killChild);
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region,
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  try {
    await waitForPort(port, child, () => output);
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    endpoint,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    client,
    shopEnv: (prefix?: string) => ({
      IMAGE_STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: "true",
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      ...(prefix ? { S3_PREFIX: prefix } : {}),
    }),
    stop: async () => {
      process.removeListener("exit", killChild);
      client.destroy();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
