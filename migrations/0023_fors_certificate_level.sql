-- A FORS certificate carries its level (Bronze, Silver, Gold), asked at upload and
-- correctable by staff when they verify it; the company's verified FORS level is
-- now read from its verified, unexpired certificate, no longer from the level the
-- company claims. Certificates already on file take their company's claimed level,
-- so a network that enforced FORS before the upgrade blocks no one it let book.
ALTER TABLE "company_documents" ADD COLUMN "fors_level" text;
--> statement-breakpoint
UPDATE "company_documents" AS d SET "fors_level" = c."fors_level"
  FROM "companies" AS c
  WHERE d."company_id" = c."id" AND d."kind" = 'fors_certificate' AND c."fors_level" IN ('Bronze', 'Silver', 'Gold');
