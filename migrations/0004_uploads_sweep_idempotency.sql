CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"content_type" text,
	"response_body" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "objects_upload_token_idx" ON "objects" USING btree ("upload_token_hash");--> statement-breakpoint
CREATE INDEX "objects_owner_created_idx" ON "objects" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "objects_unattached_idx" ON "objects" USING btree ("created_at") WHERE "objects"."attached_at" is null;--> statement-breakpoint
-- Uploads attached to a load before this migration count as attached: the sweep of never-attached uploads keeps them.
UPDATE "objects" SET "attached_at" = now() WHERE '/objects/' || "key" IN (SELECT "signed_paperwork_url" FROM "loads" WHERE "signed_paperwork_url" IS NOT NULL);
