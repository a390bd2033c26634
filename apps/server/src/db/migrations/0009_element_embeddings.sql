CREATE TABLE "element_embeddings" (
	"element_id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"model" text NOT NULL,
	"vector" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "element_embeddings" ADD CONSTRAINT "element_embeddings_element_id_document_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."document_elements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "element_embeddings" ADD CONSTRAINT "element_embeddings_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "element_embeddings_document_idx" ON "element_embeddings" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "element_embeddings_model_idx" ON "element_embeddings" USING btree ("model");