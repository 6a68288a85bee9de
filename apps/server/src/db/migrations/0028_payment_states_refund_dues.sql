CREATE TABLE "refund_dues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"payment_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_dues_amount_positive" CHECK ("refund_dues"."amount_minor" > 0),
	CONSTRAINT "refund_dues_settled_has_payment" CHECK (("refund_dues"."kind" = 'settled') = ("refund_dues"."payment_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "refund_dues" ADD CONSTRAINT "refund_dues_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_dues" ADD CONSTRAINT "refund_dues_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_dues" ADD CONSTRAINT "refund_dues_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_dues_order_idx" ON "refund_dues" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_dues_payment_key" ON "refund_dues" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "orders_account_refund_due_idx" ON "orders" USING btree ("account_id") WHERE "orders"."payment_status" = 'refund_due';--> statement-breakpoint
-- The payment state as modules/orders/money.ts `orderMoney` derives it, for the orders made before:
-- a refund is no longer an unpaid balance (paid in full, part refunded → partially_refunded, was
-- partially_paid). No order owes a refund yet (the ledger starts empty), so refund_due is not set here.
UPDATE "orders" o SET "payment_status" = CASE
    WHEN m.paid = 0 THEN CASE WHEN o.total_minor = 0 AND o.status <> 'canceled' THEN 'fully_paid' ELSE 'not_paid' END
    WHEN m.paid - m.refunded <= 0 THEN 'refunded'
    WHEN o.status <> 'canceled' AND o.total_minor - m.paid > 0 THEN 'partially_paid'
    WHEN m.refunded > 0 THEN 'partially_refunded'
    ELSE 'fully_paid'
  END
FROM (
  SELECT p.order_id,
    coalesce(sum(p.amount_minor) FILTER (WHERE p.kind = 'payment' AND p.status = 'succeeded'), 0) AS paid,
    coalesce(sum(p.amount_minor) FILTER (WHERE p.kind = 'refund' AND p.status = 'succeeded'), 0) AS refunded
  FROM "payments" p GROUP BY p.order_id
) m
WHERE m.order_id = o.id AND o.payment_status IS DISTINCT FROM (CASE
    WHEN m.paid = 0 THEN CASE WHEN o.total_minor = 0 AND o.status <> 'canceled' THEN 'fully_paid' ELSE 'not_paid' END
    WHEN m.paid - m.refunded <= 0 THEN 'refunded'
    WHEN o.status <> 'canceled' AND o.total_minor - m.paid > 0 THEN 'partially_paid'
    WHEN m.refunded > 0 THEN 'partially_refunded'
    ELSE 'fully_paid'
  END);
