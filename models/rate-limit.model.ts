import mongoose, { Schema, type InferSchemaType } from "mongoose";

/**
 * One rate-limit counter per key (`<limiter prefix><ip or account>`), shared by every app instance.
 * Expiry is decided by comparing `resetAt` in the queries.
 */
const RateLimitSchema = new Schema(
  {
    _id: { type: String, required: true },
    hits: { type: Number, required: true, default: 0 },
    resetAt: { type: Date, required: true },
  },
  { versionKey: false },
);

// No TTL index: FerretDB refuses `expireAfterSeconds`. A background job (server/middleware/rate-limit.ts)
// deletes ended windows; the queries never trust a row whose resetAt has passed anyway.
RateLimitSchema.index({ resetAt: 1 });

export type RateLimitFields = InferSchemaType<typeof RateLimitSchema>;

export const RateLimit =
  (mongoose.models.RateLimit as mongoose.Model<RateLimitFields>) ??
  mongoose.model("RateLimit", RateLimitSchema, "rate_limits");
