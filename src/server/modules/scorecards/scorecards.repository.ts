// The scorecard's queries: its fact rows (written by the reactions in
// scorecard-facts.ts) and the reads of a scorecard, each by an index on
// (company_id, day), (postcode_area, stop, day) or day — never an aggregate of loads.
import { and, desc, eq, gte, isNull, lt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { companies, companyScorecards, loads, scorecardCompanyDays, scorecardClaims, scorecardInvoices, scorecardLoads, scorecardSiteVisits, users, type ScorecardLoadRow } from "../../db/schema";

// ---------------------------------------------------------------- facts

/** The company a carrier name (a company's name, as invoices match it) or else a user belongs to. */
export async function companyOfCarrier(db: DbOrTx, v: { name: string | null; userId: string | null }): Promise<string | null> {
  const key = (v.name ?? "").trim().toLowerCase();
  if (key) {
    const [byName] = await db.select({ id: companies.id }).from(companies).where(eq(companies.nameKey, key));
    if (byName) return byName.id;
  }
  if (!v.userId) return null;
  const [byUser] = await db.select({ id: users.companyId }).from(users).where(eq(users.id, v.userId));
  return byUser?.id ?? null;
}

/** What the figures need of the load itself. */
export async function loadTerms(db: DbOrTx, loadId: string) {
  const [row] = await db
    .select({
      loadNumber: loads.loadNumber,
      acceptedBy: loads.acceptedBy,
      acceptedByCarrier: loads.acceptedByCarrier,
      acceptedAt: loads.acceptedAt,
      pickupZip: loads.pickupZip,
      pickupDate: loads.pickupDate,
      pickupTimeType: loads.pickupTimeType,
      pickupStartTime: loads.pickupStartTime,
      pickupEndTime: loads.pickupEndTime,
      pickupSignedDate: loads.pickupSignedDate,
      deliveryZip: loads.deliveryZip,
      deliveryDate: loads.deliveryDate,
      deliveryTimeType: loads.deliveryTimeType,
      deliveryStartTime: loads.deliveryStartTime,
      deliveryEndTime: loads.deliveryEndTime,
      deliverySignedDate: loads.deliverySignedDate,
    })
    .from(loads)
    .where(eq(loads.id, loadId));
  return row;
}

const rowKey = (loadId: string, companyId: string) => and(eq(scorecardLoads.loadId, loadId), eq(scorecardLoads.companyId, companyId));

export async function findRow(db: DbOrTx, loadId: string, companyId: string): Promise<ScorecardLoadRow | undefined> {
  const [row] = await db.select().from(scorecardLoads).where(rowKey(loadId, companyId));
  return row;
}

export async function heldCompany(db: DbOrTx, loadId: string): Promise<string | null> {
  const [row] = await db
    .select({ companyId: scorecardLoads.companyId })
    .from(scorecardLoads)
    .where(and(eq(scorecardLoads.loadId, loadId), eq(scorecardLoads.held, true)));
  return row?.companyId ?? null;
}

/** No company holds the load any more; returns the companies that did. */
export async function releaseLoad(db: DbOrTx, loadId: string): Promise<string[]> {
  const rows = await db
    .update(scorecardLoads)
    .set({ held: false, updatedAt: sql`now()` })
    .where(and(eq(scorecardLoads.loadId, loadId), eq(scorecardLoads.held, true)))
    .returning({ companyId: scorecardLoads.companyId });
  return rows.map((r) => r.companyId);
}

/** A booking begins: the company holds the load, with no stops, POD or completion yet (a hand-back before stays counted). */
export async function startBooking(db: DbOrTx, v: { loadId: string; companyId: string; loadNumber: string; acceptedAt: Date | null }): Promise<void> {
  const fresh = {
    held: true,
    acceptedAt: v.acceptedAt,
    pickupArrivedAt: null,
    pickupDepartedAt: null,
    deliveryArrivedAt: null,
    deliveryDepartedAt: null,
    podSubmittedAt: null,
    completedAt: null,
    collection: "unknown",
    delivery: "unknown",
    podHours: null,
  };
  await db
    .insert(scorecardLoads)
    .values({ loadId: v.loadId, companyId: v.companyId, loadNumber: v.loadNumber, ...fresh })
    .onConflictDoUpdate({
      target: [scorecardLoads.loadId, scorecardLoads.companyId],
      set: { ...fresh, loadNumber: v.loadNumber, day: sql`case when ${scorecardLoads.handedBack} then ${scorecardLoads.day} end`, updatedAt: sql`now()` },
    });
}

/** The row of a company recording a stop, if the log has not given it one yet. */
export async function ensureRow(db: DbOrTx, v: { loadId: string; companyId: string; loadNumber: string }): Promise<void> {
  await db.insert(scorecardLoads).values(v).onConflictDoNothing();
}

export async function setStopTimes(db: DbOrTx, v: { loadId: string; companyId: string; stop: "pickup" | "delivery"; arrivedAt: Date | null; departedAt: Date | null }): Promise<void> {
  const set =
    v.stop === "pickup" ? { pickupArrivedAt: v.arrivedAt, pickupDepartedAt: v.departedAt } : { deliveryArrivedAt: v.arrivedAt, deliveryDepartedAt: v.departedAt };
  await db.update(scorecardLoads).set(set).where(rowKey(v.loadId, v.companyId));
}

/** The first POD counts: hours to POD are to the first one sent. */
export async function setFirst(db: DbOrTx, v: { loadId: string; companyId: string; column: "podSubmittedAt"; at: Date }): Promise<void> {
  await db
    .update(scorecardLoads)
    .set({ podSubmittedAt: sql`coalesce(${scorecardLoads.podSubmittedAt}, ${v.at.toISOString()}::timestamptz)` })
    .where(rowKey(v.loadId, v.companyId));
}

export async function setCompleted(db: DbOrTx, v: { loadId: string; companyId: string; at: Date; day: string }): Promise<void> {
  await db.update(scorecardLoads).set({ completedAt: v.at, day: v.day }).where(rowKey(v.loadId, v.companyId));
}

export async function setHandedBack(db: DbOrTx, v: { loadId: string; companyId: string; at: Date; day: string }): Promise<void> {
  await db.update(scorecardLoads).set({ handedBack: true, handedBackAt: v.at, day: v.day }).where(rowKey(v.loadId, v.companyId));
}

export async function setFigures(db: DbOrTx, v: { loadId: string; companyId: string; collection: string; delivery: string; podHours: number | null }): Promise<void> {
  await db
    .update(scorecardLoads)
    .set({ collection: v.collection, delivery: v.delivery, podHours: v.podHours, updatedAt: sql`now()` })
    .where(rowKey(v.loadId, v.companyId));
}

export async function saveVisit(db: DbOrTx, v: typeof scorecardSiteVisits.$inferInsert): Promise<void> {
  await db
    .insert(scorecardSiteVisits)
    .values(v)
    .onConflictDoUpdate({ target: [scorecardSiteVisits.loadId, scorecardSiteVisits.stop], set: { companyId: v.companyId, postcodeArea: v.postcodeArea, day: v.day, minutes: v.minutes } });
}

export async function deleteVisit(db: DbOrTx, loadId: string, stop: string): Promise<void> {
  await db.delete(scorecardSiteVisits).where(and(eq(scorecardSiteVisits.loadId, loadId), eq(scorecardSiteVisits.stop, stop)));
}

export async function saveClaim(db: DbOrTx, v: typeof scorecardClaims.$inferInsert): Promise<void> {
  const { claimId: _claimId, ...rest } = v;
  await db.insert(scorecardClaims).values(v).onConflictDoUpdate({ target: scorecardClaims.claimId, set: rest });
}

export async function saveInvoice(db: DbOrTx, v: typeof scorecardInvoices.$inferInsert): Promise<void> {
  const { invoiceId: _invoiceId, ...rest } = v;
  await db.insert(scorecardInvoices).values(v).onConflictDoUpdate({ target: scorecardInvoices.invoiceId, set: rest });
}

/** The invoice a new one replaces (voided), by its number. */
export async function deleteInvoiceNumbered(db: DbOrTx, number: string): Promise<void> {
  await db.delete(scorecardInvoices).where(eq(scorecardInvoices.number, number));
}

/** A load no longer completed: its unpaid invoice was voided (a paid one refuses the change). */
export async function deleteUnpaidInvoicesOf(db: DbOrTx, loadId: string): Promise<void> {
  await db.delete(scorecardInvoices).where(and(eq(scorecardInvoices.loadId, loadId), isNull(scorecardInvoices.paidOn)));
}

/** A merged company's facts follow it (a load both held keeps the other company's row). */
export async function moveCompany(db: DbOrTx, fromId: string, intoId: string): Promise<void> {
  await db.execute(
    sql`delete from ${scorecardLoads} s where s.company_id = ${fromId} and exists (select 1 from ${scorecardLoads} o where o.load_id = s.load_id and o.company_id = ${intoId})`,
  );
  await db.update(scorecardLoads).set({ companyId: intoId }).where(eq(scorecardLoads.companyId, fromId));
  await db.update(scorecardSiteVisits).set({ companyId: intoId }).where(eq(scorecardSiteVisits.companyId, fromId));
  await db.update(scorecardClaims).set({ companyId: intoId }).where(eq(scorecardClaims.companyId, fromId));
  await db.update(scorecardInvoices).set({ companyId: intoId }).where(eq(scorecardInvoices.companyId, fromId));
}

export async function deleteSummary(db: DbOrTx, companyId: string): Promise<void> {
  await db.delete(companyScorecards).where(eq(companyScorecards.companyId, companyId));
}

export async function saveSummary(db: DbOrTx, v: { companyId: string; onTimeDeliveryRate: number | null; podHoursMedian: number | null }): Promise<void> {
  await db
    .insert(companyScorecards)
    .values(v)
    .onConflictDoUpdate({ target: companyScorecards.companyId, set: { onTimeDeliveryRate: v.onTimeDeliveryRate, podHoursMedian: v.podHoursMedian, updatedAt: sql`now()` } });
}

/** Everything the log rebuilds, emptied first. */
export async function clearAll(db: DbOrTx): Promise<void> {
  for (const table of [scorecardLoads, scorecardCompanyDays, scorecardSiteVisits, scorecardClaims, scorecardInvoices, companyScorecards]) await db.delete(table);
}

// ---------------------------------------------------------------- reads

const inWindow = (companyId: string, w: { from: string; to: string }) =>
  and(eq(scorecardLoads.companyId, companyId), gte(scorecardLoads.day, w.from), lte(scorecardLoads.day, w.to));

/** The newest `limit` of those loads (the loads behind the figures). */
export async function companyLoadRows(db: DbOrTx, companyId: string, w: { from: string; to: string }, limit: number) {
  return db
    .select({
      id: scorecardLoads.loadId,
      loadNumber: scorecardLoads.loadNumber,
      completed: sql<boolean>`${scorecardLoads.completedAt} is not null`,
      handedBack: scorecardLoads.handedBack,
      collection: scorecardLoads.collection,
      delivery: scorecardLoads.delivery,
      podHours: scorecardLoads.podHours,
    })
    .from(scorecardLoads)
    .where(inWindow(companyId, w))
    .orderBy(desc(scorecardLoads.day), desc(scorecardLoads.loadNumber))
    .limit(limit);
}

/** A company's waiting-time claims submitted in the window. */
export async function companyClaimFigures(db: DbOrTx, companyId: string, w: { from: string; to: string }) {
  const [row] = await db
    .select({
      submitted: sql<number>`count(*)`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${scorecardClaims.status} = 'approved')`.mapWith(Number),
      amountApproved: sql<string>`coalesce(sum(${scorecardClaims.amountApproved}), 0)`.mapWith(Number),
    })
    .from(scorecardClaims)
    .where(and(eq(scorecardClaims.companyId, companyId), gte(scorecardClaims.day, w.from), lte(scorecardClaims.day, w.to)));
  return row;
}

export async function companyExists(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return row;
}

const pct = (p: number, col: unknown) => sql<string | null>`percentile_cont(${sql.raw(String(p))}) within group (order by ${col})`.mapWith((v) => (v === null ? null : Number(v)));

/** Days from issue to payment of the invoices paid in the window; the unpaid ones past due today. */
export async function invoiceFigures(db: DbOrTx, w: { from: string; to: string }) {
  const days = sql`(${scorecardInvoices.paidOn} - ${scorecardInvoices.issuedOn})`;
  const [paid] = await db
    .select({ median: pct(0.5, days), p90: pct(0.9, days) })
    .from(scorecardInvoices)
    .where(and(gte(scorecardInvoices.paidOn, w.from), lte(scorecardInvoices.paidOn, w.to)));
  const [overdue] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(scorecardInvoices)
    .where(and(isNull(scorecardInvoices.paidOn), lt(scorecardInvoices.dueOn, w.to)));
  return { median: paid?.median ?? null, p90: paid?.p90 ?? null, overdue: overdue?.n ?? 0 };
}

/** Claims submitted in the window: how many, how many decided and approved, median hours to decide. */
export async function claimFigures(db: DbOrTx, w: { from: string; to: string }) {
  const hours = sql`extract(epoch from (${scorecardClaims.decidedAt} - ${scorecardClaims.submittedAt})) / 3600`;
  const [row] = await db
    .select({
      submitted: sql<number>`count(*)`.mapWith(Number),
      decided: sql<number>`count(*) filter (where ${scorecardClaims.status} <> 'pending')`.mapWith(Number),
      approved: sql<number>`count(*) filter (where ${scorecardClaims.status} = 'approved')`.mapWith(Number),
      medianHours: sql<string | null>`percentile_cont(0.5) within group (order by ${hours}) filter (where ${scorecardClaims.decidedAt} is not null)`.mapWith((v) =>
        v === null ? null : Number(v),
      ),
    })
    .from(scorecardClaims)
    .where(and(gte(scorecardClaims.day, w.from), lte(scorecardClaims.day, w.to)));
  return row;
}

/** Waiting at each postcode area and stop with at least `minVisits` visits in the window, longest median first. */
export async function siteWaitingRows(db: DbOrTx, w: { from: string; to: string }, minVisits: number) {
  const median = pct(0.5, scorecardSiteVisits.minutes);
  return db
    .select({ postcodeArea: scorecardSiteVisits.postcodeArea, stop: scorecardSiteVisits.stop, visits: sql<number>`count(*)`.mapWith(Number), median })
    .from(scorecardSiteVisits)
    .where(and(gte(scorecardSiteVisits.day, w.from), lte(scorecardSiteVisits.day, w.to)))
    .groupBy(scorecardSiteVisits.postcodeArea, scorecardSiteVisits.stop)
    .having(sql`count(*) >= ${minVisits}`)
    .orderBy(sql`percentile_cont(0.5) within group (order by ${scorecardSiteVisits.minutes}) desc`, sql`count(*) desc`, scorecardSiteVisits.postcodeArea, scorecardSiteVisits.stop);
}

/** One area's visits at one stop since a day: how many, and the median minutes. */
export async function areaWaiting(db: DbOrTx, v: { postcodeArea: string; stop: string; from: string }) {
  const [row] = await db
    .select({ visits: sql<number>`count(*)`.mapWith(Number), median: pct(0.5, scorecardSiteVisits.minutes) })
    .from(scorecardSiteVisits)
    .where(and(eq(scorecardSiteVisits.postcodeArea, v.postcodeArea), eq(scorecardSiteVisits.stop, v.stop), gte(scorecardSiteVisits.day, v.from)));
  return row;
}

/** Every fact row, in a fixed order (the rebuild test compares them). */
export async function allFacts(db: DbOrTx) {
  const [l, d, v, c, i, s] = await Promise.all([
    db.select().from(scorecardLoads).orderBy(scorecardLoads.loadId, scorecardLoads.companyId),
    db.select().from(scorecardCompanyDays).orderBy(scorecardCompanyDays.companyId, scorecardCompanyDays.day),
    db.select().from(scorecardSiteVisits).orderBy(scorecardSiteVisits.loadId, scorecardSiteVisits.stop),
    db.select().from(scorecardClaims).orderBy(scorecardClaims.claimId),
    db.select().from(scorecardInvoices).orderBy(scorecardInvoices.invoiceId),
    db.select().from(companyScorecards).orderBy(companyScorecards.companyId),
  ]);
  return { loads: l, days: d, visits: v, claims: c, invoices: i, summaries: s };
}

export async function hasFacts(db: DbOrTx, companyId: string): Promise<boolean> {
  const [row] = await db.select({ one: sql`1` }).from(scorecardLoads).where(eq(scorecardLoads.companyId, companyId)).limit(1);
  return Boolean(row);
}

export const companyIdsWithFacts = async (db: DbOrTx): Promise<string[]> =>
  (await db.selectDistinct({ id: scorecardLoads.companyId }).from(scorecardLoads)).map((r) => r.id);
