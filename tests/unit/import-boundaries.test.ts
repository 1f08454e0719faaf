/**
 * The module boundaries are ESLint rules (eslint.config.js, `no-restricted-imports` per folder).
 * These tests lint small sources that break each rule, under the path they would have, and expect
 * the error; and sources that keep to the rules, and expect none. So a rule that stops biting (a
 * glob or pattern edited wrong) fails here, not in a Docker image or a browser bundle.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The boundary errors ESLint reports for `source` placed at `file` (relative to the repository). */
async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(ROOT, file) });
  return result.messages
    .filter((message) => message.ruleId === "no-restricted-imports")
    .map((message) => message.message);
}

const use = (name: string) => `\nexport const used = ${name};\n`;

describe("contract/ imports only zod, the date libraries and itself", () => {
  it.each([
    ["contract/example.ts", `import mongoose from "mongoose";${use("mongoose")}`],
    ["contract/example.ts", `import { readFileSync } from "node:fs";${use("readFileSync")}`],
    ["contract/example.ts", `import express from "express";${use("express")}`],
    ["contract/example.ts", `import { clsx } from "clsx";${use("clsx")}`],
    ["contract/example.ts", `import { Order } from "../models/order.model";${use("Order")}`],
    ["contract/example.ts", `import { logger } from "../server/lib/logger.js";${use("logger")}`],
    ["contract/schemas/example.ts", `import { cn } from "~/lib/utils";${use("cn")}`],
    [
      "contract/schemas/example.ts",
      `import type { OrderFields } from "../../models/order.model";\nexport type Used = OrderFields;\n`,
    ],
  ])("%s: refuses %s", async (file, source) => {
    expect(await boundaryErrors(file, source)).toHaveLength(1);
  });

  it.each([
    ["contract/example.ts", `import { z } from "zod";\nimport { BdMobile } from "./phone.js";`],
    ["contract/schemas/example.ts", `import { numeric } from "../numeric.js";`],
    [
      "contract/schemas/example.ts",
      `import { TZDate } from "@date-fns/tz";\nimport { format } from "date-fns";`,
    ],
  ])("%s: accepts %s", async (file, source) => {
    expect(await boundaryErrors(file, `${source}\nexport {};\n`)).toEqual([]);
  });
});

describe("app/ reaches shared code only through the contract", () => {
  it.each([
    `import { Order } from "../../models/order.model";${use("Order")}`,
    `import { placeOrder } from "../../server/services/orders.service";${use("placeOrder")}`,
    `import type { OrderAnswer } from "../../server/services/orders.service";\nexport type Used = OrderAnswer;\n`,
    `import mongoose from "mongoose";${use("mongoose")}`,
    `import sharp from "sharp";${use("sharp")}`,
    `import multer from "multer";${use("multer")}`,
    `import express from "express";${use("express")}`,
    `import { createHash } from "node:crypto";${use("createHash")}`,
  ])("refuses %s", async (source) => {
    expect(await boundaryErrors("app/lib/example.ts", source)).toHaveLength(1);
  });

  it("accepts the contract, app modules and browser packages", async () => {
    const source = [
      `import { formatBDT } from "#contract/money";`,
      `import { cn } from "~/lib/utils";`,
      `import { renderToString } from "react-dom/server";`,
      `export const used = [formatBDT, cn, renderToString];`,
    ].join("\n");
    expect(await boundaryErrors("app/lib/example.ts", source)).toEqual([]);
  });

  it("lets server-rendered-only modules use Node built-ins, still not the server's code", async () => {
    const nodeStream = `import { PassThrough } from "node:stream";${use("PassThrough")}`;
    expect(await boundaryErrors("app/lib/example.server.ts", nodeStream)).toEqual([]);
    const serverCode = `import { logger } from "../../server/lib/logger";${use("logger")}`;
    expect(await boundaryErrors("app/lib/example.server.ts", serverCode)).toHaveLength(1);
  });
});

describe("models/ imports nothing from server/ (the server provides what models need)", () => {
  it.each([
    `import { getEnv } from "../server/env.js";${use("getEnv")}`,
    `import type { Env } from "../server/env.js";\nexport type Used = Env;\n`,
    `export { logger } from "../server/lib/logger.js";`,
  ])("refuses %s", async (source) => {
    expect(await boundaryErrors("models/example.model.ts", source)).toHaveLength(1);
  });

  it("accepts mongoose, the contract and the other models", async () => {
    const source = [
      `import mongoose from "mongoose";`,
      `import { STAFF_ROLES } from "#contract/staff-roles";`,
      `import { modelServices } from "./model-services.js";`,
      `export const used = [mongoose, STAFF_ROLES, modelServices];`,
    ].join("\n");
    expect(await boundaryErrors("models/example.model.ts", source)).toEqual([]);
  });
});

describe("server/, models/ and scripts/ never import app/ (the image ships none)", () => {
  it.each([
    ["server/services/example.ts", `import { api } from "../../app/lib/api-client";${use("api")}`],
    ["server/example.ts", `import { cn } from "~/lib/utils";${use("cn")}`],
    ["models/example.ts", `import { cn } from "../app/lib/utils";${use("cn")}`],
    ["scripts/lib/example.ts", `import { cn } from "../../app/lib/utils";${use("cn")}`],
  ])("%s: refuses %s", async (file, source) => {
    expect(await boundaryErrors(file, source)).toHaveLength(1);
  });

  it("accepts the contract and the server's own modules", async () => {
    const source = [
      `import { formatBDT } from "#contract/money";`,
      `import { logger } from "../lib/logger.js";`,
      `export const used = [formatBDT, logger];`,
    ].join("\n");
    expect(await boundaryErrors("server/services/example.ts", source)).toEqual([]);
  });
});
