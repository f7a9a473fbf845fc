// Queries of the available-loads email: the single schedule settings row, and
// the two lists the email is built from. (The send log is the mail outbox's:
// src/server/mail/mail.repository.ts.)
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { emailScheduleSettings, loads, users } from "../../db/schema";
import { onBoardWhere, ukToday } from "../loads/load-visibility";

export type EmailScheduleRow = typeof emailScheduleSettings.$inferSelect;

// One settings row for the whole system. A fixed id plus ON CONFLICT DO NOTHING
// means two processes creating it at once still end up with one row.
const SETTINGS_ID = "00000000-0000-4000-8000-000000000001";

/** The settings row, if one exists (the schedule tick never creates it). */
export async function findScheduleSettings(db: DbOrTx): Promise<EmailScheduleRow | undefined> {
  const [row] = await db.select().from(emailScheduleSettings).orderBy(asc(emailScheduleSettings.createdAt)).limit(1);
  return row;
}

/** The settings row, created with the defaults on first use. */
export async function ensureScheduleSettings(db: DbOrTx): Promise<EmailScheduleRow> {
  const existing = await findScheduleSettings(db);
  if (existing) return existing;
  await db.insert(emailScheduleSettings).values({ id: SETTINGS_ID }).onConflictDoNothing();
  return (await findScheduleSettings(db))!;
}

export async function updateScheduleSettings(
  db: DbOrTx,
  id: string,
  set: Pick<EmailScheduleRow, "enabled" | "frequency" | "time" | "daysOfWeek" | "updatedAt">,
): Promise<EmailScheduleRow> {
  const [row] = await db.update(emailScheduleSettings).set(set).where(eq(emailScheduleSettings.id, id)).returning();
  return row;
}

/**
 * Claim a slot: ONE conditional update, so among any number of processes exactly
 * one gets the row back and sends. At most one
 * scheduled send per business day: a slot is refused when the last claimed slot
 * has the same date (slots are "YYYY-MM-DDTHH:MM").
 */
export async function claimScheduleSlot(db: DbOrTx, id: string, slot: string, now: Date): Promise<boolean> {
  const day = slot.slice(0, 10);
  const rows = await db
    .update(emailScheduleSettings)
    .set({ lastSlot: slot, lastSentAt: now })
    .where(
      and(
        eq(emailScheduleSettings.id, id),
        eq(emailScheduleSettings.enabled, true),
        sql`${emailScheduleSettings.lastSlot} is distinct from ${slot}`,
        sql`(${emailScheduleSettings.lastSlot} is null or left(${emailScheduleSettings.lastSlot}, 10) <> ${day})`,
      ),
    )
    .returning({ id: emailScheduleSettings.id });
  return rows.length === 1;
}

/**
 * Available loads for the email: only the columns a carrier may see on an
 * available load — no postcode, address, contact,
 * reference or PO number is even read. Soonest pickup first; none whose pickup
 * day (UK) has ended at `now` (expired).
 */
export async function listAvailableLoadsForEmail(db: DbOrTx, now: Date) {
  return db
    .select({
      loadNumber: loads.loadNumber,
      pickupCity: loads.pickupCity,
      deliveryCity: loads.deliveryCity,
      pickupDate: loads.pickupDate,
      weight: loads.weight,
      distance: loads.distance,
      equipmentType: loads.equipmentType,
      price: loads.price,
    })
    .from(loads)
    // contract expiry: none whose pickup day (UK) has ended
    .where(onBoardWhere(ukToday(now)))
    .orderBy(sql`${loads.pickupDate} asc nulls last`, asc(loads.loadNumber));
}
export type EmailLoadLine = Awaited<ReturnType<typeof listAvailableLoadsForEmail>>[number];

/** Approved carriers (role carrier, not staff): the recipients of the available-loads email. */
export async function listApprovedCarriers(db: DbOrTx) {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.role, "carrier"), eq(users.isApproved, true), eq(users.isAdmin, false)))
    .orderBy(asc(users.email));
}
