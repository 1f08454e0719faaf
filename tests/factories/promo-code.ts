import { randomUUID } from "node:crypto";
import { PromoCode } from "../../models/promo-code.model";

export interface PromoOverrides {
  /** Default: SAVE plus four random characters. */
  code?: string;
  type?: "PERCENTAGE" | "FIXED";
  value?: number;
  minOrderAmount?: number;
  maxDiscount?: number | null;
  startsAt?: Date | null;
  expiresAt?: Date | null;
  usageLimit?: number | null;
  usedCount?: number;
  perUserLimit?: number | null;
  isActive?: boolean;
}

/** A promo code written through the model; default: 10 % off, no limits. */
export function createPromo(overrides: PromoOverrides = {}) {
  return PromoCode.create({
    code: `SAVE${randomUUID().slice(0, 4).toUpperCase()}`,
    type: "PERCENTAGE",
    value: 10,
    minOrderAmount: 0,
    ...overrides,
  });
}
