-- Who may do what is read from these tables on every request unless cached; every change to them
-- is announced on the channel `excursio_access` (payload: the account id, or '*' for all) when its
-- transaction commits, so each server instance drops the cached callers it concerns.
CREATE FUNCTION "excursio_notify_access"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account text;
BEGIN
  IF TG_TABLE_NAME IN ('users', 'team_members', 'roles') THEN
    account := coalesce(NEW.account_id, OLD.account_id)::text;
  ELSIF TG_TABLE_NAME = 'base_accounts' THEN
    account := coalesce(NEW.id, OLD.id)::text;
  ELSE
    account := '*';
  END IF;
  PERFORM pg_notify('excursio_access', account);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_notify_access" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "excursio_notify_access"();--> statement-breakpoint
CREATE TRIGGER "team_members_notify_access" AFTER INSERT OR UPDATE OR DELETE ON "team_members" FOR EACH ROW EXECUTE FUNCTION "excursio_notify_access"();--> statement-breakpoint
CREATE TRIGGER "roles_notify_access" AFTER INSERT OR UPDATE OR DELETE ON "roles" FOR EACH ROW EXECUTE FUNCTION "excursio_notify_access"();--> statement-breakpoint
CREATE TRIGGER "base_accounts_notify_access" AFTER INSERT OR UPDATE OR DELETE ON "base_accounts" FOR EACH ROW EXECUTE FUNCTION "excursio_notify_access"();--> statement-breakpoint
CREATE TRIGGER "role_permission_sets_notify_access" AFTER INSERT OR UPDATE OR DELETE ON "role_permission_sets" FOR EACH STATEMENT EXECUTE FUNCTION "excursio_notify_access"();--> statement-breakpoint
CREATE TRIGGER "subscription_tiers_notify_access" AFTER INSERT OR UPDATE OR DELETE ON "subscription_tiers" FOR EACH STATEMENT EXECUTE FUNCTION "excursio_notify_access"();--> statement-breakpoint
CREATE TRIGGER "permission_sets_notify_access" AFTER INSERT OR UPDATE OR DELETE ON "permission_sets" FOR EACH STATEMENT EXECUTE FUNCTION "excursio_notify_access"();
