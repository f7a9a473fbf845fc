-- Live load events (issue 19, contract "Live updates"): every changed load row gets
-- its own version of the 'loads' change counter and one NOTIFY 'load_changed'
-- naming it, so the live stream sends the changed load itself instead of a bare
-- "loads changed" that made every open board refetch. One trigger per statement
-- with transition tables: the counter row is updated once per statement (by the
-- number of rows) and its row lock, held to commit, orders versions by commit in
-- every process, so listeners see 1, 2, 3 ... without gaps (a rolled-back
-- transaction's numbers are rolled back with it). The payload also carries what the
-- row was before (status, pickup date, holder), so the stream can tell the former
-- holder and the available count what changed. A statement of more than 100 rows (a
-- bulk seed or merge) sends one {"v": last, "n": rows} instead: listeners refetch once.
DROP TRIGGER IF EXISTS "loads_changed" ON "loads";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION loads_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
  v bigint;
  r record;
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
    PERFORM pg_notify('load_changed', json_build_object('v', v + n, 'n', n)::text);
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    FOR r IN SELECT nr."id", NULL::text AS os, NULL::timestamptz AS op, NULL::uuid AS ou, NULL::text AS oc FROM new_rows nr ORDER BY nr."id" LOOP
      v := v + 1;
      PERFORM pg_notify('load_changed', json_build_object('v', v, 'id', r."id")::text);
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR r IN SELECT nr."id", o."status" AS os, o."pickup_date" AS op, o."accepted_by" AS ou, o."accepted_by_carrier" AS oc
      FROM new_rows nr LEFT JOIN old_rows o ON o."id" = nr."id" ORDER BY nr."id" LOOP
      v := v + 1;
      PERFORM pg_notify('load_changed', json_build_object('v', v, 'id', r."id", 'os', r.os, 'op', r.op, 'ou', r.ou, 'oc', r.oc)::text);
    END LOOP;
  ELSE
    FOR r IN SELECT o."id", o."status" AS os, o."pickup_date" AS op, o."accepted_by" AS ou, o."accepted_by_carrier" AS oc FROM old_rows o ORDER BY o."id" LOOP
      v := v + 1;
      PERFORM pg_notify('load_changed', json_build_object('v', v, 'id', r."id", 'os', r.os, 'op', r.op, 'ou', r.ou, 'oc', r.oc)::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "loads_inserted" AFTER INSERT ON "loads" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loads_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "loads_updated" AFTER UPDATE ON "loads" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION loads_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "loads_deleted" AFTER DELETE ON "loads" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION loads_changed_rows();
--> statement-breakpoint
-- Bids: the counter as before, and the bidders whose bids changed (their own data:
-- contract "a user's own data reaches that user's streams only"); '*' when a
-- statement touches more than 100 bidders.
DROP TRIGGER IF EXISTS "bids_changed" ON "bids";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bids_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT CASE WHEN count(DISTINCT "carrier_id") > 100 THEN '*' ELSE coalesce(json_agg(DISTINCT "carrier_id")::text, '[]') END INTO who FROM old_rows;
  ELSE
    SELECT CASE WHEN count(DISTINCT "carrier_id") > 100 THEN '*' ELSE coalesce(json_agg(DISTINCT "carrier_id")::text, '[]') END INTO who FROM new_rows;
  END IF;
  IF who = '[]' THEN
    RETURN NULL;
  END IF;
  UPDATE "change_counters" SET "version" = "version" + 1 WHERE "name" = 'bids';
  PERFORM pg_notify('bids_changed', who);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bids_inserted" AFTER INSERT ON "bids" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bids_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "bids_updated" AFTER UPDATE ON "bids" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bids_changed_rows();
--> statement-breakpoint
CREATE TRIGGER "bids_deleted" AFTER DELETE ON "bids" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bids_changed_rows();
