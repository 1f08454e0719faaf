import { Router } from "express";
import { bulkOrderLimits } from "../middleware/rate-limit.js";
import { imageUpload, uploadedImages } from "../middleware/multipart.js";
import { endpoint } from "../middleware/validate.js";
import {
  CreateTshirtOrderBody,
  IdParams,
  ListTshirtOrdersQuery,
  UpdateTshirtOrderBody,
} from "#contract/schemas/tshirt-orders";
import { DeletedAnswer } from "#contract/answers/common";
import { TshirtOrderAnswer, TshirtOrderListAnswer } from "#contract/answers/tshirt-orders";
import {
  createTshirtOrder,
  deleteTshirtOrder,
  getTshirtOrder,
  listTshirtOrders,
  updateTshirtOrder,
} from "../services/tshirt-orders.service.js";

export const tshirtOrdersRouter = Router();
const PREFIX = "/api/tshirt-orders";

/** The optional design in field `design` (field `image` is accepted too): one file. */
const receiveDesign = imageUpload({
  fields: [
    { name: "design", maxCount: 1 },
    { name: "image", maxCount: 1 },
  ],
  maxFiles: 1,
  maxFields: 30,
});

endpoint(tshirtOrdersRouter, PREFIX, {
  method: "post",
  path: "/",
  summary:
    "Request a bulk t-shirt order (multipart; sizes as a JSON string or sizes[S]... fields; design image optional)",
  tags: ["tshirt-orders"],
  auth: "none",
  multipart: true,
  before: [...bulkOrderLimits, receiveDesign],
  body: CreateTshirtOrderBody,
  status: 201,
  responses: {
    201: { description: "Received", schema: TshirtOrderAnswer },
    415: { description: "The file is not a JPEG, PNG, WebP or GIF image" },
    503: { description: "The image store cannot be reached (nothing was saved; retry)" },
    413: { description: "Design over 5 MB or over 25 megapixels" },
    429: { description: "Too many requests from this network, or today's design storage is full" },
  },
  handler: ({ body }, req) => createTshirtOrder(body, uploadedImages(req, "design", "image")[0]),
});

endpoint(tshirtOrdersRouter, PREFIX, {
  method: "get",
  path: "/",
  summary:
    "Bulk orders, newest first; filters status and search (name, mobile, email, organization)",
  tags: ["tshirt-orders"],
  permission: "bulkOrders.manage",
  query: ListTshirtOrdersQuery,
  responses: { 200: { description: "One page", schema: TshirtOrderListAnswer } },
  handler: ({ query }) => listTshirtOrders(query),
});

endpoint(tshirtOrdersRouter, PREFIX, {
  method: "get",
  path: "/:id",
  summary: "One bulk order",
  tags: ["tshirt-orders"],
  permission: "bulkOrders.manage",
  params: IdParams,
  responses: { 200: { description: "The order", schema: TshirtOrderAnswer } },
  handler: ({ params }) => getTshirtOrder(params.id),
});

endpoint(tshirtOrdersRouter, PREFIX, {
  method: "put",
  path: "/:id",
  summary: "Update status, quoted price, admin note; quoting sends the customer an SMS",
  tags: ["tshirt-orders"],
  permission: "bulkOrders.manage",
  params: IdParams,
  body: UpdateTshirtOrderBody,
  responses: { 200: { description: "Updated", schema: TshirtOrderAnswer } },
  handler: ({ params, body }) => updateTshirtOrder(params.id, body),
});

endpoint(tshirtOrdersRouter, PREFIX, {
  method: "delete",
  path: "/:id",
  summary: "Delete a bulk order and its design file",
  tags: ["tshirt-orders"],
  permission: "bulkOrders.manage",
  params: IdParams,
  responses: {
    200: { description: "Deleted", schema: DeletedAnswer },
  },
  handler: ({ params }) => deleteTshirtOrder(params.id),
});
