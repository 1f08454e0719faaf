import { Router } from "express";
import { actingAdmin } from "../lib/acting-admin.js";
import { startCsvDownload } from "../lib/csv.js";
import { endpoint } from "../middleware/validate.js";
import {
  BuyerDetail,
  BuyerNote,
  BuyerNoteBody,
  BuyerNoteParams,
  BuyerParams,
  BuyersAnswer,
  BuyersExportQuery,
  BuyersQuery,
} from "#contract/schemas/buyers";
import {
  addBuyerNote,
  buyerDetail,
  editBuyerNote,
  exportBuyersCsv,
  listBuyers,
} from "../services/buyers.service.js";

/** Buyers by phone, guest or registered (/api/admin/buyers; docs/buyers.md). */
export const adminBuyersRouter = Router();
const PREFIX = "/api/admin/buyers";

const admin = { tags: ["admin"] };

endpoint(adminBuyersRouter, PREFIX, {
  ...admin,
  method: "get",
  path: "/",
  permission: "buyers.read",
  summary:
    "Buyers by mobile number, guest or registered: searched by name, number (any written form) or order number, sorted by last order, spend, orders or returns",
  query: BuyersQuery,
  responses: { 200: { description: "A page of buyers", schema: BuyersAnswer } },
  handler: ({ query }) => listBuyers(query),
});

// Before `/:mobile`, which would otherwise take "export.csv" for a number.
endpoint(adminBuyersRouter, PREFIX, {
  ...admin,
  method: "get",
  path: "/export.csv",
  permission: "buyers.read",
  summary:
    "The buyers matching a search, in the list's order, as CSV (UTF-8 with BOM; cells that look like formulas start with ')",
  query: BuyersExportQuery,
  responses: { 200: { description: "text/csv" } },
  handler: async ({ query }, _req, res) => {
    const csv = await exportBuyersCsv(query);
    startCsvDownload(res, "buyers.csv");
    res.send(csv);
  },
});

endpoint(adminBuyersRouter, PREFIX, {
  ...admin,
  method: "get",
  path: "/:mobile",
  permission: "buyers.read",
  summary:
    "One buyer: order figures, newest orders, staff notes, block, account and each courier's record of the number",
  params: BuyerParams,
  responses: {
    200: { description: "The buyer", schema: BuyerDetail },
    404: { description: "No orders from this number" },
  },
  handler: ({ params }) => buyerDetail(params.mobile),
});

endpoint(adminBuyersRouter, PREFIX, {
  ...admin,
  method: "post",
  path: "/:mobile/notes",
  permission: "buyers.notes",
  summary: "Adds a staff note about the buyer",
  params: BuyerParams,
  body: BuyerNoteBody,
  status: 201,
  responses: {
    201: { description: "The note", schema: BuyerNote },
    404: { description: "No orders from this number" },
    409: { description: "The number holds the most notes it can" },
  },
  handler: ({ params, body }, req) => addBuyerNote(params.mobile, body.text, actingAdmin(req)),
});

endpoint(adminBuyersRouter, PREFIX, {
  ...admin,
  method: "patch",
  path: "/:mobile/notes/:noteId",
  permission: "buyers.notes",
  summary: "Rewrites a staff note (who edited it and when are kept)",
  params: BuyerNoteParams,
  body: BuyerNoteBody,
  responses: {
    200: { description: "The note", schema: BuyerNote },
    404: { description: "No such note" },
  },
  handler: ({ params, body }, req) =>
    editBuyerNote(params.mobile, params.noteId, body.text, actingAdmin(req)),
});
