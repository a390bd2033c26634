-- Every server process keeps signed-in callers' sessions, roles and flags in memory
-- (core/identity/cache.ts) and forgets them when these rows change, whoever changes them: a
-- request on another process, a command-line tool, an administrator's SQL. The payload names what
-- changed; PostgreSQL delivers it to every listening process when the transaction commits.
CREATE FUNCTION "identity_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('identity_changed', TG_ARGV[0]);
    RETURN NULL;
  END IF;
  PERFORM pg_notify('identity_changed', TG_ARGV[0] || ':' || (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_identity_changed" AFTER UPDATE OF "revoked_at" OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "identity_changed"('session');--> statement-breakpoint
CREATE TRIGGER "users_identity_changed" AFTER UPDATE OF "roles", "disabled_at", "email", "firstname", "organisation_id" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "identity_changed"('user');--> statement-breakpoint
CREATE TRIGGER "organisations_identity_changed" AFTER UPDATE OF "deactivated_at" OR DELETE ON "organisations"
  FOR EACH ROW EXECUTE FUNCTION "identity_changed"('organisation');--> statement-breakpoint
CREATE TRIGGER "feature_flags_identity_changed" AFTER INSERT OR UPDATE OR DELETE ON "feature_flags"
  FOR EACH STATEMENT EXECUTE FUNCTION "identity_changed"('flags');--> statement-breakpoint
CREATE TRIGGER "feature_flag_rules_identity_changed" AFTER INSERT OR UPDATE OR DELETE ON "feature_flag_rules"
  FOR EACH STATEMENT EXECUTE FUNCTION "identity_changed"('flags');
