import { catalogRequest } from "~/lib/i18n/messages.server";
import type { Route } from "./+types/i18n-catalog";

/** /i18n/<locale>.<hash>.json: one language's compiled UI messages (app/lib/i18n/i18n.tsx). */
export function loader({ params, request }: Route.LoaderArgs) {
  const catalog = catalogRequest(params.file);
  if (!catalog) {
    return Response.json({ message: "File not found", code: "NOT_FOUND" }, { status: 404 });
  }
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": catalog.current ? "public, max-age=31536000, immutable" : "no-cache",
    Vary: "Accept-Encoding",
  };
  // Brotli made once at its best quality (compression() leaves an encoded answer alone); other
  // clients get the JSON, which compression() gzips as before.
  if (/\bbr\b/.test(request.headers.get("accept-encoding") ?? "")) {
    return new Response(new Uint8Array(catalog.brotli()), {
      headers: { ...headers, "Content-Encoding": "br" },
    });
  }
  return new Response(catalog.json, { headers });
}
