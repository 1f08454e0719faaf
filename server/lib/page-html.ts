import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * The shop's pages' Markdown as HTML safe to put in a page (docs/pages.md, docs/security.md).
 * marked turns the Markdown (and any raw HTML in it) into HTML; sanitize-html then keeps only an
 * allow-list of text elements and attributes: no script, style, iframe, form or image, no event
 * handler or style attribute, and links only to http(s), mailto, tel or a path on this site
 * (never javascript:, data: or vbscript:, however they are spelt or encoded).
 */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "del",
    "a",
    "blockquote",
    "code",
    "pre",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: { a: ["href", "title"], ol: ["start"], th: ["align"], td: ["align"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  // The page's own title is its one h1; a heading the admin wrote as "#" becomes a section.
  transformTags: { h1: "h2" },
  // What a dropped element held is dropped with it (a script's or style's text is not shown).
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "title"],
};

export function renderPageHtml(source: string): string {
  return sanitizeHtml(markdown.parse(source) as string, SANITIZE).trim();
}

/** The page's first words as plain text, for a description nobody wrote (at most `max` characters). */
export function plainSummary(html: string, max = 155): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
