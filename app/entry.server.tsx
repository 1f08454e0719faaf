import { PassThrough, pipeline } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
} from "react-router";
import { PAGE_CACHE_CONTROL } from "#contract/page-headers";
import { StylesheetTexts } from "./components/layout/app-stylesheet";
import { coalesceChunks } from "./lib/coalesce-chunks.server";
import { setLanguageHeaders } from "./lib/i18n/locale-resolution";
import { scriptsAfterFirstPaint } from "./lib/scripts-after-first-paint.server";

export const streamTimeout = 5_000;

/**
 * A page is made for one response (PAGE_CACHE_CONTROL): no shared cache may keep it (a cached nonce
 * is a known nonce), and the browser asks again each time. A route that says otherwise keeps its
 * own header.
 */

function setPageHeaders(request: Request, headers: Headers): void {
  setLanguageHeaders(request, headers);
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", PAGE_CACHE_CONTROL);
}

/** A client navigation's data: the same headers as the page's document. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  setPageHeaders(request, response.headers);
  return response;
};

/**
 * The default React Router entry, plus the CSP nonce on every inline script it writes, low-priority
 * module preloads (see lowerModulePreloadPriority) and React's small chunks joined (coalesceChunks).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  setPageHeaders(request, responseHeaders);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <StylesheetTexts value={loadContext.clientBuild.stylesheets}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StylesheetTexts>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          const html = scriptsAfterFirstPaint();
          // pipeline passes an aborted render's error on to the response stream.
          pipeline(body, coalesceChunks(), html, () => undefined);
          resolve(
            new Response(createReadableStreamFromReadable(html), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
