-- Scorecards (issue 30): facts kept from the event log by modules/scorecards (decision 0034).
-- Rows are written by the reactions from now on; rebuildScorecards fills them from the log (seq 0).
CREATE TABLE "scorecard_loads" (
	"load_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"load_number" text NOT NULL,
	"held" boolean DEFAULT true NOT NULL,
	"accepted_at" timestamp with time zone,
	"pickup_arrived_at" timestamp with time zone,
	"pickup_departed_at" timestamp with time zone,
	"delivery_arrived_at" timestamp with time zone,
	"delivery_departed_at" timestamp with time zone,
	"pod_submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"handed_back" boolean DEFAULT false NOT NULL,
	"handed_back_at" timestamp with time zone,
	"day" date,
	"collection" text DEFAULT 'unknown' NOT NULL,
	"delivery" text DEFAULT 'unknown' NOT NULL,
	"pod_hours" numeric(10, 1),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorecard_loads_load_id_company_id_pk" PRIMARY KEY("load_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "scorecard_company_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"completed" integer NOT NULL,
	"handed_back" integer NOT NULL,
	"collection_on_time" integer NOT NULL,
	"collection_late" integer NOT NULL,
	"delivery_on_time" integer NOT NULL,
	"delivery_late" integer NOT NULL,
	"pod_hours" jsonb NOT NULL,
	CONSTRAINT "scorecard_company_days_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "scorecard_site_visits" (
	"load_id" uuid NOT NULL,
	"stop" text NOT NULL,
	"company_id" uuid NOT NULL,
	"postcode_area" text NOT NULL,
	"day" date NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "scorecard_site_visits_load_id_stop_pk" PRIMARY KEY("load_id","stop")
);
--> statement-breakpoint
CREATE TABLE "scorecard_claims" (
	"claim_id" uuid PRIMARY KEY NOT NULL,
	"load_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"decided_at" timestamp with time zone,
	"amount_approved" numeric(12, 2)
);
--> statement-breakpoint
CREATE TABLE "scorecard_invoices" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"load_id" uuid,
	"company_id" uuid,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"paid_on" date
);
--> statement-breakpoint
CREATE TABLE "company_scorecards" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"on_time_delivery_rate" numeric(4, 1),
	"pod_hours_median" numeric(10, 1),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scorecard_loads" ADD CONSTRAINT "scorecard_loads_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "scorecard_site_visits" ADD CONSTRAINT "scorecard_site_visits_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "scorecard_loads_company_day_idx" ON "scorecard_loads" USING btree ("company_id","day" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "scorecard_site_visits_area_idx" ON "scorecard_site_visits" USING btree ("postcode_area","stop","day");
--> statement-breakpoint
CREATE INDEX "scorecard_site_visits_day_idx" ON "scorecard_site_visits" USING btree ("day");
--> statement-breakpoint
CREATE INDEX "scorecard_claims_company_idx" ON "scorecard_claims" USING btree ("company_id","day");
--> statement-breakpoint
CREATE INDEX "scorecard_claims_day_idx" ON "scorecard_claims" USING btree ("day");
--> statement-breakpoint
CREATE INDEX "scorecard_invoices_number_idx" ON "scorecard_invoices" USING btree ("number");
--> statement-breakpoint
CREATE INDEX "scorecard_invoices_paid_idx" ON "scorecard_invoices" USING btree ("paid_on");
--> statement-breakpoint
CREATE INDEX "scorecard_invoices_unpaid_idx" ON "scorecard_invoices" USING btree ("due_on") WHERE "scorecard_invoices"."paid_on" is null;
