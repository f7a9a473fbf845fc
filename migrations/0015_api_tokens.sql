-- Reserved for 0015_api_tokens (issue 19/20/21 helper fills this in; leave it a no-op if unused)
SELECT 1;
