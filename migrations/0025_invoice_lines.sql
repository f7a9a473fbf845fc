-- Invoice lines: an invoice is the sum of its lines, the load's price first, then
-- each approved waiting-time claim. Existing invoices get their one line, the
-- load's price as the invoice PDF has always described it. A paid load's approved
-- claim is paid on an invoice of its own (claim_id): the one-live-invoice-a-load
-- rule now holds for the load's own invoice, and one live invoice a claim.
ALTER TABLE "invoices" ADD COLUMN "lines" jsonb;
--> statement-breakpoint
UPDATE "invoices" SET "lines" = jsonb_build_array(jsonb_build_object(
	'description', 'Haulage of load ' || "loads"."load_number" || ': ' || coalesce("loads"."pickup_city", '') || ' to ' || coalesce("loads"."delivery_city", ''),
	'amount', "invoices"."net"::text
)) FROM "loads" WHERE "loads"."id" = "invoices"."load_id";
--> statement-breakpoint
-- the default serves rows written straight into the table (fixtures); raising an invoice always writes its lines
ALTER TABLE "invoices" ALTER COLUMN "lines" SET DEFAULT '[]'::jsonb;
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "lines" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "claim_id" uuid;
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_claim_id_waiting_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."waiting_claims"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
DROP INDEX "invoices_live_load_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_live_load_key" ON "invoices" USING btree ("load_id") WHERE "invoices"."status" <> 'void' and "invoices"."claim_id" is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_live_claim_key" ON "invoices" USING btree ("claim_id") WHERE "invoices"."status" <> 'void' and "invoices"."claim_id" is not null;
