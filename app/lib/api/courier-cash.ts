/** The back office's courier cash: what the courier owes, collected amounts, settlements. */
import type {
  CollectedCashBody,
  CourierCashAnswer,
  OwedParcelAnswer,
  SettlementAnswer,
  SettlementInput,
  SettlementPageAnswer,
} from "#contract/schemas/courier-cash";
import { request, segment, type Query } from "./transport";

export const courierCash = {
  owed: () => request<CourierCashAnswer>("/api/admin/courier-cash"),
  recordCollected: (orderId: string, body: CollectedCashBody) =>
    request<OwedParcelAnswer>(`/api/admin/courier-cash/parcels/${segment(orderId)}`, {
      method: "PUT",
      body,
    }),
  settlements: (query: Query = {}) =>
    request<SettlementPageAnswer>("/api/admin/courier-cash/settlements", { query }),
  settlement: (settlementId: string) =>
    request<SettlementAnswer>(`/api/admin/courier-cash/settlements/${segment(settlementId)}`),
  recordSettlement: (body: SettlementInput) =>
    request<SettlementAnswer>("/api/admin/courier-cash/settlements", { method: "POST", body }),
};
