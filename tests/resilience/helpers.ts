import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { Express } from "express";
import mongoose from "mongoose";

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

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** A fetch-based guest: keeps its cookie across calls, like a browser would. */
export class Guest {
  cookie = "";
  constructor(readonly baseUrl: string) {}

  async call(method: string, path: string, body?: unknown, token?: string) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const cookie = cookiesOf(response);
    if (cookie) this.cookie = cookie;
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    return { status: response.status, body: json as Record<string, unknown> };
  }
}

/** Collections whose changes are bookkeeping, not data (lease locks, rate-limit counters). */
const BOOKKEEPING = new Set(["locks", "rate_limits"]);

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

/** Runs `body` with some variables set (parsed afresh), then puts the old values back. */
export async function withEnv<T>(vars: Record<string, string>, body: () => Promise<T>): Promise<T> {
  const { resetEnvForTests } = await import("../../server/env");
  const saved = Object.fromEntries(Object.keys(vars).map((key) => [key, process.env[key]]));
  Object.assign(process.env, vars);
  resetEnvForTests();
  try {
    return await body();
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvForTests();
  }
}
