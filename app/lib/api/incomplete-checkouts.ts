/** The back office's call list: saved checkouts, calls, recovery SMS, one-step orders. */
import type {
  CallBody,
  ConvertCheckoutBody,
  IncompleteCheckoutAnswer,
  IncompleteCheckoutPage,
  RecoveredSummaryAnswer,
  RecoverySmsAnswer,
} from "#contract/schemas/incomplete-checkouts";
import { request, segment, type Query } from "./transport";

const BASE = "/api/admin/incomplete-checkouts";

export const incompleteCheckouts = {
  list: (query: Query = {}) => request<IncompleteCheckoutPage>(BASE, { query }),
  recovered: (days = 30) =>
    request<RecoveredSummaryAnswer>(`${BASE}/recovered`, { query: { days } }),
  recordCall: (id: string, body: CallBody) =>
    request<IncompleteCheckoutAnswer>(`${BASE}/${segment(id)}/calls`, { method: "POST", body }),
  sendSms: (id: string) =>
    request<RecoverySmsAnswer>(`${BASE}/${segment(id)}/sms`, { method: "POST" }),
  order: (id: string, body: ConvertCheckoutBody) =>
    request<{ orderId: string; orderNumber: string; total: number }>(
      `${BASE}/${segment(id)}/order`,
      { method: "POST", body },
    ),
};
