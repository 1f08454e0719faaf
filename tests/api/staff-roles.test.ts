import request from "supertest";
import { beforeAll, describe, expect, it } from "vitest";
import { Order } from "../../models/order.model";
import { Product } from "../../models/product.model";
import { PromoCode } from "../../models/promo-code.model";
import { User } from "../../models/user.model";
import { createApp } from "../../server/app";
import { makeAdminsOwners, MIGRATION_NAMES } from "../../server/db/migrations";
import {
  PERMISSIONS,
  ROLE_LABELS,
  ROLE_PERMISSIONS,
  STAFF_ROLES,
  roleAllows,
  type Permission,
  type StaffRole,
} from "../../contract/staff-roles";
import { clearDatabase } from "../setup/db";
import { bearer, createAdmin, createUser } from "../factories/user";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";

let app: ReturnType<typeof createApp>;
type Operation = { "x-permission"?: Permission | Permission[]; description?: string };
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  app = createApp();
  paths = (await request(app).get("/api/openapi.json")).body.paths;
});

/** A staff member of each role, signed in. */
async function staffOfEveryRole(): Promise<Record<StaffRole, string>> {
  const tokens = {} as Record<StaffRole, string>;
  for (const role of STAFF_ROLES) tokens[role] = (await createAdmin({ staffRole: role })).token;
  return tokens;
}

const refusal = (role: StaffRole, permission: Permission) => ({
  message: `Access denied - the ${ROLE_LABELS[role]} role does not have the "${permission}" permission`,
  code: "PERMISSION_DENIED",
});

/** A well-formed value for each path parameter the admin routes take. */
const PARAMETER_VALUES: Record<string, string> = {
  status: "confirmed",
  mobile: "01712345678",
  phone: "01712345678",
  courier: "steadfast",
  payoutId: "1",
  slug: "about-us",
};
const concretePath = (path: string) =>
  path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => PARAMETER_VALUES[name] ?? "0123456789abcdef01234567",
  );

function adminOperations() {
  return Object.entries(paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([, operation]) => operation["x-permission"] !== undefined)
      .map(([method, operation]) => ({
        path,
        method: method as "get" | "post" | "put" | "patch" | "delete",
        permissions: [operation["x-permission"]!].flat(),
        operation,
      })),
  );
}

describe("the roles and their permissions", () => {
  it("every admin path names a permission, in the document's x-permission and description", () => {
    const admin = Object.entries(paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
    );
    const adminPaths = admin.filter(({ path }) => path.startsWith("/api/admin/"));
    expect(adminPaths.length).toBeGreaterThan(80);
    for (const { path, method, operation } of adminPaths) {
      expect(operation["x-permission"], `${method} ${path}`).toBeDefined();
      expect(operation.description, `${method} ${path}`).toMatch(/^Staff permission: /);
    }
    for (const { permissions } of adminOperations())
      for (const permission of permissions) expect(PERMISSIONS).toContain(permission);
  });

  it("gives the owner everything and only the owner the staff", () => {
    expect([...ROLE_PERMISSIONS.owner]).toEqual([...PERMISSIONS]);
    for (const role of STAFF_ROLES) {
      expect(roleAllows(role, "backOffice.enter")).toBe(true);
      expect(roleAllows(role, "staff.manage")).toBe(role === "owner");
    }
  });
});

describe("every admin route against every role", () => {
  it("refuses with 403 and the permission's message where the role lacks it, lets the others through", async () => {
    await clearDatabase();
    const tokens = await staffOfEveryRole();
    const operations = adminOperations();
    let refused = 0;
    let allowed = 0;
    for (const { path, method, permissions } of operations)
      for (const role of STAFF_ROLES) {
        const holds = permissions.filter((permission) => roleAllows(role, permission));
        // A route of several permissions that the role partly holds decides by its input (below).
        if (holds.length > 0 && holds.length < permissions.length) continue;
        const answer = await request(app)
          [method](concretePath(path))
          .set(bearer(tokens[role]))
          .send({});
        const where = `${role} ${method} ${path}`;
        if (holds.length === 0) {
          expect(answer.status, where).toBe(403);
          expect(answer.body, where).toEqual(refusal(role, permissions[0]));
          refused++;
        } else {
          expect(answer.status, where).not.toBe(403);
          expect(answer.status, where).toBeLessThan(500);
          allowed++;
        }
      }
    // Both kinds really happen: a table that lets everyone through, or no one, proves nothing.
    expect(refused).toBeGreaterThan(200);
    expect(allowed).toBeGreaterThan(100);
  }, 120_000);

  it("changes nothing when a role is refused a write", async () => {
    await clearDatabase();
    const tokens = await staffOfEveryRole();
    const product = await createProduct();
    const order = await createOrder();
    const tries = [
      request(app)
        .delete(`/api/admin/products/${String(product._id)}`)
        .set(bearer(tokens.packer)),
      request(app)
        .put(`/api/admin/orders/${String(order._id)}/confirmed`)
        .set(bearer(tokens.catalogue)),
      request(app)
        .post("/api/admin/promo-codes")
        .set(bearer(tokens.accountant))
        .send({ code: "STAFF10", discountType: "percentage", discountValue: 10 }),
      request(app)
        .put(`/api/admin/orders/${String(order._id)}/confirmed`)
        .set(bearer(tokens.packer)),
      request(app)
        .put(`/api/admin/orders/${String(order._id)}/cancelled`)
        .set(bearer(tokens.accountant)),
      request(app)
        .delete(`/api/admin/orders/${String(order._id)}`)
        .set(bearer(tokens.orderDesk)),
      request(app)
        .post("/api/admin/staff")
        .set(bearer(tokens.manager))
        .send({ firstName: "Rina", email: "rina@example.com", role: "owner" }),
    ];
    for (const answer of await Promise.all(tries)) {
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe("PERMISSION_DENIED");
    }
    expect(await Product.exists({ _id: product._id })).toBeTruthy();
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("PLACED");
    expect(await PromoCode.countDocuments()).toBe(0);
    expect(await User.exists({ email: "rina@example.com" })).toBeNull();
  });

  it("moves an order by the status's own permission: the packer ships, the order desk confirms", async () => {
    await clearDatabase();
    const tokens = await staffOfEveryRole();
    const order = await createOrder();
    const move = (role: StaffRole, status: string) =>
      request(app)
        .put(`/api/admin/orders/${String(order._id)}/${status}`)
        .set(bearer(tokens[role]));
    const packerConfirms = await move("packer", "confirmed");
    expect(packerConfirms.status).toBe(403);
    expect(packerConfirms.body).toEqual(refusal("packer", "orders.confirm"));
    expect((await move("orderDesk", "confirmed")).status).toBe(200);
    const deskShips = await move("orderDesk", "shipped");
    expect(deskShips.body).toEqual(refusal("orderDesk", "orders.ship"));
    expect((await Order.findById(order._id).lean())!.orderStatus).toBe("CONFIRMED");
    const bulk = await request(app)
      .post("/api/admin/orders/bulk")
      .set(bearer(tokens.packer))
      .send({ action: "cancel", orderIds: [String(order._id)] });
    expect(bulk.status).toBe(403);
    expect(bulk.body).toEqual(refusal("packer", "orders.confirm"));
  });

  it("answers the admin check with the role and its permissions, for any staff member", async () => {
    await clearDatabase();
    const { token } = await createAdmin({ staffRole: "packer" });
    const answer = await request(app).get("/api/users/verify-admin").set(bearer(token));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      isAdmin: true,
      role: "packer",
      permissions: [
        "backOffice.enter",
        "orders.read",
        "orders.print",
        "orders.pack",
        "orders.ship",
      ],
      adminLocale: "en",
    });
    const customer = await createUser();
    const refused = await request(app).get("/api/users/verify-admin").set(bearer(customer.token));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: "Access denied - admin privileges required",
      code: "FORBIDDEN",
    });
  });
});

describe("the Customers screen and staff accounts", () => {
  it("lets only the owner touch a staff member's account there, and never take them off the staff", async () => {
    await clearDatabase();
    const { user: owner, token: ownerToken } = await createAdmin();
    const { token: managerToken } = await createAdmin({ staffRole: "manager" });
    const hijack = await request(app)
      .post(`/api/users/admin/customers/${String(owner._id)}/reset-password`)
      .set(bearer(managerToken))
      .send({ newPassword: "hijacked-123" });
    expect(hijack.status).toBe(403);
    expect(hijack.body).toEqual({
      message: "Only the owner can change a staff member's account or make someone staff",
      code: "PERMISSION_DENIED",
    });
    const { user: customer } = await createUser();
    const promoteByManager = await request(app)
      .put(`/api/users/admin/customers/${String(customer._id)}`)
      .set(bearer(managerToken))
      .send({ role: "ADMIN" });
    expect(promoteByManager.status).toBe(403);
    const promoted = await request(app)
      .put(`/api/users/admin/customers/${String(customer._id)}`)
      .set(bearer(ownerToken))
      .send({ role: "ADMIN" });
    expect(promoted.status).toBe(200);
    expect((await User.findById(customer._id).lean())!.staffRole).toBe("packer");
    const removed = await request(app)
      .delete(`/api/users/admin/customers/${String(customer._id)}`)
      .set(bearer(ownerToken));
    expect(removed.status).toBe(400);
    expect(removed.body.message).toBe("Take people off the staff on the Staff screen");
  });
});

describe("the admins-become-owners migration", () => {
  it("makes each admin without a role an owner, keeps given roles, and does nothing the second time", async () => {
    await clearDatabase();
    const legacy = await User.collection.insertOne({
      firstName: "Old",
      lastName: "Admin",
      email: "old-admin@example.com",
      role: "ADMIN",
      tokenVersion: 0,
    });
    const { user: manager } = await createAdmin({ staffRole: "manager" });
    const { user: customer } = await createUser();
    expect(MIGRATION_NAMES).toContain("2026-11-admins-become-owners");
    expect(await makeAdminsOwners()).toBe(1);
    expect(await makeAdminsOwners()).toBe(0);
    expect((await User.findById(legacy.insertedId).lean())!.staffRole).toBe("owner");
    expect((await User.findById(manager._id).lean())!.staffRole).toBe("manager");
    expect((await User.findById(customer._id).lean())!.staffRole ?? null).toBeNull();
  });
});
