import { Router } from "express";
import { z } from "zod";
import { pingDatabase } from "../db/connect.js";
import { endpoint } from "../middleware/validate.js";

export const healthRouter = Router();

endpoint(healthRouter, "", {
  method: "get",
  path: "/healthz",
  summary: "The process is up",
  tags: ["health"],
  responses: { 200: { description: "Alive", schema: z.object({ status: z.literal("ok") }) } },
  handler: () => ({ status: "ok" as const }),
});

endpoint(healthRouter, "", {
  method: "get",
  path: "/readyz",
  summary: "The database answers a ping",
  tags: ["health"],
  responses: {
    200: { description: "Ready", schema: z.object({ status: z.literal("ready") }) },
    503: { description: "Database unreachable" },
  },
  handler: async (_input, _req, res) => {
    if (await pingDatabase()) return { status: "ready" };
    res.status(503).json({ message: "Database unreachable", code: "NOT_READY" });
  },
});
