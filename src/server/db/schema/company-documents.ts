// A carrier company's compliance papers, their reminders and the switches that
// make them count; and the applicant tokens that let a pending registration add them.
import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { created, ts, updated } from "./columns";
import { users } from "./users";
import { companies } from "./companies";

// Insurance, licence and FORS papers on file. The file is an upload (objects),
// served like POD paperwork: to the company's members and staff only.
export const companyDocuments = pgTable(
  "company_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // exactly one owner: the company, or (registration with documents) the
    // pending applicant who sent it, until approval moves it to their company
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    applicantId: uuid("applicant_id").references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    objectPath: text("object_path").notNull(),
    // a UK calendar day: the document is good to the end of it
    expiresOn: date("expires_on", { mode: "string" }).notNull(),
    coverAmount: numeric("cover_amount", { precision: 14, scale: 2 }),
    // a FORS certificate's level (Bronze, Silver, Gold) as uploaded or as staff
    // corrected it when verifying; null for every other kind
    forsLevel: text("fors_level"),
    status: text("status").notNull().default("pending"),
    reason: text("reason"),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    uploadedAt: ts("uploaded_at").notNull().defaultNow(),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: ts("reviewed_at"),
  },
  (t) => [
    index("company_documents_company_idx").on(t.companyId, t.uploadedAt.desc()),
    index("company_documents_expiry_idx").on(t.expiresOn).where(sql`${t.status} = 'verified'`),
    index("company_documents_pending_idx").on(t.uploadedAt).where(sql`${t.status} = 'pending'`),
    index("company_documents_applicant_idx").on(t.applicantId).where(sql`${t.applicantId} is not null`),
    check("company_documents_one_owner", sql`(${t.companyId} is null) <> (${t.applicantId} is null)`),
  ],
);

// The applicant cookie of a self-registration (docs/decisions/0013-compliance.md
// "Registration with documents"): it may add the two insurance documents to the
// pending account for 2 hours, nothing else. Only a SHA-256 of the token is kept,
// in a table of its own and under its own prefix, so it can never name a session.
export const applicantTokens = pgTable(
  "applicant_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    // upload tickets issued on it (an applicant gets at most 4 in all; migration 0020)
    uploadTickets: integer("upload_tickets").notNull().default(0),
    createdAt: created(),
  },
  (t) => [index("applicant_tokens_user_idx").on(t.userId)],
);

// One reminder per document and day-count (30, 7, 0), whichever process gets there
// first: the insert that wins (ON CONFLICT DO NOTHING) is the one that notifies.
export const documentReminders = pgTable(
  "document_reminders",
  {
    documentId: uuid("document_id")
      .notNull()
      .references(() => companyDocuments.id, { onDelete: "cascade" }),
    daysBefore: integer("days_before").notNull(),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.daysBefore] })],
);

// The two compliance switches (one row; both default off so an upgrade changes nothing).
export const complianceSettings = pgTable("compliance_settings", {
  id: integer("id").primaryKey().default(1),
  requireCompliance: boolean("require_compliance").notNull().default(false),
  enforceFors: boolean("enforce_fors").notNull().default(false),
  updatedAt: updated(),
});

export type CompanyDocumentRow = typeof companyDocuments.$inferSelect;
