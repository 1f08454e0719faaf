/**
 * The `Cache-Control` of every server-rendered page unless its route says otherwise: made for one
 * response (its scripts carry that response's CSP nonce, and a page may show a signed-in shopper's
 * data), so no shared cache outside the shop may keep it and the browser asks again each time. The
 * shop's own page cache keeps a public page that carries exactly this header (it puts a new nonce
 * in each answer); a route that sends `private` or `no-store` otherwise is never kept.
 */
export const PAGE_CACHE_CONTROL = "private, no-cache";
