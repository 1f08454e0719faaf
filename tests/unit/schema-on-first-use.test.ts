/**
 * The lazily loaded form schema (app/lib/schema-on-first-use.ts): the form checks with the API's
 * schema once it has arrived, says "network error" while it cannot, and tries again next time.
 */
import type { ResolverOptions } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schemaOrNetworkError } from "~/lib/form-validation";
import { schemaOnFirstUse } from "~/lib/schema-on-first-use";

/** The client's own text for a lost connection, to the letter. */
const NETWORK_MESSAGE = "Network error. Please check your connection.";
const Email = z.object({ email: z.email("Enter a valid email") });
type Values = z.input<typeof Email>;
const options = {
  fields: {},
  shouldUseNativeValidation: false,
} as unknown as ResolverOptions<Values>;

describe("a form schema loaded on first use", () => {
  it("loads once, on the first prefetch, and checks with the schema", async () => {
    let loads = 0;
    const form = schemaOnFirstUse<Values, z.output<typeof Email>>(async () => {
      loads += 1;
      return Email;
    });
    expect(loads).toBe(0);
    form.prefetch();
    form.prefetch();
    const refused = await form.resolver({ email: "nope" }, undefined, options);
    expect(refused.errors.email?.message).toBe("Enter a valid email");
    const accepted = await form.resolver({ email: "rahim@example.com" }, undefined, options);
    expect(accepted).toEqual({ values: { email: "rahim@example.com" }, errors: {} });
    expect(loads).toBe(1);
  });

  it("says the network failed while the schema cannot load, and loads it on the next try", async () => {
    let attempts = 0;
    const form = schemaOnFirstUse<Values, z.output<typeof Email>>(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return Email;
    });
    const failed = await form.resolver({ email: "rahim@example.com" }, undefined, options);
    expect(failed.values).toEqual({});
    expect(failed.errors.root?.message).toBe(NETWORK_MESSAGE);
    const retried = await form.resolver({ email: "rahim@example.com" }, undefined, options);
    expect(retried.errors).toEqual({});
    expect(attempts).toBe(2);
  });

  it("for a form checked by hand: the schema, or null after the network message", async () => {
    const told: string[] = [];
    const tell = (message: string) => told.push(message);
    expect(await schemaOrNetworkError(async () => Email, tell)).toBe(Email);
    expect(told).toEqual([]);
    const lost = async () => {
      throw new TypeError("Failed to fetch dynamically imported module");
    };
    expect(await schemaOrNetworkError(lost, tell)).toBeNull();
    expect(told).toEqual([NETWORK_MESSAGE]);
  });
});
