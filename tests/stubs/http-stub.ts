import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** What a stub's handler gets for one request. */
export interface StubCall {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  url: URL;
  /** Answers `body` as JSON with `status`. */
  send(status: number, body: unknown): void;
}

export interface HttpStub {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

/**
 * The shared part of every HTTP stub: a server on a random loopback port that hands each request to
 * `handle` (an unanswered request or a throw gets a 500, so a stub bug shows up as a gateway error).
 */
export async function startHttpStub(
  handle: (call: StubCall) => void | Promise<void>,
): Promise<HttpStub> {
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const call = {
      req,
      res,
      method: req.method ?? "GET",
      url: new URL(req.url ?? "/", "http://stub"),
      send,
    };
    Promise.resolve()
      .then(() => handle(call))
      .catch((error: unknown) => {
        if (!res.headersSent) send(500, { message: String(error) });
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The request body as text. */
export async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A JSON body; `{}` when empty or not JSON. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  try {
    return JSON.parse((await readText(req)) || "{}") as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A form body's fields: urlencoded or multipart (text fields only). */
export async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const raw = await readText(req);
  const type = req.headers["content-type"] ?? "";
  if (type.startsWith("multipart/form-data")) {
    const boundary = /boundary=(.+)$/.exec(type)?.[1] ?? "";
    const fields: Record<string, string> = {};
    for (const part of raw.split(`--${boundary}`)) {
      const match = /name="([^"]+)"\r\n\r\n([\s\S]*)\r\n$/.exec(part);
      if (match) fields[match[1]] = match[2];
    }
    return fields;
  }
  return Object.fromEntries(new URLSearchParams(raw));
}
