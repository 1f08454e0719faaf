import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { PopupImage } from "../../models/popup-image.model";
import { Product } from "../../models/product.model";
import { TshirtOrder } from "../../models/tshirt-order.model";
import { createApp } from "../../server/app";
import { MULTIPART_WITHOUT_BOUNDARY_MESSAGE } from "../../server/middleware/multipart";
import { clearDatabase } from "../setup/db";
import { seedCatalog } from "../factories/catalog";
import { createAdmin } from "../factories/user";

const app = createApp({ buildDir: process.env.E2E_BUILD_DIR });

/**
 * Methods React Router's Request refuses (TRACE; TRACK and CONNECT never reach Express: Node's
 * parser answers TRACK with a 400 and the server answers CONNECT, see http-server tests) and the
 * odd ones it has no use for: none may reach the page handler.
 */
describe("odd methods on pages and /auth paths", () => {
  it("answers 405 with Allow: GET, HEAD on pages and health probes (was a 500 for TRACE)", async () => {
    for (const url of ["/", "/products", "/product/no-such-shirt", "/healthz", "/readyz"])
      for (const method of ["TRACE", "PROPFIND", "SEARCH", "OPTIONS", "POST"] as const) {
        if (method === "OPTIONS" && /healthz|readyz/.test(url)) continue; // Express's own answer
        const answer = await request(app)[method.toLowerCase() as "trace"](url);
        expect(answer.status, `${method} ${url}`).toBe(405);
        expect(answer.headers.allow, `${method} ${url}`).toBe("GET, HEAD");
        expect(answer.body).toEqual({
          message: `Method ${method} is not allowed for ${url}`,
          code: "METHOD_NOT_ALLOWED",
        });
      }
  });

  it("answers 405 with the declared methods on a known /auth or /api path", async () => {
    const signin = await request(app).trace("/auth/signin");
    expect(signin.status).toBe(405);
    expect(signin.headers.allow).toBe("POST");
    expect(signin.body.code).toBe("METHOD_NOT_ALLOWED");
    const callback = await request(app).trace("/auth/google/callback?code=x");
    expect(callback.status).toBe(405);
    expect(callback.headers.allow).toBe("GET, HEAD");
    const product = await request(app).delete("/api/products/slug/classic-tee");
    expect(product.status).toBe(405);
    expect(product.headers.allow).toBe("GET, HEAD");
  });

  it("answers an unknown /auth path with the API's JSON 404, whatever the method", async () => {
    for (const method of ["get", "post", "trace"] as const) {
      const answer = await request(app)[method]("/auth/no-such-thing");
      expect(answer.status).toBe(404);
      expect(answer.headers["content-type"]).toMatch(/application\/json/);
      expect(answer.body).toEqual({
        message: `No route for ${method.toUpperCase()} /auth/no-such-thing`,
        code: "NOT_FOUND",
      });
    }
  });

  it("still serves the storefront's Google sign-in screen under /auth", async () => {
    const answer = await request(app).get("/auth/google/callback?token=abc");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/text\/html/);
  });

  it("keeps the page guard in step with the routes: no page has a server action", () => {
    const routeFiles = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? routeFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      );
    const withAction = routeFiles("app/routes").filter((file) =>
      /export\s+(async\s+)?(function|const|let)\s+action\b/.test(readFileSync(file, "utf8")),
    );
    // A server action needs POST let through by PAGE_METHODS (server/middleware/method-guard.ts).
    expect(withAction).toEqual([]);
  });
});

describe("a multipart request without a boundary", () => {
  let adminToken: string;

  beforeAll(async () => {
    await clearDatabase();
    await seedCatalog();
    adminToken = (await createAdmin({ email: "odd-admin@example.com" })).token;
  });

  it("answers 400 with a clear message on every upload route and stores nothing (was a 500)", async () => {
    const before = {
      products: await Product.countDocuments(),
      popups: await PopupImage.countDocuments(),
      tshirts: await TshirtOrder.countDocuments(),
    };
    const routes: [string, string, boolean][] = [
      ["post", "/api/tshirt-orders", false],
      ["post", "/api/popup-images", true],
      ["post", "/api/admin/products", true],
      ["put", `/api/admin/products/${String((await Product.findOne())!._id)}`, true],
    ];
    for (const contentType of [
      "multipart/form-data",
      "multipart/form-data; charset=utf-8",
      "multipart/form-data; boundary=",
      "Multipart/Form-Data;;",
    ])
      for (const [method, url, admin] of routes) {
        let call = request(app)[method as "post"](url).set("content-type", contentType);
        if (admin) call = call.set("authorization", `Bearer ${adminToken}`);
        const answer = await call.send("--x\r\n\r\n");
        expect(answer.status, `${method} ${url} ${contentType}`).toBe(400);
        expect(answer.body).toEqual({
          message: MULTIPART_WITHOUT_BOUNDARY_MESSAGE,
          code: "MALFORMED_MULTIPART",
        });
      }
    expect({
      products: await Product.countDocuments(),
      popups: await PopupImage.countDocuments(),
      tshirts: await TshirtOrder.countDocuments(),
    }).toEqual(before);
  });

  it("still takes a well-formed multipart request", async () => {
    const answer = await request(app)
      .post("/api/tshirt-orders")
      .field("name", "School")
      .field("mobile", "01712345678")
      .field("email", "school@example.com")
      .field("color", "White")
      .field("printType", "SCREEN")
      .field("sizes", JSON.stringify({ S: 0, M: 60, L: 0, XL: 0, XXL: 0 }))
      .field("quantity", "60");
    expect(answer.status).toBe(201);
  });
});

describe("operator keys in a multipart body", () => {
  let adminToken: string;
  const operatorRefusal = {
    message: "Invalid input: operator keys are not allowed",
    code: "OPERATOR_REJECTED",
  };

  beforeAll(async () => {
    adminToken = (await createAdmin({ email: "operator-keys-admin@example.com" })).token;
  });

  /** The public bulk-order form, its fields as given (the bracket names as multer reads them). */
  function bulkOrder(fields: Record<string, string>) {
    let call = request(app).post("/api/tshirt-orders");
    for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
    return call;
  }

  const bulkFields = {
    mobile: "01712345678",
    email: "school@example.com",
    color: "White",
    printType: "SCREEN",
    "sizes[M]": "60",
    quantity: "60",
  };

  it("refuses them on the public bulk-order form as the JSON guard does (they reached zod as objects)", async () => {
    const before = await TshirtOrder.countDocuments();
    for (const fields of [
      { ...bulkFields, "name[$ne]": "x" },
      { ...bulkFields, name: "School", "email[$regex]": ".*" },
      { ...bulkFields, name: "School", "sizes[$where]": "1" },
      { ...bulkFields, name: "School", "notes.$gt": "" },
      { ...bulkFields, name: "School", $where: "1" },
    ]) {
      const answer = await bulkOrder(fields);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.body).toEqual(operatorRefusal);
    }
    expect(await TshirtOrder.countDocuments()).toBe(before);
    // Bracket fields without an operator are the form's own way to send the sizes.
    expect((await bulkOrder({ ...bulkFields, name: "School" })).status).toBe(201);
  });

  it("refuses them on the admin's product form", async () => {
    const category = (await Product.findOne())!.category;
    const before = await Product.countDocuments();
    const answer = await request(app)
      .post("/api/admin/products")
      .set("authorization", `Bearer ${adminToken}`)
      .field("title[$ne]", "x")
      .field("description", "A tee")
      .field("price", "900")
      .field("discountedPrice", "800")
      .field("category", String(category))
      .field("variants", JSON.stringify([{ color: "Black", size: "M", stock: 1 }]));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(operatorRefusal);
    expect(await Product.countDocuments()).toBe(before);
  });
});
