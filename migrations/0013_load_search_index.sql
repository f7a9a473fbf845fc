-- Issue 19 (lists): the board's text search (contract "Loads": `search` is a
-- case-insensitive substring of load number, pickup city or delivery city) and its
-- X-Total-Count read a trigram index instead of every load. One GIN index over the
-- three columns serves `a ILIKE p OR b ILIKE p OR c ILIKE p` as a BitmapOr of three
-- scans of it. pg_trgm is a trusted extension on PostgreSQL 13+ (the database owner
-- may create it); PGlite loads it from @electric-sql/pglite/contrib (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "loads_search_trgm_idx" ON "loads" USING gin ("load_number" gin_trgm_ops, "pickup_city" gin_trgm_ops, "delivery_city" gin_trgm_ops);
