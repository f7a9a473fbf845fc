// Throttling of sign-in, registration and forgot-password.
// Counters are rows in auth_attempts, so every server process on one database
// counts the same; all times come from ctx.clock so tests can move them.
import { and, count, eq, gt, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { authAttempts } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { MSG } from "../../../contract/messages";

const MINUTE = 60_000;

export interface ThrottleRule {
  /** the `kind` column: one counter family */
  kind: string;
  /** how many counted events the window allows */
  limit: number;
  windowMs: number;
}

/** contract: 10 failed sign-ins for one email within 15 minutes → 429 until the window passes */
export const LOGIN_FAILURES_PER_EMAIL: ThrottleRule = { kind: "login-fail-email", limit: 10, windowMs: 15 * MINUTE };
/** contract: likewise after 50 failures from one client address (same 15-minute window) */
export const LOGIN_FAILURES_PER_ADDRESS: ThrottleRule = { kind: "login-fail-ip", limit: 50, windowMs: 15 * MINUTE };
/** contract: registration at most 200 requests an hour from one client address */
export const REGISTER_PER_ADDRESS: ThrottleRule = { kind: "register-ip", limit: 200, windowMs: 60 * MINUTE };
/** contract: forgot-password at most 20 requests an hour from one client address */
export const FORGOT_PER_ADDRESS: ThrottleRule = { kind: "forgot-ip", limit: 20, windowMs: 60 * MINUTE };

/** the longest window: older rows count for nothing and may go */
const LONGEST_WINDOW_MS = 60 * MINUTE;

export const tooManyAttempts = () => new AppError(429, MSG.tooManyAttempts);

/** How many events of this rule's kind for this key fall inside the window ending now. */
export async function countAttempts(db: DbOrTx, rule: ThrottleRule, key: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - rule.windowMs);
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(eq(authAttempts.kind, rule.kind), eq(authAttempts.key, key), gt(authAttempts.createdAt, since)));
  return Number(row?.n ?? 0);
}

/** Whether the key has used up its window (the next attempt must be refused). */
export async function isThrottled(db: DbOrTx, rule: ThrottleRule, key: string, now: Date): Promise<boolean> {
  return (await countAttempts(db, rule, key, now)) >= rule.limit;
}

export async function recordAttempt(db: DbOrTx, rule: ThrottleRule, key: string, now: Date): Promise<void> {
  await db.insert(authAttempts).values({ kind: rule.kind, key, createdAt: now });
  // Opportunistic pruning: roughly one insert in fifty clears rows no window can see.
  if (Math.random() < 0.02) await pruneAttempts(db, now);
}

export async function pruneAttempts(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, new Date(now.getTime() - LONGEST_WINDOW_MS)));
}

/**
 * Count this request, then refuse it if it is over the limit. Recording first
 * means simultaneous requests on several processes each see the others: the
 * limit can be undershot under a race, never overshot.
 */
export async function takeRequestSlot(db: DbOrTx, rule: ThrottleRule, key: string, now: Date): Promise<void> {
  await recordAttempt(db, rule, key, now);
  if ((await countAttempts(db, rule, key, now)) > rule.limit) throw tooManyAttempts();
}
