CREATE TABLE "join_domain_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"domain" text NOT NULL,
	"requested_by" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "join_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"domain" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"role" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "join_domain_requests" ADD CONSTRAINT "join_domain_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_domain_requests" ADD CONSTRAINT "join_domain_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_domain_requests" ADD CONSTRAINT "join_domain_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "join_requests" ADD CONSTRAINT "join_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "join_domain_requests_organisation_idx" ON "join_domain_requests" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "join_domain_requests_requested_by_idx" ON "join_domain_requests" USING btree ("requested_by");--> statement-breakpoint
CREATE INDEX "join_domain_requests_decided_by_idx" ON "join_domain_requests" USING btree ("decided_by");--> statement-breakpoint
CREATE INDEX "join_domain_requests_pending_idx" ON "join_domain_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "join_domain_requests_pending_key" ON "join_domain_requests" USING btree ("organisation_id","domain") WHERE "join_domain_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "join_requests_organisation_idx" ON "join_requests" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "join_requests_decided_by_idx" ON "join_requests" USING btree ("decided_by");--> statement-breakpoint
CREATE UNIQUE INDEX "join_requests_open_user_key" ON "join_requests" USING btree ("user_id") WHERE "join_requests"."status" <> 'approved';--> statement-breakpoint
CREATE INDEX "join_requests_user_idx" ON "join_requests" USING btree ("user_id");