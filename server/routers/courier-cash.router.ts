import { Router } from "express";
import { actingAdmin } from "../lib/acting-admin.js";
import { fileUpload } from "../middleware/multipart.js";
import { endpoint } from "../middleware/validate.js";
import {
  CollectedCashBody,
  CourierCashAnswer,
  CourierCashQuery,
  IdParams,
  OwedParcelAnswer,
  SettlementAnswer,
  SettlementBody,
  SettlementPageAnswer,
  SettlementsQuery,
} from "#contract/schemas/courier-cash";
import {
  courierCash,
  listSettlements,
  readSettlement,
  recordCollectedByAdmin,
  recordSettlement,
} from "../services/courier-cash.service.js";
import {
  confirmStatement,
  listPayouts,
  previewPayout,
  previewUploadedStatement,
  readStatement,
} from "../services/courier-statements.service.js";
import {
  ConfirmedStatementAnswer,
  ConfirmStatementBody,
  MAX_STATEMENT_BYTES,
  PayoutListAnswer,
  PayoutListParams,
  PayoutParams,
  StatementAnswer,
  StatementUploadFields,
} from "#contract/schemas/courier-statements";

/** The back office's courier cash screen (docs/cod.md, "Courier cash" and "Settlements"). */
export const adminCourierCashRouter = Router();
const PREFIX = "/api/admin/courier-cash";
const common = { tags: ["admin", "orders"], permission: "courierCash.manage" as const };

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/",
  summary:
    "Delivered COD parcels not yet settled (one courier's with ?courier=), with what the courier collected, their totals, and every courier's totals",
  query: CourierCashQuery,
  responses: { 200: { description: "Parcels and totals", schema: CourierCashAnswer } },
  handler: ({ query }) => courierCash(query),
});

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "put",
  path: "/parcels/:id",
  summary: "Records what the courier collected on a delivered COD parcel (whole taka)",
  params: IdParams,
  body: CollectedCashBody,
  responses: {
    200: { description: "The parcel", schema: OwedParcelAnswer },
    400: { description: "Not whole taka, negative, or more than the order's total" },
    404: { description: "Order not found" },
    409: { description: "Not a delivered COD parcel, or already settled" },
  },
  handler: ({ params, body }, req) =>
    recordCollectedByAdmin(params.id, body.collected, actingAdmin(req)),
});

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/settlements",
  summary: "Recorded settlements, newest first (one courier's with ?courier=); paged",
  query: SettlementsQuery,
  responses: { 200: { description: "A page of settlements", schema: SettlementPageAnswer } },
  handler: ({ query }) => listSettlements(query),
});

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/settlements",
  summary:
    "Records a courier payout covering chosen parcels: amount + deductions must equal their collected total",
  body: SettlementBody,
  status: 201,
  responses: {
    201: { description: "The settlement", schema: SettlementAnswer },
    400: {
      description:
        "Totals do not reconcile, a parcel has no collected amount, or the parcels are of more than one courier",
    },
    404: { description: "Order not found" },
    409: { description: "A parcel is not a delivered COD parcel or is already settled" },
  },
  handler: ({ body }, req) => recordSettlement(body, actingAdmin(req)),
});

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/settlements/:id",
  summary: "One settlement with its parcels; 404 Settlement not found",
  params: IdParams,
  responses: { 200: { description: "The settlement", schema: SettlementAnswer } },
  handler: ({ params }) => readSettlement(params.id),
});

// ---------------------------------------------------------------------------------------------
// Payout statements (docs/cod.md, "Payout statements"): preview, then confirm.

/** One CSV file in the field "statement", with the courier and the payout's reference and date. */
const statementUpload = fileUpload({
  fields: [{ name: "statement", maxCount: 1 }],
  maxFields: 5,
  maxFieldBytes: 1024,
  maxFileBytes: MAX_STATEMENT_BYTES,
  tooManyFilesMessage: 'Send one statement, in the field "statement"',
  fileTooLargeMessage: `The statement is larger than ${MAX_STATEMENT_BYTES / 1024 / 1024} MB: split it`,
});

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/statements",
  summary:
    "Uploads a courier's payout statement (CSV, field `statement`) and answers its rows matched to parcels; the same file again is the same statement",
  multipart: true,
  before: [statementUpload],
  body: StatementUploadFields,
  responses: {
    200: { description: "The statement, matched", schema: StatementAnswer },
    400: { description: "Not a CSV statement we can read: the line and column are named" },
    413: { description: "Larger than 1 MB" },
  },
  handler: ({ body }, req) => {
    const files = req.files as Record<string, Express.Multer.File[] | undefined> | undefined;
    return previewUploadedStatement(body, files?.statement?.[0], actingAdmin(req));
  },
});

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/payouts/:courier",
  summary:
    "The courier's payouts read through its API (Steadfast), each with whether it is settled",
  params: PayoutListParams,
  responses: {
    200: { description: "Payouts", schema: PayoutListAnswer },
    400: { description: "The courier has no payouts API, or is not configured" },
    502: { description: "The courier did not answer" },
  },
  handler: ({ params }) => listPayouts(params.courier),
});

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/payouts/:courier/:payoutId/statement",
  summary:
    "Reads one payout with its parcels from the courier and answers it as a matched statement",
  params: PayoutParams,
  responses: {
    200: { description: "The statement, matched", schema: StatementAnswer },
    400: { description: "The courier has no payouts API, or is not configured" },
    404: { description: "The courier knows no such payout" },
    502: { description: "The courier did not answer" },
  },
  handler: ({ params }, req) => previewPayout(params.courier, params.payoutId, actingAdmin(req)),
});

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "get",
  path: "/statements/:id",
  summary: "One statement, its rows matched to parcels as they stand now",
  params: IdParams,
  responses: { 200: { description: "The statement", schema: StatementAnswer } },
  handler: ({ params }) => readStatement(params.id),
});

endpoint(adminCourierCashRouter, PREFIX, {
  ...common,
  method: "post",
  path: "/statements/:id/confirm",
  summary:
    "Writes one settlement of the statement's matched rows (amount = collected - fees, deductions = fees); 409 when nothing is left to settle",
  params: IdParams,
  body: ConfirmStatementBody,
  status: 201,
  responses: {
    201: {
      description: "The settlement and the statement after it",
      schema: ConfirmedStatementAnswer,
    },
    404: { description: "Statement not found" },
    409: { description: "Nothing left to settle, or a parcel was settled meanwhile" },
  },
  handler: ({ params, body }, req) => confirmStatement(params.id, body.note, actingAdmin(req)),
});
