-- Scoped API tokens (contract-beyond "Integrations"; docs/decisions/api-tokens.md).
-- Only the SHA-256 of a token is kept. The per-minute request window lives on the
-- token's own row, so every process counts against the same number and a revoked
-- (deleted) token stops at the very next request.
CREATE TABLE IF NOT EXISTS "api_tokens" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "token_hash" text NOT NULL,
  "scopes" text[] NOT NULL,
  "expires_on" date,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone,
  "window_start" timestamp with time zone,
  "window_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "api_tokens_hash_key" ON "api_tokens" ("token_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_tokens_created_idx" ON "api_tokens" ("created_at" DESC);
