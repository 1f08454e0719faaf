/** The back office's buyers by phone (docs/buyers.md): list, detail, CSV export, staff notes. */
import type { BuyerDetail, BuyerNote, BuyersAnswer } from "#contract/schemas/buyers";
import { request, segment, type Query } from "./transport";

export const buyers = {
  list: (query: Query = {}) => request<BuyersAnswer>("/api/admin/buyers", { query }),
  detail: (mobile: string) => request<BuyerDetail>(`/api/admin/buyers/${segment(mobile)}`),
  /** The CSV's text (the browser's decoder drops its byte-order mark; the download adds it back). */
  exportCsv: (query: Query = {}) =>
    request<string>("/api/admin/buyers/export.csv", {
      query,
      headers: { Accept: "text/csv" },
      timeoutMs: 60_000,
    }),
  addNote: (mobile: string, text: string) =>
    request<BuyerNote>(`/api/admin/buyers/${segment(mobile)}/notes`, {
      method: "POST",
      body: { text },
    }),
  editNote: (mobile: string, noteId: string, text: string) =>
    request<BuyerNote>(`/api/admin/buyers/${segment(mobile)}/notes/${segment(noteId)}`, {
      method: "PATCH",
      body: { text },
    }),
};
