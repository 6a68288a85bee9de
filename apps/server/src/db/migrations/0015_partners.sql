CREATE TABLE "partnership_experiences" (
	"partnership_id" uuid NOT NULL,
	"experience_id" uuid NOT NULL,
	CONSTRAINT "partnership_experiences_partnership_id_experience_id_pk" PRIMARY KEY("partnership_id","experience_id")
);
--> statement-breakpoint
CREATE TABLE "partnerships" (
	"id" uuid PRIMARY KEY NOT NULL,
	"supplier_account_id" uuid,
	"reseller_account_id" uuid,
	"invited_by_account_id" uuid NOT NULL,
	"invite_email" text,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"pricing_mode" text DEFAULT 'commission' NOT NULL,
	"commission_bp" integer DEFAULT 1500 NOT NULL,
	"share_mode" text DEFAULT 'all' NOT NULL,
	"allocation" integer,
	"payment_collector" text DEFAULT 'reseller' NOT NULL,
	"paused_by_account_id" uuid,
	"accepted_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partnerships_commission_range" CHECK ("partnerships"."commission_bp" between 0 and 10000),
	CONSTRAINT "partnerships_allocation_positive" CHECK ("partnerships"."allocation" is null or "partnerships"."allocation" > 0),
	CONSTRAINT "partnerships_not_self" CHECK ("partnerships"."supplier_account_id" is distinct from "partnerships"."reseller_account_id")
);
--> statement-breakpoint
CREATE TABLE "resales" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"reseller_account_id" uuid NOT NULL,
	"partnership_id" uuid NOT NULL,
	"store_id" uuid,
	"seller_user_id" uuid,
	"pricing_mode" text NOT NULL,
	"commission_bp" integer,
	"payment_collector" text NOT NULL,
	"gross_minor" integer NOT NULL,
	"commission_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resales_commission_range" CHECK ("resales"."commission_minor" between 0 and "resales"."gross_minor")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "partnership_id" uuid;--> statement-breakpoint
ALTER TABLE "holds" ADD COLUMN "partnership_id" uuid;--> statement-breakpoint
ALTER TABLE "partnership_experiences" ADD CONSTRAINT "partnership_experiences_partnership_id_partnerships_id_fk" FOREIGN KEY ("partnership_id") REFERENCES "public"."partnerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnership_experiences" ADD CONSTRAINT "partnership_experiences_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_supplier_account_id_base_accounts_id_fk" FOREIGN KEY ("supplier_account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_reseller_account_id_base_accounts_id_fk" FOREIGN KEY ("reseller_account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_invited_by_account_id_base_accounts_id_fk" FOREIGN KEY ("invited_by_account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partnerships" ADD CONSTRAINT "partnerships_paused_by_account_id_base_accounts_id_fk" FOREIGN KEY ("paused_by_account_id") REFERENCES "public"."base_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resales" ADD CONSTRAINT "resales_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resales" ADD CONSTRAINT "resales_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resales" ADD CONSTRAINT "resales_reseller_account_id_base_accounts_id_fk" FOREIGN KEY ("reseller_account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resales" ADD CONSTRAINT "resales_partnership_id_partnerships_id_fk" FOREIGN KEY ("partnership_id") REFERENCES "public"."partnerships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resales" ADD CONSTRAINT "resales_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resales" ADD CONSTRAINT "resales_seller_user_id_users_id_fk" FOREIGN KEY ("seller_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partnerships_open_pair_key" ON "partnerships" USING btree ("supplier_account_id","reseller_account_id") WHERE "partnerships"."status" in ('pending', 'active', 'paused');--> statement-breakpoint
CREATE INDEX "partnerships_supplier_idx" ON "partnerships" USING btree ("supplier_account_id","created_at");--> statement-breakpoint
CREATE INDEX "partnerships_reseller_idx" ON "partnerships" USING btree ("reseller_account_id","created_at");--> statement-breakpoint
CREATE INDEX "partnerships_invite_email_idx" ON "partnerships" USING btree (lower("invite_email")) WHERE "partnerships"."invite_email" is not null;--> statement-breakpoint
CREATE INDEX "resales_account_created_idx" ON "resales" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "resales_reseller_created_idx" ON "resales" USING btree ("reseller_account_id","created_at");--> statement-breakpoint
CREATE INDEX "resales_partnership_created_idx" ON "resales" USING btree ("partnership_id","created_at");