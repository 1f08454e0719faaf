import net from "node:net";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { ConfigError, parseEnv } from "../../server/env";
import { createHttpServer, timeoutsFromEnv } from "../../server/http-server";

/** A raw client: what it wrote, what came back, and when the server closed the connection. */
function rawClient(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  const opened = Date.now();
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString()));
  socket.on("error", () => undefined); // a reset counts as closed
  const closed = new Promise<number>((resolve) =>
    socket.on("close", () => resolve(Date.now() - opened)),
  );
  return { socket, closed, received: () => received };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the HTTP server's timeouts", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createHttpServer(createApp(), {
      keepAliveTimeoutMs: 600,
      headersTimeoutMs: 1_000,
      requestTimeoutMs: 2_000,
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("cuts off a slowloris client that never finishes its headers", async () => {
    const client = rawClient(port);
    client.socket.write("GET /healthz HTTP/1.1\r\nHost: shop\r\n");
    // One header line every 150 ms keeps the socket busy, but the headers never end.
    const drip = setInterval(() => {
      if (!client.socket.destroyed) client.socket.write(`X-Drip-${Date.now()}: 1\r\n`);
    }, 150);
    const closedAfter = await Promise.race([client.closed, wait(8_000).then(() => -1)]);
    clearInterval(drip);
    client.socket.destroy();
    expect(closedAfter).toBeGreaterThan(900);
    expect(closedAfter).toBeLessThan(3_000); // not Node's 60 s
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 Request Timeout/);
  });

  it("cuts off a request whose body never completes", async () => {
    const client = rawClient(port);
    client.socket.write(
      "POST /api/categories HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{",
    );
    const drip = setInterval(() => {
      if (!client.socket.destroyed) client.socket.write(" ");
    }, 150);
    const closedAfter = await Promise.race([client.closed, wait(8_000).then(() => -1)]);
    clearInterval(drip);
    client.socket.destroy();
    expect(closedAfter).toBeGreaterThan(1_900);
    expect(closedAfter).toBeLessThan(5_000); // not Node's 300 s
  });

  it("answers a complete request, then closes the idle keep-alive connection", async () => {
    const client = rawClient(port);
    client.socket.write("GET /healthz HTTP/1.1\r\nHost: shop\r\n\r\n");
    const closedAfter = await Promise.race([client.closed, wait(5_000).then(() => -1)]);
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(client.received()).toContain("Keep-Alive: timeout=0"); // 600 ms, said in whole seconds
    expect(closedAfter).toBeGreaterThan(500);
    expect(closedAfter).toBeLessThan(2_500);
  });

  it("answers CONNECT with a 405 instead of dropping the connection", async () => {
    const client = rawClient(port);
    client.socket.write("CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    await Promise.race([client.closed, wait(3_000)]);
    client.socket.destroy();
    expect(client.received()).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\nAllow: GET, HEAD/);
  });
});

describe("the timeouts' configuration", () => {
  it("defaults to 65 s keep-alive (past a balancer's 60 s idle), 66 s headers, 120 s request", () => {
    const server = createHttpServer(createApp());
    expect(timeoutsFromEnv()).toEqual({
      keepAliveTimeoutMs: 65_000,
      headersTimeoutMs: 66_000,
      requestTimeoutMs: 120_000,
    });
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.headersTimeout).toBe(66_000);
    expect(server.requestTimeout).toBe(120_000);
  });

  it("takes the variables, and refuses a headers timeout not above keep-alive", () => {
    const env = parseEnv({
      HTTP_KEEP_ALIVE_TIMEOUT_MS: "350000",
      HTTP_HEADERS_TIMEOUT_MS: "360000",
      HTTP_REQUEST_TIMEOUT_MS: "400000",
    });
    expect(env.HTTP_KEEP_ALIVE_TIMEOUT_MS).toBe(350_000);
    expect(() =>
      parseEnv({ HTTP_KEEP_ALIVE_TIMEOUT_MS: "70000", HTTP_HEADERS_TIMEOUT_MS: "66000" }),
    ).toThrow(ConfigError);
    expect(() =>
      parseEnv({ HTTP_HEADERS_TIMEOUT_MS: "66000", HTTP_REQUEST_TIMEOUT_MS: "30000" }),
    ).toThrow(/HTTP_REQUEST_TIMEOUT_MS: must be at least HTTP_HEADERS_TIMEOUT_MS/);
  });
});
