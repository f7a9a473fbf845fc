-- Messages and counter-offers on a load. A load has one message thread per carrier
-- company (load_messages keyed by load_id and company_id), with each user's read
-- mark and last email per thread (load_message_reads). A bid can be countered by
-- staff (counter_amount, counter_expires_at, counter_note while its status is
-- 'countered'); a countered bid is still the carrier's one open bid on the load, so
-- the unique index covers it. bid_history keeps every amount, counter and answer.
CREATE TABLE "load_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "load_messages_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"load_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"author_id" uuid,
	"author_name" text NOT NULL,
	"author_role" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "load_message_reads" (
	"load_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_seq" bigint DEFAULT 0 NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "load_message_reads_load_id_company_id_user_id_pk" PRIMARY KEY("load_id","company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bid_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "bid_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bid_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(10, 2),
	"expires_at" timestamp with time zone,
	"note" text,
	"actor_id" uuid,
	"actor_name" text,
	"actor_role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "counter_amount" numeric(10, 2);
--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "counter_expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "counter_note" text;
--> statement-breakpoint
ALTER TABLE "load_messages" ADD CONSTRAINT "load_messages_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "load_messages" ADD CONSTRAINT "load_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "load_messages" ADD CONSTRAINT "load_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "load_message_reads" ADD CONSTRAINT "load_message_reads_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "load_message_reads" ADD CONSTRAINT "load_message_reads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "load_message_reads" ADD CONSTRAINT "load_message_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bid_history" ADD CONSTRAINT "bid_history_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bid_history" ADD CONSTRAINT "bid_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "load_messages_thread_idx" ON "load_messages" USING btree ("load_id","company_id","seq");
--> statement-breakpoint
CREATE INDEX "load_messages_author_idx" ON "load_messages" USING btree ("author_id","created_at");
--> statement-breakpoint
CREATE INDEX "bid_history_bid_idx" ON "bid_history" USING btree ("bid_id","seq");
--> statement-breakpoint
DROP INDEX "bids_one_pending_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_pending_key" ON "bids" USING btree ("load_id","carrier_id") WHERE "bids"."status" in ('pending', 'countered');
