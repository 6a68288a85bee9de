CREATE TABLE "sales_daily" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"experience_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"reseller_account_id" uuid NOT NULL,
	"reseller_store_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	"gross_minor" bigint DEFAULT 0 NOT NULL,
	"canceled_minor" bigint DEFAULT 0 NOT NULL,
	"refunds_minor" bigint DEFAULT 0 NOT NULL,
	"net_minor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_account_id_day_experience_id_store_id_channel_reseller_account_id_reseller_store_id_currency_pk" PRIMARY KEY("account_id","day","experience_id","store_id","channel","reseller_account_id","reseller_store_id","currency")
);
--> statement-breakpoint
CREATE TABLE "sales_line_parts" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"experience_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"reseller_account_id" uuid NOT NULL,
	"reseller_store_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	"gross_minor" bigint DEFAULT 0 NOT NULL,
	"canceled_minor" bigint DEFAULT 0 NOT NULL,
	"refunds_minor" bigint DEFAULT 0 NOT NULL,
	"net_minor" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_daily" ADD CONSTRAINT "sales_daily_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_line_parts" ADD CONSTRAINT "sales_line_parts_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_daily_reseller_idx" ON "sales_daily" USING btree ("reseller_account_id","day") WHERE "sales_daily"."reseller_account_id" <> '00000000-0000-0000-0000-000000000000';--> statement-breakpoint
CREATE INDEX "sales_line_parts_order_idx" ON "sales_line_parts" USING btree ("order_id");--> statement-breakpoint
-- What each line of one order contributes now. Money the order holds as a whole (refunds, net) is
-- spread over its lines by their gross (floored; the remainder to the first line by id).
CREATE FUNCTION "analytics_order_parts"(p_order uuid) RETURNS TABLE (
  line_id uuid, order_id uuid, account_id uuid, day date, experience_id uuid, store_id uuid, channel text,
  reseller_account_id uuid, reseller_store_id uuid, currency text, bookings integer, participants integer,
  gross_minor bigint, canceled_minor bigint, refunds_minor bigint, net_minor bigint
) LANGUAGE sql STABLE AS $$
  WITH o AS (
    SELECT o.account_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, o.channel, o.store_id, o.currency,
      r.reseller_account_id, r.store_id AS reseller_store_id, m.refunded,
      greatest(o.total_minor, m.paid - m.refunded) AS net
    FROM orders o
    LEFT JOIN resales r ON r.order_id = o.id
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(p.amount_minor) FILTER (WHERE p.kind = 'payment'), 0)::bigint AS paid,
        coalesce(sum(p.amount_minor) FILTER (WHERE p.kind = 'refund'), 0)::bigint AS refunded
      FROM payments p WHERE p.order_id = o.id AND p.status = 'succeeded'
    ) m
    WHERE o.id = p_order
  ), l AS (
    SELECT ol.id, ol.experience_id, ol.status, ol.total_minor::bigint AS gross, coalesce(b.participants, 0) AS participants,
      row_number() OVER (ORDER BY ol.id) AS rn, sum(ol.total_minor) OVER ()::bigint AS order_gross
    FROM order_lines ol LEFT JOIN bookings b ON b.id = ol.booking_id
    WHERE ol.order_id = p_order
  ), s AS (
    SELECT l.*, o.*,
      CASE WHEN l.order_gross > 0 THEN o.refunded * l.gross / l.order_gross WHEN l.rn = 1 THEN o.refunded ELSE 0 END AS refund_share,
      CASE WHEN l.order_gross > 0 THEN o.net * l.gross / l.order_gross WHEN l.rn = 1 THEN o.net ELSE 0 END AS net_share
    FROM l CROSS JOIN o
  ), t AS (
    SELECT s.*, sum(s.refund_share) OVER () AS refund_spread, sum(s.net_share) OVER () AS net_spread FROM s
  )
  SELECT t.id, p_order, t.account_id, t.day,
    coalesce(t.experience_id, '00000000-0000-0000-0000-000000000000'), coalesce(t.store_id, '00000000-0000-0000-0000-000000000000'),
    t.channel, coalesce(t.reseller_account_id, '00000000-0000-0000-0000-000000000000'),
    coalesce(t.reseller_store_id, '00000000-0000-0000-0000-000000000000'), t.currency,
    (t.status = 'active')::integer, CASE WHEN t.status = 'active' THEN t.participants ELSE 0 END,
    t.gross, CASE WHEN t.status = 'canceled' THEN t.gross ELSE 0 END,
    t.refund_share + CASE WHEN t.rn = 1 THEN t.refunded - t.refund_spread ELSE 0 END,
    t.net_share + CASE WHEN t.rn = 1 THEN t.net - t.net_spread ELSE 0 END
  FROM t
$$;--> statement-breakpoint
-- Brings one order's contribution up to date: the difference between its new parts and the stored
-- ones goes into the daily rollup (upserts in key order), then the stored parts are replaced. The
-- order row is locked first, so two transactions never apply the same order's difference twice.
CREATE FUNCTION "analytics_refresh_order"(p_order uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM orders WHERE id = p_order FOR UPDATE;
  INSERT INTO sales_daily AS d (account_id, day, experience_id, store_id, channel, reseller_account_id, reseller_store_id,
    currency, bookings, participants, gross_minor, canceled_minor, refunds_minor, net_minor)
  SELECT x.account_id, x.day, x.experience_id, x.store_id, x.channel, x.reseller_account_id, x.reseller_store_id, x.currency,
    sum(x.bookings), sum(x.participants), sum(x.gross_minor), sum(x.canceled_minor), sum(x.refunds_minor), sum(x.net_minor)
  FROM (
    SELECT n.account_id, n.day, n.experience_id, n.store_id, n.channel, n.reseller_account_id, n.reseller_store_id, n.currency,
      n.bookings, n.participants, n.gross_minor, n.canceled_minor, n.refunds_minor, n.net_minor
    FROM analytics_order_parts(p_order) n
    UNION ALL
    SELECT p.account_id, p.day, p.experience_id, p.store_id, p.channel, p.reseller_account_id, p.reseller_store_id, p.currency,
      -p.bookings, -p.participants, -p.gross_minor, -p.canceled_minor, -p.refunds_minor, -p.net_minor
    FROM sales_line_parts p WHERE p.order_id = p_order
  ) x
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  HAVING sum(x.bookings) <> 0 OR sum(x.participants) <> 0 OR sum(x.gross_minor) <> 0 OR sum(x.canceled_minor) <> 0
    OR sum(x.refunds_minor) <> 0 OR sum(x.net_minor) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (account_id, day, experience_id, store_id, channel, reseller_account_id, reseller_store_id, currency) DO UPDATE SET
    bookings = d.bookings + excluded.bookings, participants = d.participants + excluded.participants,
    gross_minor = d.gross_minor + excluded.gross_minor, canceled_minor = d.canceled_minor + excluded.canceled_minor,
    refunds_minor = d.refunds_minor + excluded.refunds_minor, net_minor = d.net_minor + excluded.net_minor;
  DELETE FROM sales_line_parts WHERE order_id = p_order;
  INSERT INTO sales_line_parts SELECT * FROM analytics_order_parts(p_order);
END;
$$;--> statement-breakpoint
-- A bulk load (the benchmarks' generated orders) says `SET LOCAL excursio.analytics_bulk = 'on'` and
-- calls analytics_rebuild(account) before committing instead of refreshing order by order.
CREATE FUNCTION "analytics_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('excursio.analytics_bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'orders' THEN
    PERFORM analytics_refresh_order(coalesce(NEW.id, OLD.id));
  ELSE
    PERFORM analytics_refresh_order(coalesce(NEW.order_id, OLD.order_id));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Deferred to the commit: every change of the transaction is in, and the rollup rows stay locked only for the commit itself.
CREATE CONSTRAINT TRIGGER "order_lines_analytics" AFTER INSERT OR UPDATE OR DELETE ON "order_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "analytics_order_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "payments_analytics" AFTER INSERT OR UPDATE ON "payments" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "analytics_order_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "resales_analytics" AFTER INSERT OR UPDATE OR DELETE ON "resales" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "analytics_order_changed"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_analytics" AFTER UPDATE ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.total_minor IS DISTINCT FROM NEW.total_minor OR OLD.store_id IS DISTINCT FROM NEW.store_id
    OR OLD.channel IS DISTINCT FROM NEW.channel OR OLD.currency IS DISTINCT FROM NEW.currency OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION "analytics_order_changed"();--> statement-breakpoint
-- Everything of one organization recomputed in one pass (after a bulk load, or to repair).
CREATE FUNCTION "analytics_rebuild"(p_account uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sales_daily WHERE account_id = p_account;
  DELETE FROM sales_line_parts WHERE account_id = p_account;
  INSERT INTO sales_line_parts SELECT p.* FROM orders o CROSS JOIN LATERAL analytics_order_parts(o.id) p WHERE o.account_id = p_account;
  INSERT INTO sales_daily (account_id, day, experience_id, store_id, channel, reseller_account_id, reseller_store_id, currency,
    bookings, participants, gross_minor, canceled_minor, refunds_minor, net_minor)
  SELECT account_id, day, experience_id, store_id, channel, reseller_account_id, reseller_store_id, currency,
    sum(bookings), sum(participants), sum(gross_minor), sum(canceled_minor), sum(refunds_minor), sum(net_minor)
  FROM sales_line_parts WHERE account_id = p_account GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
END;
$$;--> statement-breakpoint
-- The orders already there.
INSERT INTO sales_line_parts SELECT p.* FROM orders o CROSS JOIN LATERAL analytics_order_parts(o.id) p;--> statement-breakpoint
INSERT INTO sales_daily (account_id, day, experience_id, store_id, channel, reseller_account_id, reseller_store_id, currency,
  bookings, participants, gross_minor, canceled_minor, refunds_minor, net_minor)
SELECT account_id, day, experience_id, store_id, channel, reseller_account_id, reseller_store_id, currency,
  sum(bookings), sum(participants), sum(gross_minor), sum(canceled_minor), sum(refunds_minor), sum(net_minor)
FROM sales_line_parts GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
