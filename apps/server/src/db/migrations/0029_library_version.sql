-- A mark of the library's state, moved in the same transaction as each statement that writes
-- documents or their elements, so it changes exactly when what a search can find does (whichever
-- process, job or tool writes them). Search answers kept in memory are keyed by it (search/cache.ts).
-- Its values come from a sequence, so none is ever used twice (a restore moves it too, db/backup.ts);
-- the row appears with the first write.
CREATE SEQUENCE "library_changes";--> statement-breakpoint
CREATE TABLE "library_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "library_version_one_row" CHECK ("library_version"."id" = 1)
);
--> statement-breakpoint
CREATE FUNCTION "library_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "library_version" ("id", "version") VALUES (1, nextval('library_changes'))
    ON CONFLICT ("id") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "documents_library_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "documents"
  FOR EACH STATEMENT EXECUTE FUNCTION "library_changed"();--> statement-breakpoint
CREATE TRIGGER "document_elements_library_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "document_elements"
  FOR EACH STATEMENT EXECUTE FUNCTION "library_changed"();
