import mongoose from "mongoose";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { setEnv } from "../setup/env";

/**
 * An unauthenticated client must not be able to grow /metrics: Express matches paths whatever
 * their letter case, so a label taken from the URL made one new series per spelling.
 */
const TOKEN = "metrics-token-for-the-operator-0123";
let app: ReturnType<typeof createApp>;
let restoreEnv: () => void;

beforeAll(() => {
  restoreEnv = setEnv({ METRICS_TOKEN: TOKEN });
  app = createApp();
});

afterAll(() => restoreEnv());

/** The label sets of the HTTP request counter, one line each in the exposition text. */
async function httpSeries(): Promise<string[]> {
  const answer = await request(app).get("/metrics").set("Authorization", `Bearer ${TOKEN}`);
  expect(answer.status).toBe(200);
  return answer.text.split("\n").filter((line) => line.startsWith("tweest_http_requests_total{"));
}

/** `path` with its letters upper- or lower-cased by the bits of `variant` (one spelling each). */
function spelling(path: string, variant: number): string {
  let bit = 0;
  return path.replace(/[a-z]/g, (letter) => {
    const upper = (variant >> (bit++ % 30)) & 1;
    return upper ? letter.toUpperCase() : letter;
  });
}

describe("GET /metrics stays bounded whatever paths clients ask", () => {
  it("200 requests in varied letter case and to unknown paths add at most a handful of series", async () => {
    const orderId = String(new mongoose.Types.ObjectId());
    const realRoutes = ["/api/categories", `/api/orders/${orderId}`, "/api/settings/storefront"];
    const before = await httpSeries();
    const answers = [];
    for (let index = 0; index < 200; index += 1) {
      const path =
        index % 4 === 3
          ? spelling(`/api/no-such-route-${index}`, index)
          : spelling(realRoutes[index % 3]!, index + 1);
      answers.push((await request(app).get(path)).status);
    }
    // The real routes answered as themselves (200, or 404 for the unknown order), whatever the case.
    expect(answers.filter((status) => status >= 500)).toEqual([]);
    const after = await httpSeries();
    const newSeries = after.length - before.length;
    // One series per template and status class (3 routes, unknown paths, the scrape): never per URL.
    expect(newSeries, `${before.length} series before, ${after.length} after`).toBeLessThanOrEqual(
      5,
    );
    const routes = new Set(after.map((line) => /route="([^"]*)"/.exec(line)![1]));
    expect([...routes].sort()).toEqual(
      expect.arrayContaining([
        "/api/categories",
        "/api/orders/:id",
        "/api/settings/storefront",
        "unmatched",
      ]),
    );
    for (const route of routes) expect(route).not.toMatch(/no-such-route|[A-Z]|[0-9a-f]{24}/);
  });
});
