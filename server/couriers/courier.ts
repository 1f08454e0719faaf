import { createHash, timingSafeEqual } from "node:crypto";
import type { CourierId } from "#contract/couriers";
import type { OrderStatus } from "#contract/order-status";
import type { CourierSettingsDefinition } from "./settings.js";

/**
 * One courier behind one interface (docs/couriers.md): booking parcels, reading their status,
 * mapping the courier's statuses into the order's state machine, checking its webhooks. The
 * registry (./index.ts) holds one adapter per id of contract/couriers.ts; the booking service and
 * the routers only ever talk to this interface, never to a courier's API client.
 */

/** What any courier needs to carry one order's parcel, built once from the order. */
export interface ParcelRequest {
  orderNumber: string;
  recipientName: string;
  recipientPhone: string;
  /** Street, area, zone and city in one line, as couriers that take free text want it. */
  recipientAddress: string;
  /** The address as typed, for couriers that look up their own area ids. */
  city: string;
  zone?: string;
  /** The district and thana ids of the shop's list (docs/locations.md), when the address has them. */
  districtId?: string;
  thanaId?: string;
  itemQuantity: number;
  itemDescription: string;
  note?: string;
  /** Cash the rider collects (taka); a delivery charge paid in advance is not collected again. */
  cashToCollect: number;
}

/** What the owner typed for a courier without an API (manual); API couriers ignore it. */
export interface ManualDetails {
  courierName?: string;
  trackingNumber?: string;
  trackingUrlTemplate?: string;
}

/** A parcel the courier accepted. */
export interface BookedParcel {
  /** The courier's own id for the parcel (what its status calls and webhooks name); may equal the tracking number. */
  consignmentId: string;
  /** What the shopper quotes or types on the courier's page. */
  trackingNumber: string;
  /** Set by couriers whose name the owner types (manual); others are called by their registry name. */
  courierName?: string;
  trackingUrl: string | null;
  /** The courier's word for the parcel's state right after booking. */
  status: string;
}

/** One order of a many-at-once booking: booked, or refused with the courier's reason. */
export type BookingOutcome =
  | { orderNumber: string; ok: true; parcel: BookedParcel }
  | { orderNumber: string; ok: false; error: CourierRefusal };

/** The order state a courier status moves the order to; `undefined` is "no move". */
export type CourierMove =
  Extract<OrderStatus, "SHIPPED" | "DELIVERED" | "RETURNING" | "RETURNED"> | undefined;

/** The parts of a webhook request a courier's signature check reads. */
export interface WebhookRequest {
  header(name: string): string | undefined;
  query: Record<string, unknown>;
}

/** What one webhook event says about one parcel. */
export interface WebhookEvent {
  consignmentId: string;
  /** The courier's status as its mapping reads it. */
  status: string;
  /** The status as the shipment stores it, when it is written differently (Pathao drops `order.`). */
  storedStatus?: string;
  /** On a delivery: the cash the courier says it collected. */
  collectedAmount?: unknown;
}

/** A courier's webhook: whether a request carries its secret, and what an event says. */
export interface CourierWebhook {
  verify(request: WebhookRequest): boolean;
  /** The parcel and status of an event; undefined for one that names none (a handshake, a test). */
  read(body: Record<string, unknown>): WebhookEvent | undefined;
}

export interface Courier<Id extends CourierId = CourierId> {
  readonly id: Id;
  /**
   * Its settings (credentials and defaults), declared in its own file and read through the one
   * store (server/services/courier-settings.service.ts); complete settings make it "configured".
   */
  readonly settings: CourierSettingsDefinition;
  /** The message a booking gets while it is not configured (names what to set). */
  readonly notConfiguredMessage: string;
  /** The order states a parcel may be booked from (a manual shipment may be recorded after "Mark shipped"). */
  readonly bookableFrom: readonly OrderStatus[];
  /** Books one parcel; a refusal is a CourierRefusal (the courier's words and fields). */
  book(parcel: ParcelRequest, manual: ManualDetails): Promise<BookedParcel>;
  /** Books several, each answered on its own: the courier's bulk call where it has one, else one by one. */
  bookMany(parcels: ParcelRequest[]): Promise<BookingOutcome[]>;
  /** The parcel's current status as the courier reports it; absent for couriers without a status API. */
  readStatus?(consignmentId: string): Promise<string>;
  /** The order state the courier's status moves the order to, or undefined ("no move"). */
  orderMove(status: string): CourierMove;
  /**
   * Whether the status says the courier has given the parcel up (cancelled). Before the parcel
   * left the shop, the booking is then released and the order may be booked again.
   */
  givenUp?(status: string): boolean;
  /**
   * Cancels a booked parcel through the courier's API (the courier refuses one already on its
   * way). Absent: its API has no cancellation.
   */
  cancel?(consignmentId: string): Promise<void>;
  /**
   * For couriers without a cancellation call: whether the status says the courier has not picked
   * the parcel up yet, so the shop may let the booking go (the owner cancels it in their panel).
   */
  notPickedUp?(status: string): boolean;
  /** Absent for couriers that send none (their parcels are read again instead). */
  readonly webhook?: CourierWebhook;
  /**
   * The number's parcels in the courier's whole network, every merchant's (a fraud check), for
   * couriers whose API offers one; `phone` is 01XXXXXXXXX. Fails (never answers zeros) when the
   * courier does not answer within `timeoutMs` or answers something else.
   */
  deliveryRecord?(phone: string, timeoutMs: number): Promise<DeliveryRecord>;
}

/** A courier's parcels to one number, in its whole network. */
export interface DeliveryRecord {
  delivered: number;
  cancelled: number;
}

/**
 * The courier refused a parcel (its 4xx, e.g. a validation error) or could not be reached
 * (`status` 5xx or undefined). `fields` are its own field names with its messages.
 */
export class CourierRefusal extends Error {
  constructor(
    readonly courier: CourierId,
    message: string,
    readonly status?: number,
    readonly fields?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = "CourierRefusal";
  }

  /** The courier answered and said no (as opposed to being down or unreachable). */
  get refusedByCourier(): boolean {
    return this.status !== undefined && this.status >= 400 && this.status < 500;
  }
}

/** A courier asked to work without its settings (they were cleared meanwhile): names `courier`. */
export function notConfiguredRefusal(courier: CourierId, message: string): CourierRefusal {
  return new CourierRefusal(courier, message, 400, [{ path: "courier", message }]);
}

/** What the couriers' API clients throw: their words, HTTP status and field errors. */
export interface CourierApiError {
  message: string;
  status?: number;
  errors?: Record<string, string[]>;
}

/** A courier API client's error as the interface's refusal. */
function refusalOf(courier: CourierId, error: CourierApiError): CourierRefusal {
  const fields = error.errors
    ? Object.entries(error.errors).map(([path, messages]) => ({
        path,
        message: messages.join(", "),
      }))
    : undefined;
  return new CourierRefusal(courier, error.message, error.status, fields);
}

/**
 * How one courier's adapter turns errors into refusals: its API client's error (`clientError`)
 * becomes the interface's refusal, a refusal passes through, anything else (a bug) is thrown on.
 */
export function refusalFrom(
  courier: CourierId,
  clientError: abstract new (...args: never[]) => CourierApiError,
): (error: unknown) => CourierRefusal {
  return (error) => {
    if (error instanceof CourierRefusal) return error;
    if (!(error instanceof clientError)) throw error;
    return refusalOf(courier, error);
  };
}

/** A courier API call whose failure is thrown as the refusal `toRefusal` makes of it. */
export async function refusing<T>(
  toRefusal: (error: unknown) => CourierRefusal,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toRefusal(error);
  }
}

/** A webhook secret against ours in constant time (equal-length digests: no throw, no length leak). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** bookMany for couriers without a bulk call: one booking after the other, each answered on its own. */
export async function bookOneByOne(
  courier: Pick<Courier, "book" | "id">,
  parcels: ParcelRequest[],
): Promise<BookingOutcome[]> {
  const outcomes: BookingOutcome[] = [];
  for (const parcel of parcels) {
    try {
      outcomes.push({
        orderNumber: parcel.orderNumber,
        ok: true,
        parcel: await courier.book(parcel, {}),
      });
    } catch (error) {
      if (!(error instanceof CourierRefusal)) throw error;
      outcomes.push({ orderNumber: parcel.orderNumber, ok: false, error });
    }
  }
  return outcomes;
}

/**
 * A status as a lookup key: lower case, `order.` prefix dropped, spaces and `_` as `-`, so Pathao's
 * webhook `order.in-transit` and its order info `In_Transit` are the same status.
 */
export function statusKey(status: string): string {
  return status
    .trim()
    .toLowerCase()
    .replace(/^order\./, "")
    .replace(/[\s_]+/g, "-");
}

/** A courier's status table as a lookup: the move for a status, or undefined for any other. */
export function statusMapper(table: Record<string, Exclude<CourierMove, undefined>>) {
  return (status: string): CourierMove => table[statusKey(status)];
}
