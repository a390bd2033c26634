CREATE TABLE "supersession_notices" (
	"user_id" text NOT NULL,
	"document_id" text NOT NULL,
	"superseded_by_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supersession_notices_user_id_document_id_pk" PRIMARY KEY("user_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "write_documents" ADD COLUMN "watched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "supersession_notices" ADD CONSTRAINT "supersession_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supersession_notices" ADD CONSTRAINT "supersession_notices_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supersession_notices" ADD CONSTRAINT "supersession_notices_superseded_by_id_documents_id_fk" FOREIGN KEY ("superseded_by_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;