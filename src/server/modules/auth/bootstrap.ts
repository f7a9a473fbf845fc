// Contract "Running the server": ADMIN_EMAIL/ADMIN_PASSWORD create that admin if
// missing; with neither set and no admin at all, admin@localhost gets a random
// password printed once.
import { eq, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { users } from "../../db/schema";
import { hashPassword, randomToken } from "../../lib/crypto";

export interface BootstrapResult {
  email: string;
  /** set only when this start created the account with a generated password */
  generatedPassword?: string;
  created: boolean;
}

export async function bootstrapAdmin(ctx: AppContext): Promise<BootstrapResult | null> {
  const { db, config } = ctx;
  if (config.adminEmail && config.adminPassword) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, config.adminEmail));
    if (existing) return { email: config.adminEmail, created: false };
    await db
      .insert(users)
      .values({
        email: config.adminEmail,
        password: await hashPassword(config.adminPassword),
        name: "Administrator",
        carrierName: config.productName,
        role: "admin",
        isAdmin: true,
        isApproved: true,
      })
      .onConflictDoNothing();
    return { email: config.adminEmail, created: true };
  }
  const [anyAdmin] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(users.role, "admin"), eq(users.isAdmin, true)))
    .limit(1);
  if (anyAdmin) return null;
  // random password that meets the password rules
  const password = `${randomToken(12)}aA1!`;
  const inserted = await db
    .insert(users)
    .values({
      email: "admin@localhost",
      password: await hashPassword(password),
      name: "Administrator",
      carrierName: config.productName,
      role: "admin",
      isAdmin: true,
      isApproved: true,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: { role: "admin", isAdmin: true, isApproved: true, password: sql`excluded.password` },
    })
    .returning({ id: users.id });
  return { email: "admin@localhost", generatedPassword: inserted.length ? password : undefined, created: true };
}
