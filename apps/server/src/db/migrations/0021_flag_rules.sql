CREATE TABLE "feature_flag_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"organisation_id" text,
	"role" text,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_flag_rules_scope_check" CHECK (("feature_flag_rules"."organisation_id" is null) <> ("feature_flag_rules"."role" is null))
);
--> statement-breakpoint
ALTER TABLE "feature_flag_rules" ADD CONSTRAINT "feature_flag_rules_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feature_flag_rules_organisation_key" ON "feature_flag_rules" USING btree ("key","organisation_id") WHERE "feature_flag_rules"."organisation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "feature_flag_rules_role_key" ON "feature_flag_rules" USING btree ("key","role") WHERE "feature_flag_rules"."role" is not null;--> statement-breakpoint
CREATE INDEX "feature_flag_rules_organisation_idx" ON "feature_flag_rules" USING btree ("organisation_id");