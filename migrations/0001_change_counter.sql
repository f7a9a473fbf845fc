-- Every change to loads or bids bumps one version number. GET /api/loads uses it as
-- its ETag so an unchanged poll costs one indexed read, the same in every process,
-- and pg_notify tells live listeners (SSE) in any process that the board changed.
INSERT INTO "change_counters" ("name", "version") VALUES ('loads', 0), ('bids', 0), ('users', 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_change_counter() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "change_counters" SET "version" = "version" + 1 WHERE "name" = TG_ARGV[0];
  PERFORM pg_notify('board_changed', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loads_changed AFTER INSERT OR UPDATE OR DELETE ON "loads" FOR EACH STATEMENT EXECUTE FUNCTION bump_change_counter('loads');
--> statement-breakpoint
CREATE TRIGGER bids_changed AFTER INSERT OR UPDATE OR DELETE ON "bids" FOR EACH STATEMENT EXECUTE FUNCTION bump_change_counter('bids');
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION bump_change_counter('users');
