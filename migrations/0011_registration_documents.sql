CREATE TABLE "applicant_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_documents" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "company_documents" ADD COLUMN "applicant_id" uuid;--> statement-breakpoint
ALTER TABLE "applicant_tokens" ADD CONSTRAINT "applicant_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applicant_tokens_user_idx" ON "applicant_tokens" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_documents_applicant_idx" ON "company_documents" USING btree ("applicant_id") WHERE "company_documents"."applicant_id" is not null;--> statement-breakpoint
ALTER TABLE "company_documents" ADD CONSTRAINT "company_documents_one_owner" CHECK (("company_documents"."company_id" is null) <> ("company_documents"."applicant_id" is null));