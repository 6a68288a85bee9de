ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_account_refunds_idx" ON "payments" USING btree ("account_id","created_at") WHERE "payments"."kind" = 'refund';--> statement-breakpoint
-- Orders made before this knew no language: the organization's default (its profile's).
UPDATE "orders" o SET "language" = coalesce(nullif(a."profile"->>'language', ''), 'en')
  FROM "base_accounts" a WHERE a."id" = o."account_id";--> statement-breakpoint
-- Net revenue subtracts refunds that are not a cancellation's (goodwill). With T the order's total
-- after cancellations: goodwill = max(0, refunded − max(0, paid − T)) (what was refunded beyond the
-- overpayment a cancellation left), net = max(T − goodwill, paid − refunded). A paid €115 order
-- refunded €20 nets €95; a canceled line refunded is not subtracted twice (T fell already); a
-- cancellation fee kept counts (paid − refunded). The same rule as `netRevenueMinor` (analytics module).
CREATE OR REPLACE FUNCTION "analytics_order_parts"(p_order uuid) RETURNS TABLE (
  line_id uuid, order_id uuid, account_id uuid, day date, experience_id uuid, store_id uuid, channel text,
  reseller_account_id uuid, reseller_store_id uuid, currency text, bookings integer, participants integer,
  gross_minor bigint, canceled_minor bigint, refunds_minor bigint, net_minor bigint
) LANGUAGE sql STABLE AS $$
  WITH o AS (
    SELECT o.account_id, (o.created_at AT TIME ZONE 'UTC')::date AS day, o.channel, o.store_id, o.currency,
      r.reseller_account_id, r.store_id AS reseller_store_id, m.refunded,
      greatest(o.total_minor - greatest(0, m.refunded - greatest(0, m.paid - o.total_minor)), m.paid - m.refunded) AS net
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
-- The rows already rolled up follow the new rule.
SELECT analytics_rebuild(a.id) FROM base_accounts a;
