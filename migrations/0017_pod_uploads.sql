-- Resumable uploads (issue 21 "Paperwork photos": pause and resume across a lost
-- connection). The chunks of an upload in progress, kept in the database so any
-- process (PGlite, PostgreSQL, local disk or S3 store) can take the next chunk;
-- assembled and content-checked with the last chunk, then deleted. A ticket's
-- row going (the upload sweep) takes its chunks with it.
CREATE TABLE IF NOT EXISTS "upload_chunks" (
	"object_key" text NOT NULL,
	"start" integer NOT NULL,
	"total" integer NOT NULL,
	"data" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_chunks_pk" PRIMARY KEY("object_key","start"),
	CONSTRAINT "upload_chunks_object_fk" FOREIGN KEY ("object_key") REFERENCES "objects"("key") ON DELETE cascade
);
