import { spawn, type ChildProcess } from "node:child_process";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { Express } from "express";
import mongoose from "mongoose";
import { inject } from "vitest";

/** Listens on a random loopback port; answers the base URL and a close function. */
export async function listen(app: Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const started = app.listen(0, "127.0.0.1", () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export { cookiesOf, Guest } from "../../scripts/lib/http-guest";

/** Collections whose changes are bookkeeping, not data (rate-limit counters). */
const BOOKKEEPING = new Set(["rate_limits"]);

/** Every document of every data collection, serialised: equal snapshots mean nothing changed. */
export async function snapshotDatabase(): Promise<Record<string, string>> {
  const db = mongoose.connection.db!;
  const collections = await db.collections();
  const snapshot: Record<string, string> = {};
  for (const collection of collections) {
    if (BOOKKEEPING.has(collection.collectionName)) continue;
    const documents = await collection.find({}).sort({ _id: 1 }).toArray();
    snapshot[collection.collectionName] = JSON.stringify(documents);
  }
  return snapshot;
}

/** The names of the collections that differ between two snapshots. */
export function changedCollections(
  before: Record<string, string>,
  after: Record<string, string>,
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => (before[name] ?? "[]") !== (after[name] ?? "[]")).sort();
}

/** A free loopback port for a shop process (outside the kernel's listen(0) range, see there). */
export { freePort } from "../../server/db/embedded";

/** This test file's own database, on the run's database server, for a child process. */
export function fileDatabaseUri(): string {
  const uri = new URL(inject("mongoBaseUri"));
  uri.pathname = `/${mongoose.connection.name}`;
  return uri.toString();
}

const shopProcesses: ChildProcess[] = [];

/**
 * The real server (`tsx server/index.ts`) as a child process on this file's database, as an
 * operator starts it; resolves once it says it listens and /healthz answers (another process on
 * that port answering /healthz does not count). `env` adds or overrides variables.
 */
export async function startShopProcess(
  port: number,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      NODE_ENV: "test",
      JWT_SECRET: "crash-test-jwt-secret-0123456789abcdef",
      COOKIE_SECRET: "crash-test-cookie-secret-0123456789abcdef",
      MONGODB_URI: fileDatabaseUri(),
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED_ON_START: "false",
      LOG_LEVEL: "silent",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  shopProcesses.push(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const listening = `✓ Tweest shop on http://localhost:${port} `;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    if (!output.includes(listening)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (answer.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start: ${output}`);
}

/** SIGKILLs every shop process this file started that still runs (for afterAll). */
export function stopShopProcesses(): void {
  for (const child of shopProcesses)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** SIGKILLs one shop process and waits until it is gone. */
export async function killShopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

export { withEnv } from "../setup/env";
