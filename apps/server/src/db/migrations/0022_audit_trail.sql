CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"ip" text,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"entity_label" text NOT NULL,
	"order_id" uuid,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_entries_account_at_idx" ON "audit_entries" USING btree ("account_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_account_order_idx" ON "audit_entries" USING btree ("account_id","order_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_account_entity_idx" ON "audit_entries" USING btree ("account_id","entity_type","entity_id");--> statement-breakpoint
-- The audit trail is append-only, whoever asks: no route, service, script or console session can
-- change or remove an entry. Rows are inserted by the services in the transaction of the change.
CREATE OR REPLACE FUNCTION "excursio_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_change" BEFORE UPDATE OR DELETE ON "audit_entries" FOR EACH ROW EXECUTE FUNCTION "excursio_audit_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries" FOR EACH STATEMENT EXECUTE FUNCTION "excursio_audit_append_only"();
