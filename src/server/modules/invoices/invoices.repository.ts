// Drizzle queries of self-billing invoices. Every function takes the database or the caller's open
// transaction; amounts stay numeric text until the service turns them into money.
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import { queryRows, type DbOrTx, type Tx } from "../../db/client";
import { companies, invoiceSettings, invoices, loads, users, waitingClaims, type InvoiceRow, type LoadRow } from "../../db/schema";
import { DEFAULT_PAYMENT_TERMS_DAYS, type InvoiceSettings, type InvoiceStatus } from "../../../contract/schemas/invoice";

// ---------------------------------------------------------------- settings

export async function readInvoiceSettings(db: DbOrTx): Promise<InvoiceSettings> {
  const [row] = await db.select().from(invoiceSettings).where(eq(invoiceSettings.id, 1));
  return {
    paymentTermsDays: row?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS,
    companyName: row?.companyName ?? "",
    companyAddress: row?.companyAddress ?? "",
    companyVatNumber: row?.companyVatNumber ?? "",
  };
}

export async function writeInvoiceSettings(db: DbOrTx, v: InvoiceSettings, now: Date): Promise<void> {
  await db
    .insert(invoiceSettings)
    .values({ id: 1, ...v, updatedAt: now })
    .onConflictDoUpdate({ target: invoiceSettings.id, set: { ...v, updatedAt: now } });
}

// ---------------------------------------------------------------- raising

/**
 * Draw the next number of the year's gapless sequence and insert the invoice with
 * it, in one statement. The counter row stays locked by its UPDATE until the
 * caller's transaction ends: a second completion waits here, and a rollback gives
 * the number back (schema.ts invoiceCounters). One statement, so the lock is held
 * for that statement and the commit only. `SB-{year}-` and at least 5 digits.
 */
export async function insertNumberedInvoice(tx: Tx, year: number, v: Omit<typeof invoices.$inferInsert, "number" | "id">): Promise<InvoiceRow> {
  const [row] = await queryRows<{ id: string; number: string }>(
    tx,
    sql`with seq as (
          insert into invoice_counters (year, last) values (${year}, 1)
          on conflict (year) do update set last = invoice_counters.last + 1
          returning last
        )
        insert into invoices (number, load_id, company_id, carrier_name, carrier_vat_number, lines, claim_id, net, vat_rate, vat, gross, issued_on, due_on, status, created_at, updated_at)
        select ${`SB-${year}-`} || lpad(seq.last::text, greatest(5, length(seq.last::text)), '0'),
               ${v.loadId}::uuid, ${v.companyId ?? null}::uuid, ${v.carrierName}, ${v.carrierVatNumber ?? ""},
               ${JSON.stringify(v.lines ?? [])}::jsonb, ${v.claimId ?? null}::uuid,
               ${v.net}::numeric, ${v.vatRate}::numeric, ${v.vat}::numeric, ${v.gross}::numeric,
               ${v.issuedOn}::date, ${v.dueOn}::date, ${v.status ?? "issued"},
               ${iso(v.createdAt)}::timestamptz, ${iso(v.updatedAt)}::timestamptz
        from seq
        returning id, number`,
  );
  const at = v.createdAt ?? new Date();
  return {
    id: row.id,
    number: row.number,
    loadId: v.loadId,
    companyId: v.companyId ?? null,
    carrierName: v.carrierName,
    carrierVatNumber: v.carrierVatNumber ?? "",
    lines: v.lines ?? [],
    claimId: v.claimId ?? null,
    net: v.net,
    vatRate: v.vatRate,
    vat: v.vat,
    gross: v.gross,
    issuedOn: v.issuedOn,
    dueOn: v.dueOn,
    status: v.status ?? "issued",
    paidOn: null,
    paymentReference: null,
    voidedAt: null,
    createdAt: at,
    updatedAt: v.updatedAt ?? at,
  };
}

const iso = (d: Date | undefined) => (d ?? new Date()).toISOString();

export interface CarrierCompany {
  id: string;
  name: string;
  vatNumber: string;
}

/**
 * The carrier company that delivered the load: the company whose name is the
 * load's carrier name (case and surrounding spaces aside, as companies match
 * members), else the company of the user who accepted it. Read FOR SHARE, so a
 * rename or a VAT number change waits for the invoice that copies them.
 */
export async function carrierCompanyOf(tx: DbOrTx, load: Pick<LoadRow, "acceptedByCarrier" | "acceptedBy">): Promise<CarrierCompany | undefined> {
  const cols = { id: companies.id, name: companies.name, vatNumber: companies.vatNumber };
  const key = (load.acceptedByCarrier ?? "").trim().toLowerCase();
  if (key) {
    const [byName] = await tx.select(cols).from(companies).where(eq(companies.nameKey, key)).for("share");
    if (byName) return byName;
  }
  if (!load.acceptedBy) return undefined;
  const [byUser] = await tx.select(cols).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, load.acceptedBy)).for("share", { of: companies });
  return byUser;
}

/** The load's own live (not void) invoice, locked; at most one (invoices_live_load_key). Its claims' own invoices are not it. */
export async function lockLiveInvoice(tx: Tx, loadId: string): Promise<InvoiceRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.loadId, loadId), ne(invoices.status, "void"), isNull(invoices.claimId)))
    .for("update");
  return row;
}

/** An approved waiting-time claim as its invoice line needs it. */
export interface ApprovedClaim {
  id: string;
  companyId: string;
  stop: string;
  chargeableMinutes: number;
  freeMinutes: number;
  /** 2-decimal text: what staff approved */
  amount: string;
}

/**
 * The load's approved waiting-time claims of `companyId` that no invoice of their own carries,
 * pickup before delivery. Read straight from the waiting_claims table (the claims
 * module writes it): invoices never import the claims module, which imports
 * invoices' money and the carrier-company rule, so the two cannot form a loop.
 */
export async function approvedClaimsOf(db: DbOrTx, loadId: string, companyId: string): Promise<ApprovedClaim[]> {
  const own = db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.claimId, waitingClaims.id), ne(invoices.status, "void")));
  const rows = await db
    .select({ id: waitingClaims.id, companyId: waitingClaims.companyId, stop: waitingClaims.stop, chargeableMinutes: waitingClaims.chargeableMinutes, freeMinutes: waitingClaims.freeMinutes, amount: waitingClaims.decidedAmount })
    .from(waitingClaims)
    .where(and(eq(waitingClaims.loadId, loadId), eq(waitingClaims.companyId, companyId), eq(waitingClaims.status, "approved"), sql`not exists (${own})`))
    .orderBy(sql`(${waitingClaims.stop} = 'pickup') desc`, asc(waitingClaims.decidedAt));
  return rows.map((r) => ({ ...r, amount: r.amount ?? "0.00" }));
}

/** One approved claim, as approvedClaimsOf reads it. */
export async function findApprovedClaim(db: DbOrTx, claimId: string): Promise<ApprovedClaim | undefined> {
  const [row] = await db
    .select({ id: waitingClaims.id, companyId: waitingClaims.companyId, stop: waitingClaims.stop, chargeableMinutes: waitingClaims.chargeableMinutes, freeMinutes: waitingClaims.freeMinutes, amount: waitingClaims.decidedAmount })
    .from(waitingClaims)
    .where(and(eq(waitingClaims.id, claimId), eq(waitingClaims.status, "approved")));
  return row ? { ...row, amount: row.amount ?? "0.00" } : undefined;
}

export async function voidInvoiceRow(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.update(invoices).set({ status: "void", voidedAt: now, updatedAt: now }).where(eq(invoices.id, id));
}

/** The approved members of a company: whom invoice_issued and invoice_paid tell. */
export async function companyMemberIds(db: DbOrTx, companyId: string | null): Promise<string[]> {
  if (!companyId) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.isApproved, true)));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------- reading

/** An invoice with its load's number (the list, the detail, the statement). */
export type InvoiceWithLoad = InvoiceRow & { loadNumber: string };

const withLoadNumber = { ...getTableColumns(invoices), loadNumber: loads.loadNumber };

export interface InvoiceFilter {
  /** a carrier: their company's only (null: none at all); staff: undefined */
  companyId?: string | null;
  status?: InvoiceStatus;
  /** part of the carrier's name, any case */
  carrier?: string;
  from?: string;
  to?: string;
  /** true: issued and due before today; false: not that */
  overdue?: boolean;
  today: string;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function invoiceWhere(f: InvoiceFilter): SQL | undefined {
  const overdue = and(eq(invoices.status, "issued"), lt(invoices.dueOn, f.today));
  return and(
    f.companyId === null ? sql`false` : f.companyId !== undefined ? eq(invoices.companyId, f.companyId) : undefined,
    f.status ? eq(invoices.status, f.status) : undefined,
    f.carrier ? sql`${invoices.carrierName} ilike ${`%${likeEscape(f.carrier)}%`}` : undefined,
    f.from ? gte(invoices.issuedOn, f.from) : undefined,
    f.to ? lte(invoices.issuedOn, f.to) : undefined,
    f.overdue === true ? overdue : f.overdue === false ? sql`not (${overdue})` : undefined,
  );
}

/** Newest first: issue day, then number (a longer number is a later one). */
const NEWEST = [desc(invoices.issuedOn), desc(sql`length(${invoices.number})`), desc(invoices.number)];

export async function listInvoiceRows(db: DbOrTx, where: SQL | undefined, page: { limit: number; offset: number }): Promise<InvoiceWithLoad[]> {
  return db
    .select(withLoadNumber)
    .from(invoices)
    .innerJoin(loads, eq(loads.id, invoices.loadId))
    .where(where)
    .orderBy(...NEWEST)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countInvoiceRows(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(invoices).where(where);
  return Number(row.n);
}

export async function findInvoice(db: DbOrTx, id: string): Promise<InvoiceWithLoad | undefined> {
  const [row] = await db.select(withLoadNumber).from(invoices).innerJoin(loads, eq(loads.id, invoices.loadId)).where(eq(invoices.id, id));
  return row;
}

/** What the invoice PDF prints of its load. */
export type InvoiceLoad = Pick<
  LoadRow,
  "loadNumber" | "mandataNumber" | "pickupCity" | "pickupZip" | "pickupDate" | "deliveryCity" | "deliveryZip" | "deliveryDate" | "cargoType"
>;

export async function findInvoiceLoad(db: DbOrTx, loadId: string): Promise<InvoiceLoad | undefined> {
  const [row] = await db
    .select({
      loadNumber: loads.loadNumber,
      mandataNumber: loads.mandataNumber,
      pickupCity: loads.pickupCity,
      pickupZip: loads.pickupZip,
      pickupDate: loads.pickupDate,
      deliveryCity: loads.deliveryCity,
      deliveryZip: loads.deliveryZip,
      deliveryDate: loads.deliveryDate,
      cargoType: loads.cargoType,
    })
    .from(loads)
    .where(eq(loads.id, loadId));
  return row;
}

// ---------------------------------------------------------------- paying

/** The invoices of a payment run, locked in id order (two runs over the same invoices cannot deadlock). */
export async function lockInvoices(tx: Tx, ids: string[]): Promise<InvoiceWithLoad[]> {
  if (!ids.length) return [];
  return tx
    .select(withLoadNumber)
    .from(invoices)
    .innerJoin(loads, eq(loads.id, invoices.loadId))
    .where(inArray(invoices.id, ids))
    .orderBy(asc(invoices.id))
    .for("update", { of: invoices });
}

export async function setInvoicePaid(tx: Tx, id: string, v: { paidOn: string; paymentReference: string; now: Date }): Promise<void> {
  await tx.update(invoices).set({ status: "paid", paidOn: v.paidOn, paymentReference: v.paymentReference, updatedAt: v.now }).where(eq(invoices.id, id));
}

// ---------------------------------------------------------------- statements and companies

export async function findCompanyRow(db: DbOrTx, id: string): Promise<CarrierCompany | undefined> {
  const [row] = await db.select({ id: companies.id, name: companies.name, vatNumber: companies.vatNumber }).from(companies).where(eq(companies.id, id));
  return row;
}

/** Every invoice of the company issued in [from, to], oldest first (the running total's order); `limit` bounds the read. */
export async function statementRows(db: DbOrTx, v: { companyId: string; from: string; to: string; limit: number }): Promise<InvoiceWithLoad[]> {
  return db
    .select(withLoadNumber)
    .from(invoices)
    .innerJoin(loads, eq(loads.id, invoices.loadId))
    .where(and(eq(invoices.companyId, v.companyId), gte(invoices.issuedOn, v.from), lte(invoices.issuedOn, v.to)))
    .orderBy(asc(invoices.issuedOn), asc(sql`length(${invoices.number})`), asc(invoices.number))
    .limit(v.limit);
}

/** Two companies merged: the invoices of the one merged away follow the bookings (their copied name stays: a document). */
export async function moveInvoiceRows(db: DbOrTx, fromCompanyId: string, toCompanyId: string): Promise<number> {
  const rows = await db.update(invoices).set({ companyId: toCompanyId }).where(eq(invoices.companyId, fromCompanyId)).returning({ id: invoices.id });
  return rows.length;
}

/** Does the load have any invoice, void or not (the database keeps such a load: ON DELETE RESTRICT)? */
export async function loadHasInvoice(db: DbOrTx, loadId: string): Promise<boolean> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.loadId, loadId)).limit(1);
  return Boolean(row);
}
