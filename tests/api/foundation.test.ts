import mongoose from "mongoose";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";

const app = createApp();

describe("GET /healthz and /readyz", () => {
  it("answers ok for the process and ready for the database", async () => {
    const health = await request(app).get("/healthz");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok" });
    const ready = await request(app).get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ready" });
  });

  it("carries a request id and security headers", async () => {
    const answer = await request(app).get("/healthz").set("x-request-id", "trace-123");
    expect(answer.headers["x-request-id"]).toBe("trace-123");
    expect(answer.headers["content-security-policy"]).toContain("https://www.googletagmanager.com");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });
});

describe("error shape", () => {
  it("answers an unknown /api path with a JSON 404", async () => {
    const answer = await request(app).get("/api/no-such-thing");
    expect(answer.status).toBe(404);
    expect(answer.headers["content-type"]).toMatch(/application\/json/);
    expect(answer.body).toEqual({
      message: "No route for GET /api/no-such-thing",
      code: "NOT_FOUND",
    });
  });

  it("answers malformed JSON with a 400", async () => {
    const answer = await request(app)
      .post("/api/categories")
      .set("content-type", "application/json")
      .send('{"name": ');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: "Malformed JSON body", code: "MALFORMED_JSON" });
  });

  it("refuses operator objects in the body and in the query with a 400", async () => {
    const body = await request(app)
      .post("/api/categories")
      .send({ name: { $gt: "" } });
    expect(body.status).toBe(400);
    expect(body.body.message).toBe("Invalid input: operator keys are not allowed");
    const query = await request(app).get("/api/categories?slug[$ne]=x");
    expect(query.status).toBe(400);
    expect(query.body.code).toBe("OPERATOR_REJECTED");
  });
});

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document listing the routes with their schemas", async () => {
    const answer = await request(app).get("/api/openapi.json");
    expect(answer.status).toBe(200);
    expect(answer.body.openapi).toBe("3.1.0");
    expect(answer.body.paths["/healthz"].get.summary).toBe("The process is up");
    const categories = answer.body.paths["/api/categories"].get;
    expect(categories.responses["200"].content["application/json"].schema.type).toBe("array");
    expect(categories.responses["500"].content["application/json"].schema.required).toEqual([
      "message",
    ]);
  });
});

describe("GET /readyz without a database", () => {
  beforeAll(async () => {
    await mongoose.disconnect();
  });

  it("answers 503", async () => {
    const answer = await request(app).get("/readyz");
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ message: "Database unreachable", code: "NOT_READY" });
  });
});
