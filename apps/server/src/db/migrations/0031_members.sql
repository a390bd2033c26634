CREATE TABLE "invitation_withdrawals" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"withdrawn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "role" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "invitation_withdrawals" ADD CONSTRAINT "invitation_withdrawals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitation_withdrawals_organisation_idx" ON "invitation_withdrawals" USING btree ("organisation_id");