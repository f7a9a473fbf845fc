// Self-billing invoices, their gapless numbering and the network's invoice details.
import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { created, ts, updated } from "./columns";
import { loads } from "./loads";
import { companies } from "./companies";
import { waitingClaims } from "./claims";

/** One line of an invoice as stored: its words and its amount as 2-decimal text (exact, like the numeric columns). */
export interface StoredInvoiceLine {
  description: string;
  amount: string;
}

// One invoice per completion of a load, in the name of the carrier company that
// delivered it. Amounts are numeric, read as strings
// and worked in decimal arithmetic: never a binary float for money.
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull(),
    loadId: uuid("load_id")
      .notNull()
      .references(() => loads.id, { onDelete: "restrict" }),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "set null" }),
    carrierName: text("carrier_name").notNull(),
    carrierVatNumber: text("carrier_vat_number").notNull().default(""),
    net: numeric("net", { precision: 12, scale: 2 }).notNull(),
    vatRate: numeric("vat_rate", { precision: 5, scale: 2 }).notNull(),
    vat: numeric("vat", { precision: 12, scale: 2 }).notNull(),
    gross: numeric("gross", { precision: 12, scale: 2 }).notNull(),
    // what the net is the sum of: the load's price first, then each approved waiting-time claim
    lines: jsonb("lines").$type<StoredInvoiceLine[]>().notNull().default([]),
    // set on the invoice of one approved claim alone (its load's own invoice was already paid)
    claimId: uuid("claim_id").references(() => waitingClaims.id, { onDelete: "restrict" }),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    status: text("status").notNull().default("issued"),
    paidOn: date("paid_on", { mode: "string" }),
    paymentReference: text("payment_reference"),
    voidedAt: ts("voided_at"),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.number),
    // at most one live (not void) invoice a load, besides its claims' own invoices
    uniqueIndex("invoices_live_load_key").on(t.loadId).where(sql`${t.status} <> 'void' and ${t.claimId} is null`),
    // and at most one live invoice a claim
    uniqueIndex("invoices_live_claim_key").on(t.claimId).where(sql`${t.status} <> 'void' and ${t.claimId} is not null`),
    index("invoices_company_idx").on(t.companyId, t.issuedOn.desc()),
    index("invoices_issued_idx").on(t.issuedOn.desc(), t.number.desc()),
  ],
);

// The gapless sequence: one row a year, incremented under its row lock in the
// completing transaction, so a rollback gives the number back and two processes
// never take the same one.
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull().default(0),
});

// The network's own details on every invoice, and its payment terms (one row).
export const invoiceSettings = pgTable("invoice_settings", {
  id: integer("id").primaryKey().default(1),
  paymentTermsDays: integer("payment_terms_days").notNull().default(30),
  companyName: text("company_name").notNull().default(""),
  companyAddress: text("company_address").notNull().default(""),
  companyVatNumber: text("company_vat_number").notNull().default(""),
  updatedAt: updated(),
});

export type InvoiceRow = typeof invoices.$inferSelect;
