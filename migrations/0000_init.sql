CREATE TABLE "auth_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auth_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bids" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"load_id" uuid NOT NULL,
	"carrier_id" uuid NOT NULL,
	"bid_amount" numeric(10, 2) NOT NULL,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"triggered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_schedule_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"frequency" text DEFAULT 'daily' NOT NULL,
	"days_of_week" text[] DEFAULT '{}'::text[] NOT NULL,
	"time" text DEFAULT '09:00' NOT NULL,
	"last_sent_at" timestamp with time zone,
	"last_slot" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "load_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"load_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"reason" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "load_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"load_id" uuid NOT NULL,
	"user_id" uuid,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"load_number" text NOT NULL,
	"mandata_number" text,
	"status" text DEFAULT 'available' NOT NULL,
	"pickup_address" text,
	"pickup_city" text NOT NULL,
	"pickup_state" text,
	"pickup_zip" text,
	"pickup_date" timestamp with time zone,
	"pickup_time_type" text DEFAULT 'exact' NOT NULL,
	"pickup_start_time" text,
	"pickup_end_time" text,
	"pickup_contact" text,
	"pickup_reference" text,
	"pickup_instructions" text,
	"delivery_address" text,
	"delivery_city" text NOT NULL,
	"delivery_state" text,
	"delivery_zip" text,
	"delivery_date" timestamp with time zone,
	"delivery_time_type" text DEFAULT 'exact' NOT NULL,
	"delivery_start_time" text,
	"delivery_end_time" text,
	"delivery_contact" text,
	"delivery_reference" text,
	"delivery_instructions" text,
	"weight" integer,
	"length" numeric(5, 1),
	"width" numeric(4, 1),
	"height" numeric(4, 1),
	"distance" integer,
	"price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"rate_per_mile" numeric(7, 2),
	"cargo_type" text,
	"equipment_type" text DEFAULT 'Flatbed' NOT NULL,
	"is_urgent" boolean DEFAULT false NOT NULL,
	"is_temperature_controlled" boolean DEFAULT false NOT NULL,
	"adr" boolean DEFAULT false NOT NULL,
	"waste" boolean DEFAULT false NOT NULL,
	"tail_lift" boolean DEFAULT false NOT NULL,
	"moffett" boolean DEFAULT false NOT NULL,
	"edge_protectors" boolean DEFAULT false NOT NULL,
	"fors_requirement" text DEFAULT '' NOT NULL,
	"accepted_by" uuid,
	"accepted_by_carrier" text,
	"accepted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"pickup_signed_by" text,
	"pickup_signed_date" timestamp with time zone,
	"delivery_signed_by" text,
	"delivery_signed_date" timestamp with time zone,
	"signed_paperwork_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "objects" (
	"key" text PRIMARY KEY NOT NULL,
	"owner_id" uuid,
	"content_type" text,
	"size" integer,
	"filename" text,
	"upload_token_hash" text,
	"upload_expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password" text NOT NULL,
	"name" text NOT NULL,
	"carrier_name" text,
	"contact_number" text,
	"role" text DEFAULT 'carrier' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"password_reset_token" text,
	"password_reset_expires" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_carrier_id_users_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_events" ADD CONSTRAINT "load_events_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_events" ADD CONSTRAINT "load_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_views" ADD CONSTRAINT "load_views_load_id_loads_id_fk" FOREIGN KEY ("load_id") REFERENCES "public"."loads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "load_views" ADD CONSTRAINT "load_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loads" ADD CONSTRAINT "loads_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "objects" ADD CONSTRAINT "objects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_attempts_lookup_idx" ON "auth_attempts" USING btree ("kind","key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_pending_key" ON "bids" USING btree ("load_id","carrier_id") WHERE "bids"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bids_load_idx" ON "bids" USING btree ("load_id","status");--> statement-breakpoint
CREATE INDEX "bids_carrier_idx" ON "bids" USING btree ("carrier_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_log_created_idx" ON "email_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "load_events_load_idx" ON "load_events" USING btree ("load_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "load_views_load_idx" ON "load_views" USING btree ("load_id","viewed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "loads_load_number_key" ON "loads" USING btree ("load_number");--> statement-breakpoint
CREATE INDEX "loads_status_pickup_idx" ON "loads" USING btree ("status","pickup_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "loads_pickup_idx" ON "loads" USING btree ("pickup_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "loads_accepted_by_idx" ON "loads" USING btree ("accepted_by");--> statement-breakpoint
CREATE INDEX "loads_accepted_by_carrier_idx" ON "loads" USING btree ("accepted_by_carrier");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_carrier_name_idx" ON "users" USING btree ("carrier_name");--> statement-breakpoint
CREATE INDEX "users_pending_idx" ON "users" USING btree ("created_at") WHERE "users"."is_approved" = false;