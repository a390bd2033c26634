CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text,
	"actor_user_id" text,
	"kind" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tool" text,
	"document_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"subdomains" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_subject_check" CHECK (("events"."subject_type" is null) = ("events"."subject_id" is null))
);
--> statement-breakpoint
-- Added by hand: usage_events becomes the general events table; its rows are kept. Every kind
-- recorded so far was a use of a tool, so "<tool>.<kind>" is the new kind (chat.question_asked).
INSERT INTO "events" ("id", "organisation_id", "actor_user_id", "kind", "tool", "document_ids", "subdomains", "created_at")
SELECT "id", "organisation_id", "user_id", "tool" || '.' || "kind", "tool", "document_ids", "subdomains", "created_at" FROM "usage_events";--> statement-breakpoint
DROP TABLE "usage_events" CASCADE;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_organisation_time_idx" ON "events" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "events_actor_idx" ON "events" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("subject_type","subject_id");