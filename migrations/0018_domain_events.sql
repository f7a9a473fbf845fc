-- The event log every reaction hangs on: one row a domain event (load.created,
-- load.accepted, bid.placed, invoice.issued ...), written in the transaction of
-- the change it records. `seq` is gapless and follows commit order in every
-- process: it is drawn from the 'domain_events' counter row, which stays locked
-- until the drawing transaction ends (a rolled-back change takes its numbers
-- with it). Reactions that leave the transaction are jobs that name a range of
-- seq, so a subscriber reads exactly the events of the change that caused it.
CREATE TABLE IF NOT EXISTS "domain_events" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"version" smallint NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"load_id" uuid,
	"load_number" text,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "domain_events_load_idx" ON "domain_events" USING btree ("load_id","seq");
--> statement-breakpoint
INSERT INTO "change_counters" ("name", "version") VALUES ('domain_events', 0) ON CONFLICT DO NOTHING;
