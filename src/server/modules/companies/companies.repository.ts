// Queries of the carrier company record (repositories take a
// DbOrTx). A company's users are those whose
// carrierName matches its name ignoring case and surrounding spaces: `name_key`
// (lower(btrim(name))) is that match, unique. Bookings (loads.accepted_by_carrier)
// and members (users.carrier_name) keep the name as text, because carrier
// visibility compares names exactly (loads/load-visibility.ts); the functions
// that rename or merge keep every stored copy in step, in the caller's transaction.
import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx } from "../../db/client";
import { companies, companyDocuments, companyScorecards, loadEvents, loads, users, type CompanyRow, type UserRow } from "../../db/schema";
import { EXPIRING_WITHIN_DAYS, addDays, type CompanySortKey, type ComplianceStatus } from "../../../contract/schemas/company";

/** A company name as companies are matched: trimmed, case ignored (contract); the SQL twin is keySql. */
export const nameKeyOf = (name: string | null | undefined): string => (name ?? "").trim().toLowerCase();
const keySql = (col: typeof users.carrierName | typeof loads.acceptedByCarrier) => sql`lower(btrim(${col}))`;

/** ILIKE pattern for "contains", with the pattern characters taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type Lock = "update" | "key share";

/** `lock`: held to the end of the caller's transaction ("key share": the row may not be deleted or re-keyed meanwhile). */
export async function findCompanyById(db: DbOrTx, id: string, lock?: Lock): Promise<CompanyRow | undefined> {
  const q = db.select().from(companies).where(eq(companies.id, id)).limit(1);
  const [row] = lock ? await q.for(lock === "update" ? "update" : "key share") : await q;
  return row;
}

export async function findCompanyByKey(db: DbOrTx, key: string, lock?: Lock): Promise<CompanyRow | undefined> {
  const q = db.select().from(companies).where(eq(companies.nameKey, key)).limit(1);
  const [row] = lock ? await q.for(lock === "update" ? "update" : "key share") : await q;
  return row;
}

/** Another company already holding this name key (a rename would clash). */
export async function companyKeyTaken(db: DbOrTx, key: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.nameKey, key), ne(companies.id, exceptId)))
    .limit(1);
  return !!row;
}

/**
 * Create the company unless one with its name key exists: of any number of
 * simultaneous inserts of one name, in any process, exactly one creates it and
 * the others get undefined (and read the winner's row after it commits).
 */
export async function insertCompanyIfAbsent(db: DbOrTx, v: { name: string; now: Date }): Promise<CompanyRow | undefined> {
  const [row] = await db
    .insert(companies)
    .values({ name: v.name, nameKey: nameKeyOf(v.name), createdAt: v.now, updatedAt: v.now })
    .onConflictDoNothing({ target: companies.nameKey })
    .returning();
  return row;
}

/**
 * The spelling a new company takes for this key, when others already use it:
 * that of its earliest approved carrier (other than `exceptUserId`), else of its
 * latest booking (a company whose members have all gone). Undefined when none.
 */
export async function establishedSpelling(db: DbOrTx, key: string, exceptUserId: string): Promise<string | undefined> {
  const [member] = await db
    .select({ name: users.carrierName })
    .from(users)
    .where(and(eq(users.role, "carrier"), eq(users.isApproved, true), ne(users.id, exceptUserId), sql`${keySql(users.carrierName)} = ${key}`))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  if (member?.name) return member.name.trim();
  const [booking] = await db
    .select({ name: loads.acceptedByCarrier })
    .from(loads)
    .where(sql`${keySql(loads.acceptedByCarrier)} = ${key}`)
    .orderBy(sql`${loads.acceptedAt} desc nulls last`, asc(loads.id))
    .limit(1);
  return booking?.name?.trim() || undefined;
}

export async function updateCompanyRow(db: DbOrTx, id: string, set: Partial<typeof companies.$inferInsert>): Promise<CompanyRow | undefined> {
  const [row] = await db.update(companies).set(set).where(eq(companies.id, id)).returning();
  return row;
}

export async function deleteCompanyRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(companies).where(eq(companies.id, id));
}

/** Members per company (users linked to it), for these companies. */
export async function memberCounts(db: DbOrTx, companyIds: string[]): Promise<Map<string, number>> {
  if (!companyIds.length) return new Map();
  const rows = await db
    .select({ companyId: users.companyId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(users)
    .where(inArray(users.companyId, companyIds))
    .groupBy(users.companyId);
  return new Map(rows.map((r) => [r.companyId!, r.n]));
}

/** The user's row, held to the end of the caller's transaction (a move waits for a booking that holds it). */
export async function findUserForUpdate(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for("update");
  return row;
}

/** Link (or unlink) one user, under the company's spelling of the name. */
export async function setUserCompany(db: DbOrTx, userId: string, v: { companyId: string | null; carrierName?: string; now: Date }): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ companyId: v.companyId, ...(v.carrierName !== undefined ? { carrierName: v.carrierName } : {}), updatedAt: v.now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * Every user of these companies (linked to one of `companyIds`, or a carrier
 * whose carrierName has one of `keys`) takes `name` and, if approved, the
 * company `companyId`: a rename or a merge. Pending applicants of that name keep
 * no company until approved, but carry the new name so approval joins it.
 */
export async function renameMembers(db: DbOrTx, v: { companyIds: string[]; keys: string[]; companyId: string; name: string; now: Date }): Promise<number> {
  const rows = await db
    .update(users)
    .set({
      carrierName: v.name,
      companyId: sql`case when ${users.isApproved} then ${v.companyId}::uuid else ${users.companyId} end`,
      updatedAt: v.now,
    })
    .where(or(inArray(users.companyId, v.companyIds), and(eq(users.role, "carrier"), inArray(keySql(users.carrierName), v.keys))))
    .returning({ id: users.id });
  return rows.length;
}

export interface RenamedBooking {
  id: string;
  status: string;
  from: string;
}

/**
 * Every load booked under one of `keys` (any spelling) is booked under `name`,
 * so the company's members go on seeing it (carrier visibility compares the
 * name exactly). Loads already spelled `name` are left as they are.
 */
export async function renameBookings(db: DbOrTx, v: { keys: string[]; name: string; now: Date }): Promise<RenamedBooking[]> {
  // the old spelling, read in the same statement as the update (a CTE sees the rows before it)
  const rows = await queryRows<{ id: string; status: string; before: string }>(
    db,
    sql`
    with old as (
      select ${loads.id} as id, ${loads.acceptedByCarrier} as before from ${loads}
      where ${inArray(keySql(loads.acceptedByCarrier), v.keys)} and ${loads.acceptedByCarrier} is distinct from ${v.name}
      for update
    )
    update ${loads} set accepted_by_carrier = ${v.name}, updated_at = ${v.now.toISOString()}::timestamptz
    from old where ${loads.id} = old.id
    returning ${loads.id} as id, ${loads.status} as status, old.before as before`,
  );
  return rows.map((r) => ({ id: r.id, status: r.status, from: r.before }));
}

/**
 * One history row per renamed booking (the load's history: who changed what and
 * when), written in a few statements however many
 * loads a company holds. The status does not change; from and to name it.
 */
export async function recordBookingEvents(
  db: DbOrTx,
  v: { bookings: RenamedBooking[]; action: string; to: string; companyId: string; actor: Pick<UserRow, "id" | "name">; now: Date },
): Promise<void> {
  for (let i = 0; i < v.bookings.length; i += 500) {
    await db.insert(loadEvents).values(
      v.bookings.slice(i, i + 500).map((b) => ({
        loadId: b.id,
        actorId: v.actor.id,
        actorName: v.actor.name,
        action: v.action,
        fromStatus: b.status,
        toStatus: b.status,
        reason: `Carrier "${b.from}" is now "${v.to}"`,
        detail: { companyId: v.companyId, from: b.from, to: v.to },
        createdAt: v.now,
      })),
    );
  }
}

/** A merge: the source company's documents become the target's. */
export async function moveDocuments(db: DbOrTx, fromId: string, toId: string): Promise<number> {
  const rows = await db.update(companyDocuments).set({ companyId: toId }).where(eq(companyDocuments.companyId, fromId)).returning({ id: companyDocuments.id });
  return rows.length;
}

/**
 * Link every approved carrier to the company of their name, creating the missing
 * companies (in the earliest member's spelling), as migration 0008 did on upgrade:
 * for carriers written straight into the database (the demo data set). Idempotent.
 */
export async function linkApprovedCarriers(db: DbOrTx, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`
    insert into ${companies} (name, name_key, created_at, updated_at)
    select distinct on (lower(btrim(carrier_name))) btrim(carrier_name), lower(btrim(carrier_name)), created_at, ${at}::timestamptz
    from ${users}
    where role = 'carrier' and is_approved and btrim(coalesce(carrier_name, '')) <> ''
    order by lower(btrim(carrier_name)), created_at, id
    on conflict (name_key) do nothing`);
  await db.execute(sql`
    update ${users} u set company_id = c.id, updated_at = ${at}::timestamptz
    from ${companies} c
    where u.role = 'carrier' and u.is_approved and lower(btrim(u.carrier_name)) = c.name_key and u.company_id is distinct from c.id`);
}

// ---------------------------------------------------------------- the staff list

/**
 * A company's compliance status as SQL, for the list's filter and order only
 * (the items themselves are computed by complianceOf in the contract). It is the
 * same rule: for each required kind the verified document still good on `today`
 * that expires last; none → non_compliant; one expiring within 30 days →
 * expiring; else compliant. companies.test.ts checks the two agree.
 */
function complianceSql(today: string): SQL<ComplianceStatus> {
  const horizon = addDays(today, EXPIRING_WITHIN_DAYS);
  const d = companyDocuments;
  const latest = (kind: string) => sql`max(${d.expiresOn}) filter (where ${d.kind} = ${kind})`;
  return sql<ComplianceStatus>`(select case
      when ${latest("vehicle_insurance")} is null or ${latest("goods_in_transit")} is null then 'non_compliant'
      when ${latest("vehicle_insurance")} <= ${horizon}::date or ${latest("goods_in_transit")} <= ${horizon}::date then 'expiring'
      else 'compliant' end
    from ${d} where ${d.companyId} = ${companies.id} and ${d.status} = 'verified' and ${d.expiresOn} >= ${today}::date)`;
}

const memberCountSql = sql<number>`(select count(*)::int from ${users} where ${users.companyId} = ${companies.id})`;

export interface CompanyListOptions {
  search?: string;
  compliance?: ComplianceStatus;
  sort: { key: CompanySortKey; desc: boolean };
  today: string;
  limit: number;
  offset: number;
}

/** GET /api/companies: one page of companies in the asked order, and the total before paging. */
export async function listCompanyRows(db: DbOrTx, q: CompanyListOptions): Promise<{ rows: CompanyRow[]; total: number }> {
  const status = complianceSql(q.today);
  const where = and(q.search ? ilike(companies.name, containsPattern(q.search)) : undefined, q.compliance ? sql`${status} = ${q.compliance}` : undefined);
  const byName = [sql`lower(${companies.name}) collate "C"`, companies.name];
  const dir = (e: SQL | typeof companies.createdAt) => (q.sort.desc ? desc(e) : asc(e));
  const order: (SQL | ReturnType<typeof asc>)[] = {
    name: () => byName.map((e) => dir(e as SQL)),
    memberCount: () => [dir(memberCountSql), ...byName.map((e) => asc(e as SQL))],
    // worst first ascending: the companies that need attention
    compliance: () => [dir(sql`case ${status} when 'non_compliant' then 0 when 'expiring' then 1 else 2 end`), ...byName.map((e) => asc(e as SQL))],
    createdAt: () => [dir(companies.createdAt), ...byName.map((e) => asc(e as SQL))],
    // the scorecard's summary (modules/scorecards keeps it); companies with none last either way
    onTimeDelivery: () => [sql`${scoreSql("on_time_delivery_rate")} ${sql.raw(q.sort.desc ? "desc" : "asc")} nulls last`, ...byName.map((e) => asc(e as SQL))],
    podHours: () => [sql`${scoreSql("pod_hours_median")} ${sql.raw(q.sort.desc ? "desc" : "asc")} nulls last`, ...byName.map((e) => asc(e as SQL))],
  }[q.sort.key]();
  const [{ n: total }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(companies).where(where);
  const rows = await db
    .select()
    .from(companies)
    .where(where)
    .orderBy(...order, asc(companies.id))
    .limit(q.limit)
    .offset(q.offset);
  return { rows, total };
}

/** One figure of the company's scorecard summary, for the list's order. */
const scoreSql = (column: "on_time_delivery_rate" | "pod_hours_median") =>
  sql`(select ${sql.raw(`s.${column}`)} from ${companyScorecards} s where s.company_id = ${companies.id})`;

/** The scorecard summaries of these companies (GET /api/companies items). */
export async function scoreSummaries(db: DbOrTx, companyIds: string[]): Promise<Map<string, { onTimeDeliveryRate: number | null; podHoursMedian: number | null }>> {
  if (!companyIds.length) return new Map();
  const rows = await db.select().from(companyScorecards).where(inArray(companyScorecards.companyId, companyIds));
  return new Map(rows.map((r) => [r.companyId, { onTimeDeliveryRate: r.onTimeDeliveryRate, podHoursMedian: r.podHoursMedian }]));
}

/** The company records of these name keys (the Carriers tab names companies by name). */
export async function companiesByKeys(db: DbOrTx, keys: string[]): Promise<Map<string, CompanyRow>> {
  if (!keys.length) return new Map();
  const rows = await db.select().from(companies).where(inArray(companies.nameKey, keys));
  return new Map(rows.map((r) => [r.nameKey, r]));
}
