/**
 * `freePort()` hands a port to a process that binds it seconds later (the embedded database, the
 * S3 test server, shop processes in the resilience tests). A port from listen(0) could be handed
 * out again by the kernel meanwhile; the ports it chooses lie below the kernel's own range.
 */
import { readFileSync } from "node:fs";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "../../server/db/embedded";

function kernelRangeStart(): number {
  try {
    return Number(
      readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0],
    );
  } catch {
    return 32_768;
  }
}

function listen(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

describe("freePort", () => {
  it("answers a free port outside the range listen(0) and outgoing connections draw from", async () => {
    const start = kernelRangeStart();
    const ports = await Promise.all(Array.from({ length: 5 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(start);
    }
    // Free indeed: it can be listened on.
    const server = await listen(ports[0]);
    await new Promise((resolve) => server.close(resolve));
  });
});
