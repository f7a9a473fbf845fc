-- Upload budgets (contract "Upload budgets"): an applicant (the registration
-- cookie, no account yet) gets at most 4 upload tickets in all. The count is kept
-- on the applicant token, since the sweep deletes unused tickets' rows within an
-- hour of their expiry while the cookie lasts 2 hours.
ALTER TABLE "applicant_tokens" ADD COLUMN IF NOT EXISTS "upload_tickets" integer DEFAULT 0 NOT NULL;
