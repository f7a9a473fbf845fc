// The notifications tables' queries (modules/notifications): rows, the bell's page
// and unread count, marking read, email preferences, the signing secret.
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { appSecrets, notificationPreferences, notifications, users, type NotificationRow } from "../../db/schema";

export async function insertNotifications(
  db: DbOrTx,
  rows: { userId: string; type: string; title: string; body: string; loadId: string | null; data?: Record<string, unknown> | null; createdAt: Date }[],
): Promise<NotificationRow[]> {
  if (!rows.length) return [];
  return db.insert(notifications).values(rows).returning();
}

export async function listNotificationRows(
  db: DbOrTx,
  opts: { userId: string; unread: boolean; limit: number; offset: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, opts.userId), opts.unread ? isNull(notifications.readAt) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function countNotifications(db: DbOrTx, opts: { userId: string; unread: boolean }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, opts.userId), opts.unread ? isNull(notifications.readAt) : undefined));
  return Number(row?.n ?? 0);
}

/** Marks the user's own unread notifications read (all of them without ids); others' ids match nothing. */
export async function markRead(db: DbOrTx, opts: { userId: string; ids?: string[]; now: Date }): Promise<number> {
  if (opts.ids && !opts.ids.length) return 0;
  const rows = await db
    .update(notifications)
    .set({ readAt: opts.now })
    .where(
      and(
        eq(notifications.userId, opts.userId),
        isNull(notifications.readAt),
        opts.ids ? inArray(notifications.id, opts.ids) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Approved staff users (every staff user is told of acceptances, bids, POD and registrations). */
export async function listStaffIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isApproved, true), or(eq(users.role, "admin"), eq(users.role, "manager"), eq(users.isAdmin, true))));
  return rows.map((r) => r.id);
}

export async function findRecipients(db: DbOrTx, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.id, ids));
}

/** The users among `ids` who turned email of `type` off. */
export async function emailOffAmong(db: DbOrTx, type: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.type, type), eq(notificationPreferences.email, false), inArray(notificationPreferences.userId, ids)));
  return new Set(rows.map((r) => r.userId));
}

export async function listPreferenceRows(db: DbOrTx, userId: string) {
  return db
    .select({ type: notificationPreferences.type, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function upsertPreferences(db: DbOrTx, userId: string, values: { type: string; email: boolean }[], now: Date): Promise<void> {
  if (!values.length) return;
  await db
    .insert(notificationPreferences)
    .values(values.map((v) => ({ userId, type: v.type, email: v.email, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: { email: sql`excluded.email`, updatedAt: sql`excluded.updated_at` },
    });
}

export async function userExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return !!row;
}

/** A secret made once per database (the first process to ask makes it; every process then reads the same). */
export async function ensureSecret(db: DbOrTx, name: string): Promise<string> {
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
