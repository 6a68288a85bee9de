-- One order's rollup difference is applied by one transaction at a time. 0020 serialised that with
-- a FOR UPDATE on the order row inside the deferred (commit-time) trigger; a committing transaction
-- that already held the order row then waited on the tuple lock of a transaction queued behind that
-- row, a cycle PostgreSQL did not break (parallel refunds without the order lock hung). A
-- transaction-scoped advisory lock on the order serialises the same work and is taken only at
-- commit, so nothing queued on the row can hold it.
CREATE OR REPLACE FUNCTION "analytics_refresh_order"(p_order uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('analytics:' || p_order::text, 0));
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
$$;
