import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  parseSubmitted,
  readSubmission,
  runAdminAction,
  submittedForm,
  unknownIntent,
  type AdminActionResult,
} from "../../app/components/admin/admin-action";
import { ApiError } from "../../app/lib/api-client";
import { serverFieldErrors } from "../../app/lib/form-validation";

/** What a clientAction answered: the result and the status React Router sees (200 when plain). */
function answered(value: unknown): { result: AdminActionResult; status: number } {
  if (value && typeof value === "object" && "init" in value && "data" in value) {
    const wrapped = value as { data: AdminActionResult; init: { status?: number } | null };
    return { result: wrapped.data, status: wrapped.init?.status ?? 200 };
  }
  return { result: value as AdminActionResult, status: 200 };
}

describe("runAdminAction (a route clientAction's answer)", () => {
  it("answers ok with the server's message, else the screen's text", async () => {
    const said = answered(await runAdminAction(async () => ({ message: "Deleted" }), "Gone"));
    expect(said).toEqual({
      result: { ok: true, message: "Deleted", answer: { message: "Deleted" } },
      status: 200,
    });
    const fallback = answered(await runAdminAction(async () => ({ _id: "1" }), "Category saved"));
    expect(fallback.result).toMatchObject({ ok: true, message: "Category saved" });
  });

  it("lets the screen word the success from the answer", async () => {
    const { result } = answered(
      await runAdminAction(
        async () => ({ code: "EID10", isActive: false }),
        (answer) => `${(answer as { code: string }).code} deactivated`,
      ),
    );
    expect(result).toMatchObject({ ok: true, message: "EID10 deactivated" });
  });

  it("answers a refusal with its status, message, code and field errors", async () => {
    const refusal = new ApiError("Invalid input", 400, {
      code: "VALIDATION",
      errors: [
        { path: "settings.delivery.insideDhaka", message: "Too small" },
        { path: "name", message: "Required" },
        { path: "name", message: "Second message" },
      ],
      data: { message: "Invalid input" },
    });
    const { result, status } = answered(
      await runAdminAction(() => Promise.reject(refusal), "Saved"),
    );
    // A 4xx status: React Router does not load the screen's data again.
    expect(status).toBe(400);
    expect(result).toEqual({
      ok: false,
      message: "Invalid input",
      status: 400,
      code: "VALIDATION",
      fieldErrors: { settings: "Too small", name: "Required" },
      errors: refusal.errors,
    });
  });

  it("answers a request that got no answer as 503 with the client's message", async () => {
    const offline = new ApiError("The server took too long to answer", 0, {
      flags: { timeout: true },
    });
    const { result, status } = answered(await runAdminAction(() => Promise.reject(offline), "x"));
    expect(status).toBe(503);
    expect(result).toMatchObject({ ok: false, message: "The server took too long to answer" });
  });

  it("refuses an intent the route does not know", async () => {
    const { result, status } = answered(await unknownIntent("explode"));
    expect(status).toBe(400);
    expect(result).toMatchObject({ ok: false, message: 'Unknown action "explode"' });
  });
});

describe("reading and checking a submission", () => {
  it("reads a JSON submission", async () => {
    const request = new Request("http://shop.test/admin/categories", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ intent: "update", id: "abc", body: { name: "Men" } }),
    });
    expect(await readSubmission(request)).toEqual({
      intent: "update",
      id: "abc",
      body: { name: "Men" },
    });
  });

  it("reads a multipart submission and leaves intent and id out of the form sent on", async () => {
    const form = new FormData();
    form.set("intent", "create");
    form.set("id", "p1");
    form.set("title", "Tee");
    form.append("images", new File(["x"], "a.png", { type: "image/png" }));
    const submission = await readSubmission(
      new Request("http://shop.test/admin/products", { method: "POST", body: form }),
    );
    expect(submission.intent).toBe("create");
    expect(submission.id).toBe("p1");
    const sent = submittedForm(submission.body);
    expect([...sent.keys()]).toEqual(["title", "images"]);
    expect((sent.get("images") as File).name).toBe("a.png");
    expect(() => submittedForm({ title: "Tee" })).toThrow("Malformed multipart body");
  });

  it("parses a body with the form's schema, refusing it as the server would", () => {
    const Body = z.object({ name: z.string().trim().min(1, "Required"), sortOrder: z.number() });
    expect(parseSubmitted(Body, { name: " Men ", sortOrder: 2 })).toEqual({
      name: "Men",
      sortOrder: 2,
    });
    let refused: unknown;
    try {
      parseSubmitted(Body, { name: "", sortOrder: 1 });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    expect(serverFieldErrors(refused)).toEqual({ name: "Required" });
  });
});

describe("field errors: one reader for the storefront's forms and the back office", () => {
  const refusal = new ApiError("Invalid input", 400, {
    code: "VALIDATION",
    errors: [
      { path: "shippingAddress.mobile", message: "Enter a valid mobile number" },
      { path: "name", message: "Required" },
      { path: "name", message: "Second message" },
      { path: "", message: "Whole body" },
    ],
  });

  it("without a field list answers every field the server named, first message each", () => {
    expect(serverFieldErrors(refusal)).toEqual({
      shippingAddress: "Enter a valid mobile number",
      name: "Required",
    });
  });

  it("with a field list (and prefix) answers only the form's own fields", () => {
    expect(serverFieldErrors(refusal, ["name"])).toEqual({ name: "Required" });
    expect(serverFieldErrors(refusal, ["mobile"], "shippingAddress.")).toEqual({
      mobile: "Enter a valid mobile number",
    });
    expect(serverFieldErrors(new Error("offline"))).toEqual({});
  });
});
