CREATE TABLE "document_elements" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"text" text NOT NULL,
	"page" integer DEFAULT 1 NOT NULL,
	"heading_path" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"filename" text NOT NULL,
	"category" text NOT NULL,
	"domain" text NOT NULL,
	"subdomain" text NOT NULL,
	"issuer" text NOT NULL,
	"edition" text NOT NULL,
	"status" text NOT NULL,
	"superseded_by_code" text,
	"supersedes" text[] DEFAULT '{}'::text[] NOT NULL,
	"applies_to" text[] DEFAULT '{}'::text[] NOT NULL,
	"source_kind" text NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_elements" ADD CONSTRAINT "document_elements_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_elements_document_position_idx" ON "document_elements" USING btree ("document_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_filename_content_hash_key" ON "documents" USING btree ("filename","content_hash");--> statement-breakpoint
CREATE INDEX "documents_code_idx" ON "documents" USING btree ("code");--> statement-breakpoint
CREATE INDEX "documents_filename_idx" ON "documents" USING btree ("filename");--> statement-breakpoint
CREATE INDEX "documents_organisation_idx" ON "documents" USING btree ("organisation_id");