-- The dashboard's month sales (status, currency and total of two months of orders) are answered from
-- the index alone; the orders list by date uses the same key prefix as before.
DROP INDEX "orders_account_created_idx";--> statement-breakpoint
CREATE INDEX "orders_account_created_idx" ON "orders" USING btree ("account_id","created_at","status","currency","total_minor");