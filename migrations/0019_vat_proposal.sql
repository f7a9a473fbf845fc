-- A member's VAT number is only a proposal (contract-beyond, "The VAT rule"): it
-- waits here until staff confirm it, and only then becomes vat_number, the one
-- self-billing invoices charge VAT on. NULL: nothing waiting; '' a member asking
-- to remove the company's VAT number.
ALTER TABLE "companies" ADD COLUMN IF NOT EXISTS "proposed_vat_number" text;
