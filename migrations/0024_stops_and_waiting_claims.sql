-- Stops and waiting-time claims: arrival and departure at each stop of a booked load,
-- the phone positions that back them (kept 30 days), the network's waiting-time terms
-- (one row, the contract's defaults) and the carriers' claims, one a stop.
CREATE TABLE "load_stops" (
	"load_id" uuid NOT NULL,
	"stop" text NOT NULL,
	"company_id" uuid,
	"arrived_at" timestamp with time zone,
	"departed_at" timestamp with time zone,
	"arrival_evidence" text,
	"departure_evidence" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "load_stops_load_id_stop_pk" PRIMARY KEY("load_id","stop"),
	CONSTRAINT "load_stops_stop_check" CHECK ("load_stops"."stop" in ('pickup', 'delivery'))
);
--> statement-breakpoint
CREATE TABLE "stop_positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"load_id" uuid NOT NULL,
	"stop" text NOT NULL,
	"kind" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"accuracy_m" double precision NOT NULL,
	"distance_miles" double precision,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiting_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"load_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"stop" text NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"departed_at" timestamp with time zone NOT NULL,
	"evidence" text NOT NULL,
	"minutes" integer NOT NULL,
	"chargeable_minutes" integer NOT NULL,
	"free_minutes" integer NOT NULL,
	"rate_per_hour" numeric(8, 2) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_amount" numeric(12, 2),
	"note" text,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_by_name" text,
	CONSTRAINT "waiting_claims_stop_check" CHECK ("waiting_claims"."stop" in ('pickup', 'delivery')),
	CONSTRAINT "waiting_claims_status_check" CHECK ("waiting_claims"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "waiting_time_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"free_minutes" integer DEFAULT 120 NOT NULL,
	"rate_per_hour" numeric(8, 2) DEFAULT '30.00' NOT NULL,
	"max_hours" integer DEFAULT 4 NOT NULL,
	"claim_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "load_stops" ADD CONSTRAINT "load_stops_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_stops" ADD CONSTRAINT "load_stops_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_positions" ADD CONSTRAINT "stop_positions_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_positions" ADD CONSTRAINT "stop_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_claims" ADD CONSTRAINT "waiting_claims_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_claims" ADD CONSTRAINT "waiting_claims_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_claims" ADD CONSTRAINT "waiting_claims_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_claims" ADD CONSTRAINT "waiting_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stop_positions_load_idx" ON "stop_positions" USING btree ("load_id","stop");--> statement-breakpoint
CREATE INDEX "stop_positions_created_idx" ON "stop_positions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_claims_load_stop_key" ON "waiting_claims" USING btree ("load_id","stop");--> statement-breakpoint
CREATE INDEX "waiting_claims_status_idx" ON "waiting_claims" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "waiting_claims_company_idx" ON "waiting_claims" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "waiting_time_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
