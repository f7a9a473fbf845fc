-- Trucks and return loads (issue 32, docs/decisions/0035-trucks.md). A carrier
-- company posts a truck free from a day (to a day), at a place, perhaps heading
-- home to another; both places are kept as the postcode given, its district and
-- that district's centroid (the distance module's table). status is stored as
-- open or booked; "expired" is derived from the UK day, never stored.
CREATE TABLE "trucks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid,
	"available_on" date NOT NULL,
	"available_until" date,
	"origin_postcode" text NOT NULL,
	"origin_district" text NOT NULL,
	"origin_lat" double precision NOT NULL,
	"origin_lng" double precision NOT NULL,
	"destination_postcode" text,
	"destination_district" text,
	"destination_lat" double precision,
	"destination_lng" double precision,
	"equipment_type" text NOT NULL,
	"max_weight_kg" integer NOT NULL,
	"notes" text,
	"status" text DEFAULT 'open' NOT NULL,
	"booked_load_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trucks_status_check" CHECK ("status" in ('open', 'booked')),
	CONSTRAINT "trucks_until_check" CHECK ("available_until" is null or "available_until" >= "available_on")
);
--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "trucks" ADD CONSTRAINT "trucks_booked_load_id_loads_id_fk" FOREIGN KEY ("booked_load_id") REFERENCES "public"."loads"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- a company's list, newest first
CREATE INDEX "trucks_company_created_idx" ON "trucks" USING btree ("company_id","created_at" DESC,"id");
--> statement-breakpoint
-- the open trucks a new load is matched against, and staff's list
CREATE INDEX "trucks_open_idx" ON "trucks" USING btree ("equipment_type","available_on") WHERE "trucks"."status" = 'open';
--> statement-breakpoint
-- A load matched to a truck by the matching reaction: the one row that wins sends the
-- company its one truck_offer (once per load per truck, across processes).
CREATE TABLE "truck_matches" (
	"truck_id" uuid NOT NULL,
	"load_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "truck_matches_truck_id_load_id_pk" PRIMARY KEY("truck_id","load_id")
);
--> statement-breakpoint
ALTER TABLE "truck_matches" ADD CONSTRAINT "truck_matches_truck_id_trucks_id_fk" FOREIGN KEY ("truck_id") REFERENCES "public"."trucks"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "truck_matches" ADD CONSTRAINT "truck_matches_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "truck_matches_load_idx" ON "truck_matches" USING btree ("load_id");
--> statement-breakpoint
-- Matches and return loads: available loads by pickup district, then pickup time,
-- then equipment (checked in the index, so a truck's matches visit only loads of its
-- kind), carrying every other column the ranking reads, so the candidates are read from
-- the index alone (an index-only scan: London's 410 districts and 15 days at 500,000
-- loads in about 11 ms; bench/trucks.ts, docs/decisions/0035-trucks.md). The expression
-- is truck-matching.ts's PICKUP_DISTRICT word for word (and the board's near filter's).
CREATE INDEX IF NOT EXISTS "loads_available_pickup_district_idx" ON "loads" USING btree (split_part("pickup_zip", ' ', 1),"pickup_date","equipment_type") INCLUDE ("pickup_zip","delivery_zip","weight","rate_per_mile","id") WHERE "loads"."status" = 'available';
