-- Reserved for 0017_pod_uploads (issue 19/20/21 helper fills this in; leave it a no-op if unused)
SELECT 1;
