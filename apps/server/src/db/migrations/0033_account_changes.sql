-- Each server process now keeps a signed-in person's account as account/info shows it (names, job
-- title, address, roles, onboarding, verified address, photo, organisation's name) beside their
-- session (core/identity/cache.ts), so every column it shows announces a change, and so does an
-- organisation's name.
DROP TRIGGER "users_identity_changed" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_identity_changed" AFTER UPDATE OF "roles", "disabled_at", "email", "firstname", "surname", "job_title",
  "external_id", "email_verified_at", "onboarding_complete", "onboarding_modules", "photo_id", "organisation_id" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "identity_changed"('user');--> statement-breakpoint
DROP TRIGGER "organisations_identity_changed" ON "organisations";--> statement-breakpoint
CREATE TRIGGER "organisations_identity_changed" AFTER UPDATE OF "deactivated_at", "name" OR DELETE ON "organisations"
  FOR EACH ROW EXECUTE FUNCTION "identity_changed"('organisation');
