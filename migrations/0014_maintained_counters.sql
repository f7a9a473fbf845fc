-- Issue 19 (counters): GET /api/stats and the Carriers tab read maintained rows, not
-- every load per request. Three summaries, kept by statement-level triggers on
-- "loads" (transition tables: one upsert per summary row a statement touches, in key
-- order) in the writing transaction, so they are exactly as committed as the loads:
--   load_available_days  available loads per UK pickup day ('infinity': no pickup date);
--                        the board count is the sum from today's UK day on (contract:
--                        an available load expires when its UK pickup day ends)
--   load_status_totals   loads and sum of price per status (staff tiles: everyone's)
--   load_holder_stats    per (accepted_by, accepted_by_carrier) pair, the held loads
--                        (accepted/approved/completed), earnings (sum of price of
--                        completed) and the latest accepted_at: a carrier's tiles are
--                        the pairs with their id or their company name; the Carriers
--                        tab groups the pairs by company
-- Rows whose counts fall to zero stay (readers skip them): no delete/insert race.
CREATE TABLE IF NOT EXISTS "load_available_days" (
  "pickup_day" date PRIMARY KEY,
  "loads" integer NOT NULL DEFAULT 0
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "load_status_totals" (
  "status" text PRIMARY KEY,
  "loads" integer NOT NULL DEFAULT 0,
  "price_sum" numeric NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- holder_key: '<user id or ->|<'=' || carrier, or empty when null>', so a null and an
-- empty company name stay apart (both are compared exactly by readers)
CREATE TABLE IF NOT EXISTS "load_holder_stats" (
  "holder_key" text PRIMARY KEY,
  "accepted_by" uuid,
  "accepted_by_carrier" text,
  "accepted" integer NOT NULL DEFAULT 0,
  "approved" integer NOT NULL DEFAULT 0,
  "completed" integer NOT NULL DEFAULT 0,
  "earnings" numeric NOT NULL DEFAULT 0,
  "last_accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "load_holder_stats_user_idx" ON "load_holder_stats" ("accepted_by");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "load_holder_stats_carrier_idx" ON "load_holder_stats" ("accepted_by_carrier");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION load_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols constant text := 'status, pickup_date, price, accepted_by, accepted_by_carrier, accepted_at';
  src text;
  r record;
BEGIN
  -- the changed rows as signed deltas: -1 for the row as it was, +1 as it is; an
  -- update that leaves every counted column alone adds nothing (and locks nothing)
  IF TG_OP = 'INSERT' THEN
    src := format('SELECT 1 AS sign, %s FROM new_rows', cols);
  ELSIF TG_OP = 'DELETE' THEN
    src := format('SELECT -1 AS sign, %s FROM old_rows', cols);
  ELSE
    src := 'WITH ch AS (SELECT o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
              WHERE (o.status, o.pickup_date, o.price, o.accepted_by, o.accepted_by_carrier, o.accepted_at)
                IS DISTINCT FROM (n.status, n.pickup_date, n.price, n.accepted_by, n.accepted_by_carrier, n.accepted_at))
            SELECT -1 AS sign, ' || cols || ' FROM old_rows WHERE id IN (SELECT id FROM ch)
            UNION ALL SELECT 1 AS sign, ' || cols || ' FROM new_rows WHERE id IN (SELECT id FROM ch)';
  END IF;

  EXECUTE format($q$
    WITH d AS (%s)
    INSERT INTO load_available_days AS t (pickup_day, loads)
    SELECT coalesce((pickup_date AT TIME ZONE 'Europe/London')::date, 'infinity'::date) AS day, sum(sign)
    FROM d WHERE status = 'available' GROUP BY 1 HAVING sum(sign) <> 0 ORDER BY 1
    ON CONFLICT (pickup_day) DO UPDATE SET loads = t.loads + excluded.loads
  $q$, src);

  EXECUTE format($q$
    WITH d AS (%s)
    INSERT INTO load_status_totals AS t (status, loads, price_sum)
    SELECT status, sum(sign), sum(sign * price) FROM d GROUP BY status
    HAVING sum(sign) <> 0 OR sum(sign * price) <> 0 ORDER BY status
    ON CONFLICT (status) DO UPDATE SET loads = t.loads + excluded.loads, price_sum = t.price_sum + excluded.price_sum
  $q$, src);

  -- per holder; where the latest accepted_at may have left, it is looked up again
  -- (loads by accepted_by or accepted_by_carrier: both indexed) once the row is locked
  FOR r IN EXECUTE format($q$
    WITH d AS (%s),
    agg AS (
      SELECT coalesce(accepted_by::text, '-') || '|' || coalesce('=' || accepted_by_carrier, '') AS holder_key,
             accepted_by, accepted_by_carrier,
             sum(sign) FILTER (WHERE status = 'accepted') AS accepted,
             sum(sign) FILTER (WHERE status = 'approved') AS approved,
             sum(sign) FILTER (WHERE status = 'completed') AS completed,
             sum(sign * price) FILTER (WHERE status = 'completed') AS earnings,
             max(accepted_at) FILTER (WHERE sign > 0) AS added_max,
             max(accepted_at) FILTER (WHERE sign < 0) AS removed_max
      FROM d WHERE status IN ('accepted', 'approved', 'completed')
      GROUP BY accepted_by, accepted_by_carrier
    ),
    up AS (
      INSERT INTO load_holder_stats AS t (holder_key, accepted_by, accepted_by_carrier, accepted, approved, completed, earnings, last_accepted_at)
      SELECT holder_key, accepted_by, accepted_by_carrier, coalesce(accepted, 0), coalesce(approved, 0), coalesce(completed, 0), coalesce(earnings, 0), added_max
      FROM agg ORDER BY holder_key
      ON CONFLICT (holder_key) DO UPDATE SET
        accepted = t.accepted + excluded.accepted,
        approved = t.approved + excluded.approved,
        completed = t.completed + excluded.completed,
        earnings = t.earnings + excluded.earnings,
        last_accepted_at = greatest(t.last_accepted_at, excluded.last_accepted_at)
      RETURNING t.holder_key, t.accepted_by, t.accepted_by_carrier, t.last_accepted_at
    )
    SELECT up.holder_key, up.accepted_by, up.accepted_by_carrier FROM up JOIN agg USING (holder_key)
    WHERE agg.removed_max IS NOT NULL AND (up.last_accepted_at IS NULL OR agg.removed_max >= up.last_accepted_at)
  $q$, src) LOOP
    IF r.accepted_by IS NOT NULL THEN
      UPDATE load_holder_stats SET last_accepted_at = (SELECT max(accepted_at) FROM loads
        WHERE accepted_by = r.accepted_by AND accepted_by_carrier IS NOT DISTINCT FROM r.accepted_by_carrier
          AND status IN ('accepted', 'approved', 'completed'))
      WHERE holder_key = r.holder_key;
    ELSIF r.accepted_by_carrier IS NOT NULL THEN
      UPDATE load_holder_stats SET last_accepted_at = (SELECT max(accepted_at) FROM loads
        WHERE accepted_by_carrier = r.accepted_by_carrier AND accepted_by IS NULL
          AND status IN ('accepted', 'approved', 'completed'))
      WHERE holder_key = r.holder_key;
    ELSE
      UPDATE load_holder_stats SET last_accepted_at = (SELECT max(accepted_at) FROM loads
        WHERE accepted_by IS NULL AND accepted_by_carrier IS NULL AND status IN ('accepted', 'approved', 'completed'))
      WHERE holder_key = r.holder_key;
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION load_counters_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM load_available_days;
  DELETE FROM load_status_totals;
  DELETE FROM load_holder_stats;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Named "loads_z…" on purpose: a table's triggers fire in name order, so these run
-- after the version trigger of 0012 (loads_inserted/updated/deleted), whose
-- change_counters row lock, taken first by every write to loads, then orders these
-- counters' row locks too (no deadlock between writers of several statements).
DROP TRIGGER IF EXISTS "loads_z_counters_inserted" ON "loads";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "loads_z_counters_updated" ON "loads";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "loads_z_counters_deleted" ON "loads";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "loads_z_counters_truncated" ON "loads";
--> statement-breakpoint
CREATE TRIGGER "loads_z_counters_inserted" AFTER INSERT ON "loads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION load_counters_apply();
--> statement-breakpoint
CREATE TRIGGER "loads_z_counters_updated" AFTER UPDATE ON "loads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION load_counters_apply();
--> statement-breakpoint
CREATE TRIGGER "loads_z_counters_deleted" AFTER DELETE ON "loads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION load_counters_apply();
--> statement-breakpoint
CREATE TRIGGER "loads_z_counters_truncated" AFTER TRUNCATE ON "loads" FOR EACH STATEMENT EXECUTE FUNCTION load_counters_truncated();
--> statement-breakpoint
-- Backfill from the loads there are. The triggers above already hold a lock on
-- "loads" that keeps out writers until this migration commits, so no write falls
-- between the count and the trigger.
DELETE FROM "load_available_days";
--> statement-breakpoint
DELETE FROM "load_status_totals";
--> statement-breakpoint
DELETE FROM "load_holder_stats";
--> statement-breakpoint
INSERT INTO "load_available_days" ("pickup_day", "loads")
SELECT coalesce(("pickup_date" AT TIME ZONE 'Europe/London')::date, 'infinity'::date), count(*)::int
FROM "loads" WHERE "status" = 'available' GROUP BY 1;
--> statement-breakpoint
INSERT INTO "load_status_totals" ("status", "loads", "price_sum")
SELECT "status", count(*)::int, coalesce(sum("price"), 0) FROM "loads" GROUP BY "status";
--> statement-breakpoint
INSERT INTO "load_holder_stats" ("holder_key", "accepted_by", "accepted_by_carrier", "accepted", "approved", "completed", "earnings", "last_accepted_at")
SELECT coalesce("accepted_by"::text, '-') || '|' || coalesce('=' || "accepted_by_carrier", ''), "accepted_by", "accepted_by_carrier",
       count(*) FILTER (WHERE "status" = 'accepted')::int,
       count(*) FILTER (WHERE "status" = 'approved')::int,
       count(*) FILTER (WHERE "status" = 'completed')::int,
       coalesce(sum("price") FILTER (WHERE "status" = 'completed'), 0),
       max("accepted_at")
FROM "loads" WHERE "status" IN ('accepted', 'approved', 'completed')
GROUP BY "accepted_by", "accepted_by_carrier";
