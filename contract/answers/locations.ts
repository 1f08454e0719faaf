/** Answers of /api/locations/*: the address pickers' districts and thanas, English and Bangla. */
import { z } from "zod";
import { DIVISIONS } from "../locations/districts.js";

export const DistrictAnswer = z.object({
  id: z.string(),
  name: z.string(),
  nameBn: z.string(),
  /** The division's English and Bangla names. */
  division: z.enum(DIVISIONS.map((division) => division.name)),
  divisionBn: z.enum(DIVISIONS.map((division) => division.nameBn)),
});
export type DistrictAnswer = z.infer<typeof DistrictAnswer>;

export const DistrictsAnswer = z.object({ districts: z.array(DistrictAnswer) });
export type DistrictsAnswer = z.infer<typeof DistrictsAnswer>;

export const ThanaAnswer = z.object({
  /** `district/slug`, e.g. `dhaka/dhanmondi`. */
  id: z.string(),
  name: z.string(),
  nameBn: z.string(),
  /**
   * Other spellings it is known under, in either script (Ashulia for Savar, Comilla Sadar for
   * Cumilla Sadar): the checkout's picker searches them too. Often empty.
   */
  aliases: z.array(z.string()),
});
export type ThanaAnswer = z.infer<typeof ThanaAnswer>;

export const ThanasAnswer = z.object({ thanas: z.array(ThanaAnswer) });
export type ThanasAnswer = z.infer<typeof ThanasAnswer>;
