/**
 * A react-hook-form resolver whose zod schema is fetched when the form first needs it. zod (about
 * 21 KB sent) is then out of the page's first scripts: a sign-in page is read before it is typed
 * into. `prefetch` (the form's `onFocus`) starts the download when the shopper first touches a field,
 * so it is there by the time they submit; a submit before it arrives waits for it. Type-only zod
 * import: this module adds no zod to a page.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { MESSAGES } from "./api/messages";

export interface SchemaOnFirstUse<Input extends FieldValues, Output> {
  resolver: Resolver<Input, unknown, Output>;
  /** Starts the schema's download (idempotent; a failed one is tried again on the next call). */
  prefetch: () => void;
}

export function schemaOnFirstUse<Input extends FieldValues, Output>(
  load: () => Promise<z.ZodType<Output, Input>>,
): SchemaOnFirstUse<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const loaded = () =>
    (loading ??= load().then(
      (schema) => zodResolver(schema) as unknown as Resolver<Input, unknown, Output>,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return {
    resolver: async (values, context, options) => {
      let resolve: Resolver<Input, unknown, Output>;
      try {
        resolve = await loaded();
      } catch {
        // The schema's script did not arrive (connection lost): the form says so and stays as it is.
        // As schemaOrNetworkError (form-validation.ts) says it; not called from here: importing
        // that module put this one's zod resolver into the checkout's chunks (+1.6 KB, measured).
        const errors = { root: { type: "network", message: MESSAGES.network } };
        return { values: {}, errors: errors as FieldErrors<Input> };
      }
      return resolve(values, context, options);
    },
    prefetch: () => void loaded().catch(() => undefined),
  };
}
