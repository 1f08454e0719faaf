import { z } from "zod";

/** A district id (`dhaka`, `coxsbazar`): any other text of sensible length is a 404, not a 400. */
export const DistrictIdParams = z.object({ id: z.string().max(64) });
