ALTER TABLE "bids" ADD COLUMN "listed_price" numeric(10, 2);--> statement-breakpoint
-- Pending bids were all made on an available load whose price has not been awarded
-- away since: its price now is the best record of the price they were made on. Decided
-- bids on an awarded load cannot be told from the winning amount now: left unknown.
UPDATE "bids" SET "listed_price" = "loads"."price" FROM "loads" WHERE "bids"."load_id" = "loads"."id" AND "bids"."status" = 'pending';
