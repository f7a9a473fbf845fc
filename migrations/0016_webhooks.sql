-- Reserved for 0016_webhooks (issue 19/20/21 helper fills this in; leave it a no-op if unused)
SELECT 1;
