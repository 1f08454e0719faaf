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
