-- A Word table's first row may be no header (a table of label and value rows): the file says so, and
-- the reader draws such a table without a head. Every stored element keeps the head it was drawn with.
ALTER TABLE "document_elements" ADD COLUMN "header_row" boolean DEFAULT true NOT NULL;