ALTER TABLE "invitations" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "firstname" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "surname" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "job_title" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_held_email_key" ON "invitations" USING btree ("organisation_id","email");--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_or_email" CHECK ("invitations"."user_id" is not null or "invitations"."email" is not null);