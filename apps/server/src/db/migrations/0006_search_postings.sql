-- Search postings (see document_terms in schema.ts). The primary key carries the counts (INCLUDE,
-- which schema.ts cannot express) so ranking reads a query lexeme's postings from the index alone.
CREATE TABLE "document_terms" (
	"lexeme" text NOT NULL,
	"document_id" text NOT NULL,
	"elements" integer DEFAULT 0 NOT NULL,
	"in_title" boolean DEFAULT false NOT NULL,
	CONSTRAINT "document_terms_lexeme_document_id_pk" PRIMARY KEY("lexeme","document_id") INCLUDE ("elements", "in_title")
);
--> statement-breakpoint
-- Nothing reads these since search uses the stored search_vector columns (migration 0005); every
-- document and element insert paid for them.
DROP INDEX "document_elements_fts_idx";--> statement-breakpoint
DROP INDEX "documents_fts_idx";--> statement-breakpoint
INSERT INTO "document_terms" ("lexeme", "document_id", "elements", "in_title")
SELECT lexeme, document_id, sum(elements)::int, bool_or(in_title)
FROM (
  SELECT t.lexeme, e.document_id, 1 AS elements, false AS in_title
  FROM "document_elements" e CROSS JOIN LATERAL unnest(e.search_vector) AS t
  UNION ALL
  SELECT t.lexeme, d.id, 0, true
  FROM "documents" d CROSS JOIN LATERAL unnest(d.search_vector) AS t
) terms
GROUP BY lexeme, document_id;--> statement-breakpoint
ALTER TABLE "document_terms" ADD CONSTRAINT "document_terms_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_terms_document_idx" ON "document_terms" USING btree ("document_id");--> statement-breakpoint
-- Triggers keep the postings for every path that writes documents and elements (storeDocument,
-- bulk SQL, test factories). Elements: one grouped upsert per insert statement; a document's
-- elements may span several statements, so counts add up.
CREATE FUNCTION "document_terms_add_elements"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_terms (lexeme, document_id, elements)
  SELECT t.lexeme, e.document_id, count(*)::int
  FROM new_elements e CROSS JOIN LATERAL unnest(e.search_vector) AS t
  GROUP BY t.lexeme, e.document_id
  ON CONFLICT (lexeme, document_id) DO UPDATE SET elements = document_terms.elements + excluded.elements;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "document_elements_terms" AFTER INSERT ON "document_elements"
REFERENCING NEW TABLE AS new_elements FOR EACH STATEMENT EXECUTE FUNCTION "document_terms_add_elements"();--> statement-breakpoint
-- Documents: the title and code lexemes, again when the title or code changes.
CREATE FUNCTION "document_terms_set_title"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    UPDATE document_terms SET in_title = false WHERE document_id = NEW.id AND in_title;
    DELETE FROM document_terms WHERE document_id = NEW.id AND elements = 0 AND NOT in_title;
  END IF;
  INSERT INTO document_terms (lexeme, document_id, in_title)
  SELECT t.lexeme, NEW.id, true FROM unnest(NEW.search_vector) AS t
  ON CONFLICT (lexeme, document_id) DO UPDATE SET in_title = true;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "documents_terms" AFTER INSERT OR UPDATE OF "title", "code" ON "documents"
FOR EACH ROW EXECUTE FUNCTION "document_terms_set_title"();
--> statement-breakpoint
-- Only the newest edition of a file name is searched; the flag lets search skip the per-document
-- check for the (nearly all) rows nothing newer replaced.
ALTER TABLE "documents" ADD COLUMN "has_newer_edition" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "documents" o SET "has_newer_edition" = true
WHERE EXISTS (SELECT 1 FROM "documents" n WHERE n.filename = o.filename AND (n.created_at, n.id) > (o.created_at, o.id));--> statement-breakpoint
-- Stores of one file name are serialised by an advisory lock, so each sees the rows the others
-- committed (created_at is the transaction's start, so either may turn out the newer). A flag
-- left true after the newer row is deleted only costs search the exact check.
CREATE FUNCTION "documents_mark_editions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('documents.filename'), hashtext(NEW.filename));
  UPDATE documents o SET has_newer_edition = true
  WHERE o.filename = NEW.filename AND NOT o.has_newer_edition
    AND EXISTS (SELECT 1 FROM documents n WHERE n.filename = o.filename AND (n.created_at, n.id) > (o.created_at, o.id));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "documents_editions" AFTER INSERT ON "documents"
FOR EACH ROW EXECUTE FUNCTION "documents_mark_editions"();
