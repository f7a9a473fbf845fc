-- Reserved for 0013_load_search_index (issue 19/20/21 helper fills this in; leave it a no-op if unused)
SELECT 1;
