/** The back office's courier cash: what each courier owes, collected amounts, settlements, payout statements. */
import type { CourierId } from "#contract/couriers";
import type {
  ConfirmedStatementAnswer,
  ConfirmStatementInput,
  PayoutListAnswer,
  StatementAnswer,
} from "#contract/schemas/courier-statements";
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
  owed: (query: Query = {}) => request<CourierCashAnswer>("/api/admin/courier-cash", { query }),
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
  /** A CSV statement: fields `courier`, `reference`, `paidAt` and the file in `statement`. */
  uploadStatement: (form: FormData) =>
    request<StatementAnswer>("/api/admin/courier-cash/statements", { method: "POST", body: form }),
  payouts: (courier: CourierId) =>
    request<PayoutListAnswer>(`/api/admin/courier-cash/payouts/${segment(courier)}`),
  payoutStatement: (courier: CourierId, payoutId: string) =>
    request<StatementAnswer>(
      `/api/admin/courier-cash/payouts/${segment(courier)}/${segment(payoutId)}/statement`,
      { method: "POST" },
    ),
  confirmStatement: (statementId: string, body: ConfirmStatementInput) =>
    request<ConfirmedStatementAnswer>(
      `/api/admin/courier-cash/statements/${segment(statementId)}/confirm`,
      { method: "POST", body },
    ),
};
