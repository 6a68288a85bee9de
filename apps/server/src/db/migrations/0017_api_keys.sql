CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "api_keys_account_created_idx" ON "api_keys" USING btree ("account_id","created_at");--> statement-breakpoint
-- API keys are callers too (cached by the access layer like signed-in users): a key created,
-- deleted, revoked or re-scoped announces its account on `excursio_access` when the transaction
-- commits, so every instance drops that account's cached callers. `last_used_at` (written at most
-- once a minute per key) is left out on purpose: it changes nothing about who may do what.
CREATE OR REPLACE FUNCTION "excursio_notify_access"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account text;
BEGIN
  IF TG_TABLE_NAME IN ('users', 'team_members', 'roles', 'api_keys') THEN
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
CREATE TRIGGER "api_keys_notify_access" AFTER INSERT OR DELETE OR UPDATE OF "revoked_at", "scopes" ON "api_keys" FOR EACH ROW EXECUTE FUNCTION "excursio_notify_access"();
