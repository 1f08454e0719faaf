import { parseArgs } from "node:util";
import { z } from "zod";
import { getEnv } from "../server/env";
import { MAX_PASSWORD_BYTES } from "#contract/schemas/auth";
import { ensureAdmin, PROMOTED_ADMIN_NOTE } from "../server/seed/seed";
import { withDatabase } from "./lib/with-database";

// npm run admin:create -- --email owner@shop.com.bd --password 'a long secret'
// Without flags, ADMIN_EMAIL / ADMIN_PASSWORD are used. An existing account is promoted, and its
// password replaced by the one given (whoever registered the email first must not become admin).
const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" } },
});
const input = z
  .object({
    email: z.email(),
    password: z
      .string()
      .min(8, "password must have at least 8 characters")
      .refine(
        (value) => Buffer.byteLength(value) <= MAX_PASSWORD_BYTES,
        `password must be at most ${MAX_PASSWORD_BYTES} bytes`,
      ),
  })
  .safeParse({
    email: values.email ?? getEnv().ADMIN_EMAIL,
    password: values.password ?? getEnv().ADMIN_PASSWORD,
  });
if (!input.success) {
  console.error(
    input.error.issues.map((issue) => `✗ ${issue.path.join(".")}: ${issue.message}`).join("\n"),
  );
  process.exit(1);
}
await withDatabase(async () => {
  const result = await ensureAdmin(input.data.email, input.data.password);
  const words = {
    created: "created",
    promoted: PROMOTED_ADMIN_NOTE,
    unchanged: "already an admin",
  };
  console.log(`✓ ${input.data.email}: ${words[result]}`);
});
