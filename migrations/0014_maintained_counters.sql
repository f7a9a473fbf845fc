-- Reserved for 0014_maintained_counters (issue 19/20/21 helper fills this in; leave it a no-op if unused)
SELECT 1;
