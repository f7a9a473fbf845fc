// Test data for carrier companies and their documents: a company
// record, members linked to it (users.company_id, as approval links them), files
// uploaded through the real upload calls, documents in any state.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { App } from "../src/server/app";
import { companies, companyDocuments, users, type CompanyRow, type CompanyDocumentRow } from "../src/server/db/schema";
import { createUser, login } from "./factories";

export const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

/** A company record (name unique, case-insensitive). */
export async function createCompany(app: App, over: Partial<typeof companies.$inferInsert> = {}): Promise<CompanyRow> {
  const name = over.name ?? `Haulier ${randomUUID().slice(0, 8)} Ltd`;
  const [row] = await app.ctx.db
    .insert(companies)
    .values({ name, nameKey: name.trim().toLowerCase(), ...over })
    .returning();
  return row;
}

/** An approved carrier of the company (carrierName = its name, companyId set), signed in. */
export async function memberOf(app: App, company: Pick<CompanyRow, "id" | "name">, over: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(app, { carrierName: company.name, companyId: company.id, ...over });
  return { user, cookie: await login(app, user.email) };
}

/** Move a user to another company (as staff would). */
export async function moveTo(app: App, userId: string, company: Pick<CompanyRow, "id" | "name"> | null): Promise<void> {
  await app.ctx.db.update(users).set({ companyId: company?.id ?? null, carrierName: company?.name ?? null }).where(eq(users.id, userId));
  app.ctx.sessions.clear();
}

/** A PDF uploaded through POST /api/objects/upload and its PUT; returns its objectPath. */
export async function uploadPdf(app: App, cookie: string): Promise<string> {
  const ticket = await app.inject({ method: "POST", url: "/api/objects/upload", headers: { cookie } });
  if (ticket.statusCode !== 200) throw new Error(`upload ticket: ${ticket.statusCode} ${ticket.body}`);
  const { uploadURL, objectPath } = ticket.json() as { uploadURL: string; objectPath: string };
  const put = await app.inject({ method: "PUT", url: uploadURL, headers: { cookie, "content-type": "application/pdf" }, payload: PDF });
  if (put.statusCode !== 200) throw new Error(`upload: ${put.statusCode} ${put.body}`);
  return objectPath;
}

/** A document written directly (no file behind it unless `objectPath` names one). */
export async function addDocument(
  app: App,
  v: { companyId: string; kind: string; expiresOn: string; status?: string; uploadedBy?: string | null; objectPath?: string; uploadedAt?: Date; forsLevel?: string | null },
): Promise<CompanyDocumentRow> {
  const [row] = await app.ctx.db
    .insert(companyDocuments)
    .values({
      companyId: v.companyId,
      kind: v.kind,
      expiresOn: v.expiresOn,
      status: v.status ?? "verified",
      objectPath: v.objectPath ?? `/objects/${randomUUID()}`,
      uploadedBy: v.uploadedBy ?? null,
      forsLevel: v.forsLevel ?? null,
      ...(v.uploadedAt ? { uploadedAt: v.uploadedAt } : {}),
      ...(v.status === "pending" ? {} : { reviewedAt: new Date() }),
    })
    .returning();
  return row;
}

/** Both insurance documents, verified, expiring on the given day: a compliant company. */
export async function insure(app: App, companyId: string, expiresOn: string): Promise<void> {
  await addDocument(app, { companyId, kind: "vehicle_insurance", expiresOn });
  await addDocument(app, { companyId, kind: "goods_in_transit", expiresOn });
}
