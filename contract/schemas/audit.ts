/**
 * The audit trail (docs/audit.md): who changed what in the back office, when, and each changed
 * field's value before and after. Only zod, so the Audit screen checks what the server checks.
 */
import { z } from "zod";
import { ObjectIdString } from "./common.js";
import { numeric } from "../numeric.js";
import { pageOf, Timestamp } from "../answers/common.js";

/** What an entry is about. `staff` and `refund` are written by the staff and refund screens. */
export const AUDIT_ENTITIES = [
  "order",
  "product",
  "promo-code",
  "page",
  "shop-settings",
  "courier-settings",
  "payment-gateway-settings",
  "staff",
  "refund",
  "courier-settlement",
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Who made a change: a staff member (id and the name and email they had then), or the shop itself. */
export const AUDIT_ACTOR_KINDS = ["staff", "customer", "system", "courier", "payment"] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** The most entries one page of the trail holds. */
export const AUDIT_PAGE_MAX = 100;

/** `GET /api/admin/audit?entity=&id=&actor=&from=&to=&page=&limit=`. */
export const AuditQuery = z
  .object({
    entity: z.enum(AUDIT_ENTITIES).optional(),
    /** The changed document's id (an order's, a product's...); a settings entry's is its own name. */
    id: z.string().trim().min(1).max(64).optional(),
    /** A staff member's user id. */
    actor: ObjectIdString.optional(),
    from: z.coerce.date().optional(),
    to: z.coerce.date().optional(),
    page: numeric(z.number().int().min(1).max(10_000).default(1)),
    limit: numeric(z.number().int().min(1).max(AUDIT_PAGE_MAX).default(20)),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "`to` must not be before `from`",
  });
export type AuditQuery = z.output<typeof AuditQuery>;

export const AuditActor = z.object({
  kind: z.enum(AUDIT_ACTOR_KINDS),
  /** The staff member's user id; null for the shop itself. */
  id: z.string().nullable(),
  name: z.string(),
  email: z.string().optional(),
});
export type AuditActor = z.output<typeof AuditActor>;

export const AuditChange = z.object({
  /** The changed field, dotted for a nested one (`shippingAddress.streetAddress`). */
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditChange = z.output<typeof AuditChange>;

export const AuditEntryAnswer = z.object({
  _id: z.string(),
  at: Timestamp,
  actor: AuditActor,
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  /** A word for the change: `create`, `update`, `delete`, `status`, `details`, `shipment`... */
  action: z.string(),
  /** What a reader needs to recognise the document (an order number, a product title, a code). */
  label: z.string(),
  /** Only the fields that changed, each with its value before and after. */
  changes: z.array(AuditChange),
});
export type AuditEntryAnswer = z.output<typeof AuditEntryAnswer>;

export const AuditPageAnswer = pageOf("entries", AuditEntryAnswer);
export type AuditPageAnswer = z.output<typeof AuditPageAnswer>;
