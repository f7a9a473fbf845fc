// The data each fuzzed route runs against, made fresh for every route, and the
// fingerprint of the business tables that shows whether a refused request changed any.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { TestApp } from "./helpers";
import { createUser } from "./factories";
import { queryRows } from "../src/server/db/client";
import { bids, companies, invoices, loads, objects, users as usersTable, type LoadRow, type UserRow } from "../src/server/db/schema";
import { secrets } from "./fuzz-support";
import { PDF } from "./fuzz-bodies";
import type { FuzzActor, Targets } from "./fuzz-kit";

/** The signed-in (or not) callers of the fuzz, each with the cookie it sends. */
export type Actors = Record<FuzzActor, { user: UserRow | null; cookie?: string }>;

/**
 * A fingerprint of every business table: row count and the sum of the rows'
 * transaction ids (xmin changes whenever a row is inserted, updated or deleted
 * and committed; a rolled-back change leaves it as it was). Left out, on
 * purpose: auth_attempts (refused sign-ins are meant to be counted), email_log
 * (written by the outbox worker, which this app does not run), change_counters
 * (its statement-level trigger also fires on an UPDATE that matched no row).
 * jobs is in: a refused request must not queue mail or other work. Also left
 * out: idempotency_keys, where a 4xx answer to a request with an Idempotency-Key
 * is kept on purpose (a retry gets the same 4xx).
 */
export const FINGERPRINT_TABLES = [
  "users",
  "sessions",
  "loads",
  "bids",
  "load_views",
  "load_events",
  "email_schedule_settings",
  "objects",
  "jobs",
  "companies",
  "company_documents",
  "applicant_tokens",
  "invoices",
  "invoice_counters",
  "invoice_settings",
  "api_tokens",
  "webhook_endpoints",
  "load_messages",
  "load_message_reads",
  "bid_history",
] as const;
export async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const parts = FINGERPRINT_TABLES.map((name) => sql`(select count(*)::text || ':' || coalesce(sum(xmin::text::bigint), 0)::text from ${sql.identifier(name)}) as ${sql.identifier(name)}`);
  const [row] = await queryRows<Record<string, string>>(t.app.ctx.db, sql`select ${sql.join(parts, sql`, `)}`);
  return row;
}

/** Fresh loads, bids, accounts and files for one route, so one route's successes do not starve the next. */
export async function seedTargets(t: TestApp, actors: Actors): Promise<Targets> {
  const db = t.app.ctx.db;
  const carrier = actors.carrier.user!;
  // companies: the carrier is again a member of "Fuzz Haulage Ltd" (an earlier
  // route may have renamed or merged it away), the rival of its own, one company has nobody
  const companyOf = async (name: string) => {
    await db.insert(companies).values({ name, nameKey: name.toLowerCase() }).onConflictDoNothing();
    return (await db.select().from(companies).where(sql`${companies.nameKey} = ${name.toLowerCase()}`))[0];
  };
  const ownCompany = await companyOf(carrier.carrierName!);
  await db.update(usersTable).set({ carrierName: carrier.carrierName, companyId: ownCompany.id }).where(sql`${usersTable.id} = ${carrier.id}`);
  const rivalName = `Rival ${randomUUID().slice(0, 6)} Ltd`;
  const rivalCompany = await companyOf(rivalName);
  const emptyCompany = await companyOf(`Empty ${randomUUID().slice(0, 6)} Ltd`);
  const rival = await createUser(t.app, { carrierName: rivalName, companyId: rivalCompany.id });
  const mine = { acceptedBy: carrier.id, acceptedByCarrier: carrier.carrierName, acceptedAt: new Date() };
  const theirs = { acceptedBy: rival.id, acceptedByCarrier: rival.carrierName, acceptedAt: new Date() };
  const shapes: Partial<LoadRow>[] = [
    { status: "available" },
    { status: "available" },
    { status: "available", price: 0 },
    { status: "accepted", ...mine },
    { status: "approved", ...mine },
    { status: "completed", ...mine, completedAt: new Date() },
    { status: "completed", ...mine, completedAt: new Date(), pickupSignedBy: "Pat", deliverySignedBy: "Dee", pickupSignedDate: new Date(), deliverySignedDate: new Date() },
    { status: "accepted", ...theirs },
    { status: "approved", ...theirs },
    { status: "cancelled", ...mine },
  ];
  const rows: LoadRow[] = [];
  for (const s of shapes) {
    const [row] = await db
      .insert(loads)
      .values({ loadNumber: `FZ-${randomUUID().slice(0, 12)}`, pickupCity: "Leeds", deliveryCity: "Bristol", distance: 200, price: 1200, ratePerMile: 6, pickupDate: new Date(Date.now() + 7 * 86_400_000), ...secrets(), ...s } as typeof loads.$inferInsert)
      .returning();
    rows.push(row);
  }
  // self-billing invoices: the carrier's company's issued (on a completed load
  // an edit may re-raise), paid (on the POD-locked one) and void, and one of the rival's
  const today = new Date().toLocaleDateString("en-CA", { timeZone: "Europe/London" });
  const invoice = (load: LoadRow, companyId: string, status: string) => ({
    number: `SB-2098-${randomUUID().slice(0, 8)}`,
    loadId: load.id,
    companyId,
    carrierName: load.acceptedByCarrier ?? "",
    net: "1200.00",
    vatRate: "20.00",
    vat: "240.00",
    gross: "1440.00",
    issuedOn: today,
    dueOn: today,
    status,
    ...(status === "paid" ? { paidOn: today, paymentReference: "BACS" } : {}),
  });
  const invoiceRows = await db
    .insert(invoices)
    .values([invoice(rows[5], ownCompany.id, "issued"), invoice(rows[6], ownCompany.id, "paid"), invoice(rows[4], ownCompany.id, "void"), invoice(rows[8], rivalCompany.id, "issued")])
    .returning({ id: invoices.id });
  const pendingUsers = [await createUser(t.app, { isApproved: false }), await createUser(t.app, { isApproved: false })];
  const targetCarrier = await createUser(t.app);
  const targetAdmin = await createUser(t.app, { role: "admin", isAdmin: true });
  const targetManager = await createUser(t.app, { role: "manager" });
  const available = rows.filter((r) => r.status === "available");
  const bidRows = await db
    .insert(bids)
    .values([
      { loadId: available[0].id, carrierId: rival.id, bidAmount: 1100 },
      { loadId: available[0].id, carrierId: targetCarrier.id, bidAmount: 1000 },
      { loadId: available[1].id, carrierId: rival.id, bidAmount: 900, status: "rejected" },
    ])
    .returning();
  // files: uploaded through the real calls by the carrier and by staff. Earlier routes'
  // tickets are moved out of the upload rate limit's window (30 in 10 minutes a user),
  // so the set-up of route 16 is not refused with 429; within a route the limit holds.
  await db.update(objects).set({ createdAt: sql`${objects.createdAt} - interval '1 hour'` });
  const objectPaths: string[] = [];
  const uploadTokens: string[] = [];
  for (const who of [actors.carrier, actors.carrier, actors.admin, actors.manager]) {
    const ticket = await t.app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie: who.cookie! } });
    const { uploadURL, objectPath } = ticket.json() as { uploadURL: string; objectPath: string };
    uploadTokens.push(uploadURL.split("/").pop()!);
    objectPaths.push(objectPath);
  }
  for (const [i, tok] of uploadTokens.slice(0, 2).entries()) {
    const who = i === 0 ? actors.carrier : actors.admin;
    await t.app.inject({ method: "PUT", url: `/api/objects/upload/${tok}`, headers: { cookie: who.cookie!, "content-type": "application/pdf" }, payload: PDF });
  }
  const users = [...pendingUsers, targetCarrier, targetAdmin, targetManager, rival];
  return {
    loadIds: rows.map((r) => r.id),
    availableIds: available.map((r) => r.id),
    bidIds: bidRows.map((b) => b.id),
    userIds: users.map((u) => u.id),
    carrierIds: [carrier.id, rival.id, targetCarrier.id],
    emails: [...users.map((u) => u.email), actors.carrier.user!.email, actors.pending.user!.email, actors.admin.user!.email.toUpperCase()],
    objectPaths,
    uploadTokens,
    companyIds: [ownCompany.id, rivalCompany.id, emptyCompany.id],
    invoiceIds: invoiceRows.map((r) => r.id),
  };
}
