import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";

type Answer = { description: string; content?: { "application/json": { schema: JsonSchema } } };
type JsonSchema = { properties?: Record<string, unknown>; required?: string[] };
type Operation = {
  security?: unknown[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, Answer>;
};

let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  paths = (await request(createApp()).get("/api/openapi.json")).body.paths;
});

const operations = () =>
  Object.entries(paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
  );

describe("the OpenAPI document declares every answer the server gives", () => {
  it("declares every error with the one error shape: message, code and field errors", () => {
    for (const { path, method, operation } of operations())
      for (const [status, answer] of Object.entries(operation.responses)) {
        if (Number(status) < 400 || status === "431") continue;
        const schema = answer.content?.["application/json"].schema;
        expect(schema?.required, `${method} ${path} ${status}`).toEqual(["message"]);
        expect(Object.keys(schema?.properties ?? {}).sort(), `${method} ${path} ${status}`).toEqual(
          ["code", "errors", "message"],
        );
      }
    // The answers the issue named, which declared {message} alone.
    for (const [path, method, status] of [
      ["/auth/signin", "post", "401"],
      ["/auth/signup", "post", "409"],
      ["/api/users/profile", "put", "409"],
      ["/api/users/verify-admin", "get", "403"],
    ])
      expect(
        paths[path][method].responses[status].content?.["application/json"].schema.properties,
      ).toHaveProperty("code");
  });

  it("lists statuses, not a catch-all default", () => {
    for (const { path, method, operation } of operations()) {
      expect(operation.responses, `${method} ${path}`).not.toHaveProperty("default");
      expect(operation.responses, `${method} ${path}`).toHaveProperty("500");
    }
  });

  it("declares the guards' answers: 400 and 413 for input, 401 and 403 for tokens", () => {
    for (const { path, method, operation } of operations()) {
      const where = `${method} ${path}`;
      if (/^\/(api|auth)\//.test(path)) expect(operation.responses, where).toHaveProperty("400");
      if (operation.requestBody) expect(operation.responses, where).toHaveProperty("413");
      if (operation.security) expect(operation.responses, where).toHaveProperty("401");
    }
    expect(paths["/api/admin/products"].post.responses).toHaveProperty("403");
    expect(paths["/api/admin/products"].post.responses).toHaveProperty("415");
    expect(paths["/api/orders/{id}"].get.responses).toHaveProperty("404");
  });

  it("declares the route's own answers: re-rating is a 200, rate limits 429, busy 503", () => {
    const rate = paths["/api/ratings/create"].post.responses;
    expect(Object.keys(rate)).toEqual(expect.arrayContaining(["200", "201", "404"]));
    expect(rate["200"].content?.["application/json"].schema.required).toContain("averageRating");
    for (const path of ["/auth/signin", "/auth/signup", "/auth/otp/send", "/auth/otp/verify"])
      expect(paths[path].post.responses, path).toHaveProperty("429");
    expect(paths["/api/orders"].post.responses).toHaveProperty("503");
    expect(paths["/api/orders"].post.responses).toHaveProperty("409");
    expect(paths["/readyz"].get.responses).toHaveProperty("503");
  });

  it("declares the address pickers' lists with their 304 revalidation and unknown district", () => {
    const districts = paths["/api/locations/districts"].get;
    expect(Object.keys(districts.responses)).toEqual(["200", "304", "400", "431", "500"]);
    expect(districts.responses["304"].content).toBeUndefined();
    const district = districts.responses["200"].content?.["application/json"].schema;
    expect(district?.required).toEqual(["districts"]);
    const thanas = paths["/api/locations/districts/{id}/thanas"].get;
    expect(Object.keys(thanas.responses)).toEqual(["200", "304", "400", "404", "431", "500"]);
    expect(thanas.responses["404"].description).toBe("No district has this id; or Not found");
    expect(thanas.parameters).toEqual([
      { name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } },
    ]);
    expect(thanas.security).toBeUndefined();
  });
});
