import mongoose, { Schema, type InferSchemaType } from "mongoose";

/**
 * The journal of one checkout's stock and promo-code reservation, written BEFORE any unit or
 * promo use is taken. Each stock decrement of the checkout records `reservationLineToken(id, i)`
 * on the product document in the same update (`stockReservations`), and the promo claim records
 * the id on the promo code (`reservations`), so "is this line still held by this checkout?" is
 * answered exactly by the product (or promo) document itself. The order carries `reservationId`.
 *
 * OPEN: the checkout is running, has created its order (the order is the commit: the job then
 * removes the ids from product/promo documents and deletes the entry), or its process died.
 * RELEASED: the job found no order and gave back whatever was still held (kept a day, then
 * deleted). A checkout that fails cleanly gives back and deletes its own entry.
 * See server/services/reservations.service.ts.
 */
export const RESERVATION_STATES = ["OPEN", "RELEASED"] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

const StockReservationSchema = new Schema(
  {
    lines: {
      type: [
        {
          productId: { type: Schema.Types.ObjectId, required: true },
          color: { type: String, required: true },
          size: { type: String, required: true },
          quantity: { type: Number, required: true, min: 1 },
          _id: false,
        },
      ],
      default: [],
    },
    promoCode: { type: String, default: null },
    state: { type: String, enum: RESERVATION_STATES, default: "OPEN" },
    createdAt: { type: Date, required: true, default: () => new Date() },
    settledAt: { type: Date, default: null },
  },
  { versionKey: false },
);

// The job's queries: OPEN entries oldest first, RELEASED entries past their retention.
StockReservationSchema.index({ state: 1, createdAt: 1 });

/** The token a stock line of reservation `id` leaves on its product document (line index `i`). */
export function reservationLineToken(id: unknown, index: number): string {
  return `${String(id)}:${index}`;
}

export type StockReservationFields = InferSchemaType<typeof StockReservationSchema>;

export const StockReservation =
  (mongoose.models.StockReservation as mongoose.Model<StockReservationFields>) ??
  mongoose.model("StockReservation", StockReservationSchema, "stock_reservations");
