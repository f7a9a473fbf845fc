-- Bids: the counter as before, without the NOTIFY. Whose bids changed is now sent
-- once the change has committed, by a subscriber of the bid events
-- (modules/live/live-bid-notices.ts), so a bid's transaction never takes
-- PostgreSQL's notify lock.
CREATE OR REPLACE FUNCTION bids_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "change_counters" SET "version" = "version" + 1 WHERE "name" = 'bids';
  RETURN NULL;
END $$;
