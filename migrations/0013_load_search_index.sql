-- Issue 19 (lists): the board's text search (contract "Loads": `search` is a
-- case-insensitive substring of load number, pickup city or delivery city) and its
-- X-Total-Count read a trigram index instead of every load. One GIN index over the
-- three columns serves `a ILIKE p OR b ILIKE p OR c ILIKE p` as a BitmapOr of three
-- scans of it. pg_trgm is a trusted extension on PostgreSQL 13+ (the database owner
-- may create it); PGlite loads it from @electric-sql/pglite/contrib (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "loads_search_trgm_idx" ON "loads" USING gin ("load_number" gin_trgm_ops, "pickup_city" gin_trgm_ops, "delivery_city" gin_trgm_ops);
--> statement-breakpoint
-- The Users tab's page (GET /api/users) is kept per version of what it shows
-- (users/users-page-cache.ts): users and loads have counters (migration 0001); a
-- user's company compliance comes from the companies and their documents.
INSERT INTO "change_counters" ("name", "version") VALUES ('companies', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER "companies_changed" AFTER INSERT OR UPDATE OR DELETE ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION bump_change_counter('companies');
--> statement-breakpoint
CREATE TRIGGER "company_documents_changed" AFTER INSERT OR UPDATE OR DELETE ON "company_documents" FOR EACH STATEMENT EXECUTE FUNCTION bump_change_counter('companies');
