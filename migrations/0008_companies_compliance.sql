CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"company_number" text DEFAULT '' NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"operator_licence" text DEFAULT '' NOT NULL,
	"fors_level" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"object_path" text NOT NULL,
	"expires_on" date NOT NULL,
	"cover_amount" numeric(14, 2),
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"uploaded_by" uuid,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "compliance_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"require_compliance" boolean DEFAULT false NOT NULL,
	"enforce_fors" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_reminders" (
	"document_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_reminders_document_id_days_before_pk" PRIMARY KEY("document_id","days_before")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_reminders" ADD CONSTRAINT "document_reminders_document_id_company_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."company_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_key" ON "companies" USING btree ("name_key");--> statement-breakpoint
CREATE INDEX "company_documents_company_idx" ON "company_documents" USING btree ("company_id","uploaded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "company_documents_expiry_idx" ON "company_documents" USING btree ("expires_on") WHERE "company_documents"."status" = 'verified';--> statement-breakpoint
CREATE INDEX "company_documents_pending_idx" ON "company_documents" USING btree ("uploaded_at") WHERE "company_documents"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_company_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
-- Data (issue 17): one company per distinct carrier name of an approved carrier
-- user (case-insensitive, trimmed), named as its earliest member wrote it; every
-- such user linked to it. Bookings keep their accepted_by_carrier name, which
-- matches the company's name_key, so every booking stays visible to the same people.
INSERT INTO "companies" ("name", "name_key", "created_at")
SELECT DISTINCT ON (lower(btrim("carrier_name"))) btrim("carrier_name"), lower(btrim("carrier_name")), "created_at"
FROM "users"
WHERE "role" = 'carrier' AND "is_approved" AND btrim(coalesce("carrier_name", '')) <> ''
ORDER BY lower(btrim("carrier_name")), "created_at", "id";--> statement-breakpoint
UPDATE "users" u SET "company_id" = c."id"
FROM "companies" c
WHERE u."role" = 'carrier' AND u."is_approved" AND lower(btrim(u."carrier_name")) = c."name_key";--> statement-breakpoint
INSERT INTO "compliance_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
