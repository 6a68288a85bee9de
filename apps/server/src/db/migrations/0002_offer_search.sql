-- Offer search: a stored lower-case search text (title, city, category) with a trigram index, so
-- '%term%' lookups neither scan nor recompute every offer of an account. The extension is added by
-- hand: drizzle-kit does not model extensions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("experiences"."title" || ' ' || "experiences"."city" || ' ' || "experiences"."category")) STORED;--> statement-breakpoint
CREATE INDEX "experiences_search_trgm_idx" ON "experiences" USING gin ("search_text" gin_trgm_ops);