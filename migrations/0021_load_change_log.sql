-- The live stream's log of changed loads. Every changed load row still gets
-- its own version of the 'loads' change counter, but the write no longer sends
-- a NOTIFY (which takes PostgreSQL's global notify lock at commit): it appends a
-- row here in its own transaction, and each process's feed reads the log after
-- commit (woken by one coalesced notice from the process that wrote, or by its own
-- poll). A stream that reconnects names the last version it saw and is sent the
-- rows after it, so the log is kept for at least a day or 10,000 changes.
--
-- Lock order: every statement that writes loads first takes the 'loads' counter
-- row (BEFORE STATEMENT), so a transaction holds it before any load row, and two
-- transactions that write several loads queue on it instead of deadlocking on
-- each other's rows and the counter rows. The lock is held to commit, so
-- versions follow commit order in every process (a rolled-back transaction's
-- numbers go with it). Code that locks load rows with SELECT ... FOR UPDATE takes
-- the counter row first as well (lockLoadWrites).
CREATE TABLE IF NOT EXISTS "load_changes" (
	"version" bigint PRIMARY KEY NOT NULL,
	"load_id" uuid,
	"rows" integer DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"old_status" text,
	"old_pickup_date" timestamp with time zone,
	"old_accepted_by" uuid,
	"old_accepted_by_carrier" text,
	"new_status" text,
	"new_pickup_date" timestamp with time zone,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loads_write_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "change_counters" WHERE "name" = 'loads' FOR UPDATE;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "loads_a_write_lock" ON "loads";
--> statement-breakpoint
CREATE TRIGGER "loads_a_write_lock" BEFORE INSERT OR UPDATE OR DELETE ON "loads" FOR EACH STATEMENT EXECUTE FUNCTION loads_write_lock();
--> statement-breakpoint
-- a statement of more than 100 rows (a bulk seed or merge) is one row of kind
-- 'bulk' covering versions version-rows+1 … version: streams refetch once for it
CREATE OR REPLACE FUNCTION loads_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  v bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT count(*) INTO n FROM old_rows;
  ELSE
    SELECT count(*) INTO n FROM new_rows;
  END IF;
  IF n = 0 THEN
    RETURN NULL;
  END IF;
  UPDATE "change_counters" SET "version" = "version" + n WHERE "name" = 'loads' RETURNING "version" - n INTO v;
  IF n > 100 THEN
    INSERT INTO "load_changes" ("version", "rows", "kind") VALUES (v + n, n, 'bulk');
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "load_changes" ("version", "load_id", "kind", "new_status", "new_pickup_date")
    SELECT v + row_number() OVER (ORDER BY nr."id"), nr."id", 'insert', nr."status", nr."pickup_date" FROM new_rows nr;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "load_changes" ("version", "load_id", "kind", "old_status", "old_pickup_date", "old_accepted_by", "old_accepted_by_carrier", "new_status", "new_pickup_date")
    SELECT v + row_number() OVER (ORDER BY nr."id"), nr."id", 'update', o."status", o."pickup_date", o."accepted_by", o."accepted_by_carrier", nr."status", nr."pickup_date"
    FROM new_rows nr LEFT JOIN old_rows o ON o."id" = nr."id";
  ELSE
    INSERT INTO "load_changes" ("version", "load_id", "kind", "old_status", "old_pickup_date", "old_accepted_by", "old_accepted_by_carrier")
    SELECT v + row_number() OVER (ORDER BY o."id"), o."id", 'delete', o."status", o."pickup_date", o."accepted_by", o."accepted_by_carrier" FROM old_rows o;
  END IF;
  RETURN NULL;
END $$;
