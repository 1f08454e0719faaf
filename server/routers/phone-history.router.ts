import { Router } from "express";
import { actingAdmin } from "../lib/acting-admin.js";
import { endpoint } from "../middleware/validate.js";
import {
  PhoneBlock,
  PhoneBlockBody,
  PhoneBlocksAnswer,
  PhoneBlocksQuery,
  PhoneHistoryAnswer,
  PhoneHistoryQuery,
  PhoneParams,
} from "#contract/schemas/phone-history";
import {
  blockPhone,
  liftPhoneBlock,
  listPhoneBlocks,
  phoneRiskOf,
} from "../services/phone-history.service.js";
import { courierRecordsOf } from "../services/courier-records.service.js";

/** Customer history by phone and the block list (/api/admin/phones; docs/cod.md). */
export const adminPhonesRouter = Router();
const PREFIX = "/api/admin/phones";

const admin = { tags: ["admin"] };

endpoint(adminPhonesRouter, PREFIX, {
  ...admin,
  method: "get",
  path: "/blocks",
  permission: "phones.block",
  summary: "The block list, newest first (`show=all` adds lifted blocks)",
  query: PhoneBlocksQuery,
  responses: { 200: { description: "The blocks", schema: PhoneBlocksAnswer } },
  handler: ({ query }) => listPhoneBlocks(query.show),
});

endpoint(adminPhonesRouter, PREFIX, {
  ...admin,
  method: "post",
  path: "/blocks",
  permission: "phones.block",
  summary: "Blocks a mobile number with a reason: it can no longer place cash-on-delivery orders",
  body: PhoneBlockBody,
  status: 201,
  responses: { 201: { description: "The block in force", schema: PhoneBlock } },
  handler: ({ body }, req) => blockPhone(body, actingAdmin(req)),
});

endpoint(adminPhonesRouter, PREFIX, {
  ...admin,
  method: "delete",
  path: "/blocks/:phone",
  permission: "phones.block",
  summary: "Lifts the block on a number (kept in the list as lifted, with who and when)",
  params: PhoneParams,
  responses: {
    200: { description: "The lifted block", schema: PhoneBlock },
    404: { description: "The number is not blocked" },
  },
  handler: ({ params }, req) => liftPhoneBlock(params.phone, actingAdmin(req)),
});

endpoint(adminPhonesRouter, PREFIX, {
  ...admin,
  method: "get",
  path: "/:phone",
  permission: "orders.read",
  summary:
    "A number's orders by outcome (delivered, returned, cancelled, open), its risk level, and each courier's record of it in its whole network",
  params: PhoneParams,
  query: PhoneHistoryQuery,
  responses: {
    200: { description: "History, risk and couriers' records", schema: PhoneHistoryAnswer },
  },
  handler: async ({ params, query }) => {
    const [risk, couriers] = await Promise.all([
      phoneRiskOf(params.phone, { excludeOrderId: query.excludeOrder }),
      courierRecordsOf(params.phone),
    ]);
    return { ...risk, couriers };
  },
});
