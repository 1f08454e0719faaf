/**
 * Pieces every answer shares. Answer schemas describe the JSON the API sends; services return
 * `z.infer` of them (a type only: answers are not parsed at run time), and the browser reads
 * `Wire<...>` of the same type, where a server-side `Date` has become its ISO text.
 */
import { z } from "zod";

/** The one error shape of every 4xx and 5xx answer. */
export const ErrorAnswer = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** A moment as JSON carries it (a server-side Date after JSON.stringify). */
export const Timestamp = z.iso.datetime();

export const MessageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/** A deletion that names what it deleted. */
export const DeletedAnswer = z.object({ message: z.string(), _id: z.string() });
export type DeletedAnswer = z.infer<typeof DeletedAnswer>;

/** `{<key>: [...], total, page, totalPages}`: one 1-based page of a list. */
export function pageOf<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.object({
    [key]: z.array(item),
    total: z.number(),
    page: z.number(),
    totalPages: z.number(),
  } as { [P in K]: z.ZodArray<T> } & {
    total: z.ZodNumber;
    page: z.ZodNumber;
    totalPages: z.ZodNumber;
  });
}

/** What the browser receives for a server value: JSON turns every `Date` into its ISO text. */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer Item)[]
    ? Wire<Item>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;
