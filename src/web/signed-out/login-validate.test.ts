// The prerendered sign-in page checks its form without zod: the same answers as
// the contract's loginSchema, field by field, on the inputs that matter.
import { describe, expect, it } from "vitest";
import { loginSchema } from "@contract/schemas/user";
import { validateLogin } from "./login-validate";

const emails = ["", " ", "a", "a@", "@b", "a@b", "admin@localhost", " bob@example.com ", "bob@example..com", "bob@-x.com", "bob smith@x.com", `${"a".repeat(250)}@x.com`, "ümlaut@x.com", "o'neil@haulage.co.uk"];
const passwords = ["", " ", "x", "Bench!2026pass", "p".repeat(200), "p".repeat(201)];

describe("sign-in form checks (no zod) against loginSchema", () => {
  for (const email of emails) {
    for (const password of passwords) {
      it(`${JSON.stringify(email).slice(0, 30)} / ${password.length} chars`, () => {
        const zod = loginSchema.safeParse({ email, password });
        const ours = validateLogin({ email, password });
        expect(ours.ok).toBe(zod.success);
        if (zod.success && ours.ok) expect(ours.data).toEqual(zod.data);
        if (!zod.success && !ours.ok) {
          // react-hook-form shows the first message per field
          const first: Record<string, string> = {};
          for (const issue of zod.error.issues) first[String(issue.path[0])] ??= issue.message;
          expect(ours.errors).toEqual(first);
        }
      });
    }
  }
});
