// Test data for self-billing invoices: a carrier company with members,
// an approved load of theirs, and its completion through the real POD call.
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { App } from "../src/server/app";
import { invoices, loads, type CompanyRow, type InvoiceRow, type LoadRow } from "../src/server/db/schema";
import { createCompany, memberOf } from "./company-fixtures";
import { createLoad } from "./factories";

export const POD_BODY = {
  pickupSignedBy: "Sam Loader",
  pickupSignedDate: "2026-11-24T09:05:00.000Z",
  deliverySignedBy: "Dee Receiver",
  deliverySignedDate: "2026-11-24T15:10:00.000Z",
};

/** A company (VAT registered unless `vatNumber: ""`) and one signed-in member. */
export async function haulier(app: App, over: Partial<CompanyRow> = {}) {
  const company = await createCompany(app, { vatNumber: "GB123456789", ...over });
  const member = await memberOf(app, company);
  return { company, member };
}

/** An approved load booked by `member` of `company`, with a PO number. */
export async function approvedLoad(app: App, company: Pick<CompanyRow, "name">, memberId: string, over: Partial<typeof loads.$inferInsert> = {}): Promise<LoadRow> {
  return createLoad(app, {
    status: "approved",
    acceptedBy: memberId,
    acceptedByCarrier: company.name,
    acceptedAt: app.ctx.clock.now(),
    mandataNumber: `PO-2026-${randomUUID().slice(0, 5)}`,
    ...over,
  });
}

/** Every invoice of the load, oldest first. */
export function invoicesOf(app: App, loadId: string): Promise<InvoiceRow[]> {
  return app.ctx.db.select().from(invoices).where(eq(invoices.loadId, loadId)).orderBy(asc(invoices.createdAt), asc(invoices.number));
}

/** Complete POD as `cookie` (the carrier, or staff); returns the load's live invoice. */
export async function completeByPod(app: App, loadId: string, cookie: string): Promise<InvoiceRow> {
  const res = await app.inject({ method: "PUT", url: `/api/loads/${loadId}/pod`, headers: { cookie }, payload: POD_BODY });
  if (res.statusCode !== 200) throw new Error(`POD: ${res.statusCode} ${res.body}`);
  const live = (await invoicesOf(app, loadId)).filter((i) => i.status !== "void");
  if (live.length !== 1) throw new Error(`expected one live invoice, got ${live.length}`);
  return live[0];
}
