CREATE TABLE "write_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"meeting_date" date,
	"status" text DEFAULT 'generating' NOT NULL,
	"content" jsonb,
	"version" integer DEFAULT 0 NOT NULL,
	"findings" jsonb,
	"transcript" jsonb NOT NULL,
	"engine" text,
	"job_id" text,
	"error" text,
	"source_filename" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "write_documents_version_check" CHECK ("write_documents"."version" >= 0)
);
--> statement-breakpoint
ALTER TABLE "write_documents" ADD CONSTRAINT "write_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_documents" ADD CONSTRAINT "write_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "write_documents_owner_created_idx" ON "write_documents" USING btree ("organisation_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "write_documents_job_idx" ON "write_documents" USING btree ("job_id");