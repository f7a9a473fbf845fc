-- Reserved for 0012_live_load_events (issue 19/20/21 helper fills this in; leave it a no-op if unused)
SELECT 1;
