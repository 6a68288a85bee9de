-- A slot's booked places as a counter on its row, kept here in the transaction of every booking
-- change, instead of summing its bookings on every read: the availability engine and the analytics'
-- utilisation read slot rows only (a year of one offer's starts was a million booking rows).
-- Booking and cancelling already lock the slot row, so the counter's row lock adds no new waits there.
ALTER TABLE "slots" ADD COLUMN "booked_units" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "slots_count_booked_units"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was integer := 0;
  now_units integer := 0;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status <> 'canceled' THEN was := OLD.units; END IF;
  IF TG_OP <> 'DELETE' AND NEW.status <> 'canceled' THEN now_units := NEW.units; END IF;
  IF TG_OP = 'UPDATE' AND OLD.slot_id = NEW.slot_id THEN
    IF now_units <> was THEN
      UPDATE slots SET booked_units = booked_units + now_units - was WHERE id = NEW.slot_id;
    END IF;
    RETURN NULL;
  END IF;
  IF was <> 0 THEN UPDATE slots SET booked_units = booked_units - was WHERE id = OLD.slot_id; END IF;
  IF now_units <> 0 THEN UPDATE slots SET booked_units = booked_units + now_units WHERE id = NEW.slot_id; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "bookings_count_booked_units" AFTER INSERT OR DELETE OR UPDATE OF slot_id, status, units ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION "slots_count_booked_units"();
--> statement-breakpoint
-- A slot's count can never go below nothing booked: a bug in the arithmetic fails the change.
ALTER TABLE "slots" ADD CONSTRAINT "slots_booked_units_check" CHECK ("booked_units" >= 0);
--> statement-breakpoint
UPDATE "slots" s SET "booked_units" = b.units
FROM (SELECT slot_id, sum(units)::int AS units FROM bookings WHERE status <> 'canceled' GROUP BY slot_id) b
WHERE b.slot_id = s.id;
