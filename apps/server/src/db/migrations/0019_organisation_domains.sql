CREATE TABLE "organisation_domains" (
	"organisation_id" text NOT NULL,
	"domain" text NOT NULL,
	"approved_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_domains_organisation_id_domain_pk" PRIMARY KEY("organisation_id","domain")
);
--> statement-breakpoint
ALTER TABLE "organisation_domains" ADD CONSTRAINT "organisation_domains_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_domains_domain_idx" ON "organisation_domains" USING btree ("domain");