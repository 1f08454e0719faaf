import { z } from "zod";

/**
 * A number field that also takes numeric text (form fields, query strings): "12" -> 12. Unlike
 * `z.coerce.number()`, a JSON `true`, `[]`, `null` or `""` is refused instead of silently
 * becoming 1 or 0 (the attack tests found `{"rating": true}` stored as 1 and `{"minOrderAmount":
 * []}` as 0). Usage: `numeric(z.number().int().min(1))`.
 */
export function numeric<T extends z.ZodType>(inner: T) {
  return z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    inner,
  );
}
