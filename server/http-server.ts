import http, { type RequestListener, type Server, type ServerResponse } from "node:http";
import { getEnv } from "./env.js";

const draining = new WeakSet<Server>();
const unfinishedAnswers = new WeakMap<Server, Set<ServerResponse>>();

export interface HttpTimeouts {
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** The request line and headers must have arrived within this (a slowloris client is cut off). */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived within this. */
  requestTimeoutMs: number;
}

export function timeoutsFromEnv(): HttpTimeouts {
  const env = getEnv();
  return {
    keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
  };
}

/**
 * The shop's HTTP server, with timeouts set rather than Node's defaults (60 s headers, 300 s
 * request, 5 s keep-alive). Keep-alive outlasts a load balancer's idle timeout (60 s for an AWS
 * ALB or nginx upstream keep-alive), so the balancer, not Node, closes an idle connection and never
 * sends a request on a socket Node is closing (a 502 for the shopper). The headers timeout exceeds
 * keep-alive, as Node's documentation asks, so a reused connection is not cut while idle.
 */
export function createHttpServer(
  app: RequestListener,
  timeouts: HttpTimeouts = timeoutsFromEnv(),
): Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      // How often Node looks for requests past those limits (default 30 s, coarser than them).
      connectionsCheckingInterval: Math.min(
        5_000,
        Math.max(100, Math.floor(timeouts.headersTimeoutMs / 4)),
      ),
    },
    app,
  );
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  // Answers not yet finished, so a drain can tell their clients not to reuse the connection.
  const unfinished = new Set<ServerResponse>();
  unfinishedAnswers.set(server, unfinished);
  server.prependListener("request", (_req, res: ServerResponse) => {
    if (draining.has(server)) {
      res.setHeader("Connection", "close");
      return;
    }
    unfinished.add(res);
    res.once("close", () => unfinished.delete(res));
  });
  // CONNECT never reaches Express (Node emits it apart and, without a listener, drops the socket
  // without an answer): the shop is no proxy, so say so.
  server.on("connect", (_req, socket) => {
    socket.end(
      "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
    );
  });
  return server;
}

/**
 * Graceful stop for a rolling restart: no new connection is accepted (a load balancer's next
 * attempt is refused before anything is sent, so it tries another instance), every request
 * already received is answered, and each answer from now on says `Connection: close` so no
 * client sends another request on a connection that is about to go. Idle keep-alive connections
 * close at once. Connections still open after `forceAfterMs` are cut (`onForce` says so first).
 */
export function drainHttpServer(
  server: Server,
  { forceAfterMs = 10_000, onForce }: { forceAfterMs?: number; onForce?: () => void } = {},
): Promise<void> {
  draining.add(server);
  for (const res of unfinishedAnswers.get(server) ?? []) {
    if (!res.headersSent) res.setHeader("Connection", "close");
    // An answer whose headers went out with keep-alive leaves its connection idle when done.
    res.once("finish", () => setImmediate(() => server.closeIdleConnections()));
  }
  const forced = setTimeout(() => {
    onForce?.();
    server.closeAllConnections();
  }, forceAfterMs);
  forced.unref();
  const closed = new Promise<void>((resolve) =>
    server.close(() => {
      clearTimeout(forced);
      resolve();
    }),
  );
  server.closeIdleConnections();
  return closed;
}
