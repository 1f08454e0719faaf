// Shared with the server, which reads the same cookies to key its page cache.
export { readCookie } from "#contract/cookies";

/**
 * A cookie the page writes itself (`document.cookie = pageCookie(…)`): the whole site,
 * SameSite=Lax, and Secure when the page came over https, so it never travels over plain http.
 * Not HttpOnly: script writes it, and it holds only a preference the server reads.
 */
export function pageCookie(
  name: string,
  value: string,
  maxAgeSeconds: number,
  secure = typeof location !== "undefined" && location.protocol === "https:",
): string {
  return `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
