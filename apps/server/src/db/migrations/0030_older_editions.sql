-- The rows a newer edition replaced (has_newer_edition, migration 0006) are few; search reads
-- them once per statement from this index and checks each against the newer rows (searchable()
-- in core/policies/documents.ts), instead of a check costed per document, which at 17,000
-- documents pushed the plan past PostgreSQL's JIT threshold.
CREATE INDEX "documents_older_editions_idx" ON "documents" USING btree ("id") WHERE "documents"."has_newer_edition";
