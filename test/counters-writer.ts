// A seeded random writer of loads for the maintained-counter tests:
// every kind of write that moves GET /api/stats or the Carriers tab (creates, one
// or several per statement; accept, approve, complete, cancel, reset; deletes;
// price, pickup-date and acceptance-time edits; edits of several loads in one
// statement; a user's company renamed; a user deleted, which nulls acceptedBy by
// the foreign key), plus edits that must move nothing.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../src/server/db/client";
import { loads, users } from "../src/server/db/schema";

export interface WriterWorld {
  /** carrier accounts that may hold loads (deleted ones are dropped from here) */
  carriers: { id: string; carrierName: string | null }[];
  /** company spellings a load may name without any such member */
  extraNames: (string | null)[];
  /** pickup dates and acceptance times are drawn around this instant */
  now: Date;
  /** may delete users, rename companies and write many loads in one statement (not in the concurrent run) */
  touchUsers: boolean;
}

type Rnd = () => number;
const pick = <T>(rnd: Rnd, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
const HELD = ["accepted", "approved", "completed"] as const;
const STATUSES = ["available", "available", "available", ...HELD, "cancelled"] as const;

function price(rnd: Rnd): number {
  return Math.round(rnd() * 500_000) / 100;
}

/** a pickup instant a few UK days either side of now, on any hour (23:xx UTC is the next UK day in summer), or none */
function pickupDate(rnd: Rnd, now: Date): Date | null {
  if (rnd() < 0.1) return null;
  const hours = Math.floor((rnd() * 8 - 3) * 24);
  return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + hours * 3_600_000 + Math.floor(rnd() * 60) * 60_000);
}

function holder(rnd: Rnd, w: WriterWorld): { acceptedBy: string | null; acceptedByCarrier: string | null; acceptedAt: Date | null } {
  const acceptedAt = rnd() < 0.1 ? null : new Date(w.now.getTime() - Math.floor(rnd() * 30 * 86_400_000));
  const r = rnd();
  if (r < 0.15 || !w.carriers.length) return { acceptedBy: null, acceptedByCarrier: pick(rnd, w.extraNames), acceptedAt };
  const c = pick(rnd, w.carriers);
  // mostly the member's own company; sometimes none, another spelling or another company
  const name = r < 0.7 ? c.carrierName : r < 0.8 ? null : r < 0.9 ? ` ${(c.carrierName ?? "").toUpperCase()} ` : pick(rnd, w.extraNames);
  return { acceptedBy: c.id, acceptedByCarrier: name, acceptedAt };
}

function newLoad(rnd: Rnd, w: WriterWorld): typeof loads.$inferInsert {
  const status = pick(rnd, STATUSES);
  const held = (HELD as readonly string[]).includes(status) || (status === "cancelled" && rnd() < 0.5);
  return {
    loadNumber: `FN-CNT-${randomUUID().slice(0, 12)}`,
    status,
    pickupCity: "Leeds",
    deliveryCity: "Bristol",
    pickupDate: pickupDate(rnd, w.now),
    price: price(rnd),
    ...(held ? holder(rnd, w) : {}),
  };
}

async function someLoad(db: DbOrTx, rnd: Rnd, where = sql`true`): Promise<{ id: string; status: string } | undefined> {
  const rows = await db.select({ id: loads.id, status: loads.status }).from(loads).where(where);
  return rows.length ? pick(rnd, rows) : undefined;
}

/** One random write; returns what it did (for a failure message). */
export async function randomWrite(db: DbOrTx, rnd: Rnd, w: WriterWorld): Promise<string> {
  const r = rnd();
  const at = (p: number) => r < p;
  if (at(0.18)) {
    await db.insert(loads).values(newLoad(rnd, w));
    return "create";
  }
  if (at(0.24)) {
    const n = 2 + Math.floor(rnd() * 4);
    await db.insert(loads).values(Array.from({ length: n }, () => newLoad(rnd, w)));
    return `create ${n}`;
  }
  if (at(0.34)) {
    const l = await someLoad(db, rnd, sql`${loads.status} = 'available'`);
    if (l) await db.update(loads).set({ status: "accepted", ...holder(rnd, w) }).where(eq(loads.id, l.id));
    return "accept";
  }
  if (at(0.41)) {
    const l = await someLoad(db, rnd, sql`${loads.status} = 'accepted'`);
    if (l) await db.update(loads).set({ status: "approved" }).where(eq(loads.id, l.id));
    return "approve";
  }
  if (at(0.48)) {
    const l = await someLoad(db, rnd, sql`${loads.status} = 'approved'`);
    if (l) await db.update(loads).set({ status: "completed" }).where(eq(loads.id, l.id));
    return "complete";
  }
  if (at(0.53)) {
    const l = await someLoad(db, rnd, sql`${loads.status} <> 'completed'`);
    if (l) await db.update(loads).set({ status: "cancelled" }).where(eq(loads.id, l.id));
    return "cancel";
  }
  if (at(0.58)) {
    const l = await someLoad(db, rnd, sql`${loads.status} <> 'available'`);
    if (l) await db.update(loads).set({ status: "available", acceptedBy: null, acceptedByCarrier: null, acceptedAt: null }).where(eq(loads.id, l.id));
    return "reset";
  }
  if (at(0.64)) {
    const l = await someLoad(db, rnd);
    if (l) await db.delete(loads).where(eq(loads.id, l.id));
    return "delete";
  }
  if (at(0.72)) {
    const l = await someLoad(db, rnd);
    if (l) await db.update(loads).set({ price: price(rnd) }).where(eq(loads.id, l.id));
    return "price";
  }
  if (at(0.78)) {
    const l = await someLoad(db, rnd);
    if (l) await db.update(loads).set({ pickupDate: pickupDate(rnd, w.now) }).where(eq(loads.id, l.id));
    return "pickup date";
  }
  if (at(0.82)) {
    const l = await someLoad(db, rnd, sql`${loads.status} in ('accepted', 'approved', 'completed')`);
    if (l) await db.update(loads).set({ acceptedAt: holder(rnd, w).acceptedAt }).where(eq(loads.id, l.id));
    return "accepted at";
  }
  if (at(0.86) && w.touchUsers) {
    // one statement, many rows and several counter rows
    const status = pick(rnd, STATUSES);
    await db.update(loads).set({ price: sql`${loads.price} + 1.25` }).where(eq(loads.status, status));
    return `bulk price ${status}`;
  }
  if (at(0.89) && w.touchUsers) {
    const c = w.carriers.length ? pick(rnd, w.carriers) : undefined;
    if (c) await db.update(loads).set({ acceptedByCarrier: pick(rnd, w.extraNames) }).where(eq(loads.acceptedBy, c.id));
    return "bulk holder";
  }
  if (at(0.91) && w.touchUsers) {
    await db.update(loads).set({ status: "cancelled" }).where(sql`${loads.status} = 'available' and ${loads.pickupDate} < ${w.now}`);
    return "bulk cancel expired";
  }
  if (at(0.95)) {
    const l = await someLoad(db, rnd);
    if (l) await db.update(loads).set({ cargoType: `Steel ${Math.floor(rnd() * 100)}` }).where(eq(loads.id, l.id));
    return "edit uncounted field";
  }
  if (w.touchUsers && at(0.98) && w.carriers.length) {
    const c = pick(rnd, w.carriers);
    c.carrierName = pick(rnd, [...w.extraNames, ...w.carriers.map((x) => x.carrierName)]);
    await db.update(users).set({ carrierName: c.carrierName }).where(eq(users.id, c.id));
    return "rename company";
  }
  if (w.touchUsers && w.carriers.length > 2) {
    const c = pick(rnd, w.carriers);
    w.carriers = w.carriers.filter((x) => x !== c);
    await db.delete(users).where(eq(users.id, c.id));
    return "delete user";
  }
  return "nothing";
}
