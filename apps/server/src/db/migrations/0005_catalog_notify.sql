-- What an offer sells (its schedule, rates and prices, equipment, the account's hold time) is kept
-- in memory by the availability engine; every change to it is announced on `excursio_catalog`
-- (payload: the account id) when its transaction commits, so each instance drops that account's.
CREATE FUNCTION "excursio_notify_catalog"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'base_accounts' THEN
    PERFORM pg_notify('excursio_catalog', coalesce(NEW.id, OLD.id)::text);
  ELSE
    PERFORM pg_notify('excursio_catalog', coalesce(NEW.account_id, OLD.account_id)::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "experiences_notify_catalog" AFTER INSERT OR UPDATE OR DELETE ON "experiences" FOR EACH ROW EXECUTE FUNCTION "excursio_notify_catalog"();--> statement-breakpoint
CREATE TRIGGER "start_times_notify_catalog" AFTER INSERT OR UPDATE OR DELETE ON "start_times" FOR EACH ROW EXECUTE FUNCTION "excursio_notify_catalog"();--> statement-breakpoint
CREATE TRIGGER "pricing_rates_notify_catalog" AFTER INSERT OR UPDATE OR DELETE ON "pricing_rates" FOR EACH ROW EXECUTE FUNCTION "excursio_notify_catalog"();--> statement-breakpoint
CREATE TRIGGER "pricing_rate_prices_notify_catalog" AFTER INSERT OR UPDATE OR DELETE ON "pricing_rate_prices" FOR EACH ROW EXECUTE FUNCTION "excursio_notify_catalog"();--> statement-breakpoint
CREATE TRIGGER "pricing_categories_notify_catalog" AFTER INSERT OR UPDATE OR DELETE ON "pricing_categories" FOR EACH ROW EXECUTE FUNCTION "excursio_notify_catalog"();--> statement-breakpoint
CREATE TRIGGER "experience_inventory_items_notify_catalog" AFTER INSERT OR UPDATE OR DELETE ON "experience_inventory_items" FOR EACH ROW EXECUTE FUNCTION "excursio_notify_catalog"();--> statement-breakpoint
CREATE TRIGGER "inventory_items_notify_catalog" AFTER INSERT OR UPDATE OR DELETE ON "inventory_items" FOR EACH ROW EXECUTE FUNCTION "excursio_notify_catalog"();--> statement-breakpoint
CREATE TRIGGER "base_accounts_notify_catalog" AFTER INSERT OR UPDATE OR DELETE ON "base_accounts" FOR EACH ROW EXECUTE FUNCTION "excursio_notify_catalog"();
