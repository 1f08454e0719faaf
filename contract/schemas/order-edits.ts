/**
 * Staff's edit of an order's delivery details: the name and address it goes to, and its note.
 * Each field is optional: only those sent change. Only zod, shared by the server and the dialog.
 */
import { z } from "zod";

const Text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

export const OrderDetailsBody = z
  .strictObject({
    firstName: Text(60).min(1, "Enter a name").optional(),
    lastName: Text(60).optional(),
    streetAddress: Text(300).min(1, "Enter the address").optional(),
    area: Text(100).optional(),
    zipCode: Text(10).optional(),
    note: Text(500).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, "Send at least one field to change");
export type OrderDetailsBody = z.output<typeof OrderDetailsBody>;

/** The statuses in which the delivery details may still change: the parcel has not left. */
export const DETAILS_EDITABLE_STATUSES = ["PENDING", "PLACED", "CONFIRMED"] as const;

export const detailsLocked = (status: string) =>
  `A ${status} order's delivery details can no longer be changed`;
