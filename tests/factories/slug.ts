import { randomUUID } from "node:crypto";

/** `title` as a URL slug with a random suffix, so two documents made with the same title never clash. */
export function uniqueSlug(title: string, suffixLength = 8): string {
  const base = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${base}-${randomUUID().slice(0, suffixLength)}`;
}
