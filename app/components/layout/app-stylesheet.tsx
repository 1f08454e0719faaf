import { createContext, useContext } from "react";

/**
 * The build's stylesheets by URL, provided by the server's entry only: in the browser the context
 * is empty, and the page's inline stylesheet is already in the document.
 */
export const StylesheetTexts = createContext<ReadonlyMap<string, string>>(new Map());

/**
 * The page's stylesheet, inline when the server has its text (a production build), else linked.
 *
 * Inline, the first paint needs the HTML alone: a linked stylesheet costs the first page a round
 * trip more (about 0.6 s on a throttled slow-4G link, `npm run audit:pages -- --applied-throttling`),
 * and scripts in the head wait for it (the campaign popup's first frame). The stylesheet is about
 * 9.5 KB of brotli in each document, about the price of that round trip on such a link.
 *
 * React keeps one copy per `href` (`<style href precedence>`): the browser's render finds the
 * server's `<style data-href>` and keeps it, so it needs no text (`inline` comes with the root's
 * data, so both sides choose the same element).
 */
export function AppStylesheet({ href, inline }: { href: string; inline: boolean }) {
  const texts = useContext(StylesheetTexts);
  // With a precedence React puts the stylesheet first in <head>: it is what the first paint needs.
  if (!inline) return <link rel="stylesheet" href={href} precedence="default" />;
  return (
    <style href={href} precedence="default">
      {texts.get(href) ?? ""}
    </style>
  );
}
