-- Processes keep verified sessions for up to a second (plugins/session-cache.ts).
-- Ending a session, or changing or deleting an account, tells every process at
-- once so none of them honours the old session from its cache.
CREATE OR REPLACE FUNCTION notify_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER DELETE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_changed_sessions AFTER UPDATE OR DELETE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_changed();
