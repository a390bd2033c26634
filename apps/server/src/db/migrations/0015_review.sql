CREATE TABLE "review_findings" (
	"id" text PRIMARY KEY NOT NULL,
	"review_id" text NOT NULL,
	"ordinal" integer NOT NULL,
	"category" text NOT NULL,
	"severity" text NOT NULL,
	"quote" text,
	"location" jsonb,
	"expected" text,
	"explanation" text NOT NULL,
	"suggestion" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"dismiss_reason" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_findings_dismiss_reason_check" CHECK ("review_findings"."status" <> 'dismissed' or "review_findings"."dismiss_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"filename" text NOT NULL,
	"format" text NOT NULL,
	"page_count" integer DEFAULT 1 NOT NULL,
	"elements" jsonb NOT NULL,
	"status" text DEFAULT 'reviewing' NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"previous_id" text,
	"engine" text,
	"job_id" text,
	"error" text,
	"watched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_findings" ADD CONSTRAINT "review_findings_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_previous_id_reviews_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_findings_review_idx" ON "review_findings" USING btree ("review_id","ordinal");--> statement-breakpoint
CREATE INDEX "reviews_owner_created_idx" ON "reviews" USING btree ("organisation_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_job_idx" ON "reviews" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "reviews_previous_idx" ON "reviews" USING btree ("previous_id");