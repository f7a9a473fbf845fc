// Carrier companies: a haulier as a record of its own, which its users belong to.
import { pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { created, updated } from "./columns";

// A haulier as a record of its own. Its users
// are those whose carrierName matches `name` case-insensitively, trimmed: `name_key`
// is that match, unique, so two companies can never claim the same users.
export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    nameKey: text("name_key").notNull(),
    companyNumber: text("company_number").notNull().default(""),
    // the confirmed VAT number, the one invoices charge VAT on (staff confirm or set it)
    vatNumber: text("vat_number").notNull().default(""),
    // a member's VAT number waiting for staff (null: none; "": asking to remove it)
    proposedVatNumber: text("proposed_vat_number"),
    operatorLicence: text("operator_licence").notNull().default(""),
    forsLevel: text("fors_level").notNull().default(""),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [uniqueIndex("companies_name_key").on(t.nameKey)],
);

export type CompanyRow = typeof companies.$inferSelect;
