/** One cookie's value in a `Cookie` header (or `document.cookie`), undefined when absent. */
export function readCookie(
  cookieHeader: string | null | undefined,
  name: string,
): string | undefined {
  const match = cookieHeader?.match(new RegExp(`(?:^|;)\\s*${name}=([^;]*)`));
  return match?.[1]?.trim();
}
