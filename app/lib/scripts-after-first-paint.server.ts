import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import {
  FIRST_SCREEN_GLOBAL,
  FIRST_SCREEN_MAX_WAIT_MS,
  PRELOAD_AFTER_PAINT_REL,
} from "./first-screen";

const PRELOAD = '<link rel="modulepreload"';
const PRELOAD_AFTER_PAINT = `<link rel="${PRELOAD_AFTER_PAINT_REL}"`;
const SCRIPT_START = "<script";
const SCRIPT_END = "</script>";
/** React Router's inline module script: the route modules' imports, then the client entry. */
const ROUTE_MODULES_MARK = "window.__reactRouterRouteModules";
const STATIC_IMPORT = /^\s*import(?:\s*\*\s*as\s+([\w$]+)\s+from)?\s*("[^"\n]+");\s*$/gm;

/**
 * The browser-side wait: the page's first contentful paint and one frame more (a task queued from
 * requestAnimationFrame runs after that frame's paint), and the first screen a head script announced
 * (first-screen.ts). A hidden tab paints nothing, so it does not wait; a browser without paint
 * timing waits for one frame; nothing waits longer than FIRST_SCREEN_MAX_WAIT_MS.
 */
const FIRST_SCREEN_WAIT =
  `await Promise.all([window.${FIRST_SCREEN_GLOBAL},new Promise(function(resolve){` +
  "var next=function(){requestAnimationFrame(function(){setTimeout(resolve,0)})};" +
  'if(document.visibilityState==="hidden")return resolve();' +
  `setTimeout(resolve,${FIRST_SCREEN_MAX_WAIT_MS});` +
  "var types=(window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes)||[];" +
  'if(types.indexOf("paint")<0||performance.getEntriesByName("first-contentful-paint").length)return next();' +
  "new PerformanceObserver(function(list,observer){" +
  'if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();next()}' +
  '}).observe({type:"paint"})})]);';

/** Starts each held preload once (the popup's list and React Router's share modules). */
const START_PRELOADS =
  "var started={};" +
  `document.querySelectorAll('link[rel="${PRELOAD_AFTER_PAINT_REL}"]').forEach(function(held){` +
  'var href=held.getAttribute("href"),as=held.getAttribute("as");' +
  "if(started[href])return;started[href]=true;" +
  'var link=document.createElement("link");link.rel=as?"preload":"modulepreload";' +
  "if(as)link.as=as;" +
  'if(held.hasAttribute("crossorigin"))link.crossOrigin=held.getAttribute("crossorigin");' +
  'link.fetchPriority="high";link.href=href;document.head.appendChild(link)});';

/**
 * Rewrites React Router's inline module script so that the page's modules are fetched after the
 * first screen: it waits (FIRST_SCREEN_WAIT), starts the held preloads then, at high priority (the
 * page's images requested meanwhile would otherwise go first), and imports the route modules with
 * dynamic imports, in parallel (static imports would be fetched at once).
 */
export function loadAfterFirstPaint(script: string): string {
  const bindings: string[] = [];
  const specifiers: string[] = [];
  const rest = script.replace(STATIC_IMPORT, (_line, binding: string | undefined, specifier) => {
    bindings.push(binding ?? "");
    specifiers.push(`import(${specifier})`);
    return "";
  });
  const imports = specifiers.length
    ? `const [${bindings.join(",")}]=await Promise.all([${specifiers.join(",")}]);`
    : "";
  return FIRST_SCREEN_WAIT + START_PRELOADS + imports + rest;
}

function rewrite(text: string): string {
  return text
    .replaceAll(PRELOAD, PRELOAD_AFTER_PAINT)
    .replace(
      /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g,
      (whole, open: string, body: string, close: string) =>
        body.includes(ROUTE_MODULES_MARK) ? open + loadAfterFirstPaint(body) + close : whole,
    );
}

/**
 * Holds back the part of `text` that cannot be rewritten yet: an inline script whose end has not
 * arrived, or a tail that may be the start of a tag split across two chunks.
 */
function releasableLength(text: string): number {
  const lastScript = text.lastIndexOf(SCRIPT_START);
  if (lastScript !== -1 && text.indexOf(SCRIPT_END, lastScript) === -1) return lastScript;
  const longest = Math.max(PRELOAD.length, SCRIPT_START.length);
  const from = Math.max(0, text.length - (longest - 1));
  for (let index = text.indexOf("<", from); index !== -1; index = text.indexOf("<", index + 1)) {
    const tail = text.slice(index);
    if (PRELOAD.startsWith(tail) || SCRIPT_START.startsWith(tail)) return index;
  }
  return text.length;
}

/**
 * The page's JavaScript after its first screen has been painted. Module scripts never block
 * rendering, but the browser fetches and runs them alongside the stylesheet and the images, and on
 * a slow phone link the ~150 KB of hydration code delays the paint of what the shopper came for.
 * React Router writes module preloads in the head and one inline module script that imports the
 * route modules; this rewrite, as the HTML streams out, holds the preloads back (an inert rel) and
 * makes that script wait before it starts them and imports the modules. The page is painted from
 * its HTML (with the stylesheet inline, app-stylesheet.tsx) and hydrates when its code has arrived.
 * Measured in docs/performance.md, "The first screen before the code".
 */
export function scriptsAfterFirstPaint(): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = pending + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const released = releasableLength(text);
      pending = text.slice(released);
      callback(null, rewrite(text.slice(0, released)));
    },
    flush(callback: TransformCallback) {
      callback(null, rewrite(pending + decoder.end()));
    },
  });
}
