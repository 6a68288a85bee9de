CREATE TABLE "customer_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"order_id" uuid,
	"booking_id" uuid,
	"cart_contact_id" uuid,
	"to_email" text NOT NULL,
	"subject" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_opt_outs" (
	"account_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_opt_outs_account_id_email_pk" PRIMARY KEY("account_id","email")
);
--> statement-breakpoint
CREATE TABLE "webstore_cart_contacts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"store_id" uuid,
	"cart_key" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"hold_ids" uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_configurations" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"date_format" text DEFAULT 'DD. MMMM YYYY' NOT NULL,
	"booking_reference_prefix" text DEFAULT '#' NOT NULL,
	"default_cancellation_policy_id" uuid,
	"default_meeting_point_id" uuid,
	"invoice_number_prefix" text DEFAULT 'INV-' NOT NULL,
	"invoice_number_digits" integer DEFAULT 6 NOT NULL,
	"invoice_tax_id" text DEFAULT '' NOT NULL,
	"invoice_footer" text DEFAULT '' NOT NULL,
	"reminder_enabled" boolean DEFAULT true NOT NULL,
	"reminder_hours_before" integer DEFAULT 24 NOT NULL,
	"follow_up_enabled" boolean DEFAULT true NOT NULL,
	"follow_up_hours_after" integer DEFAULT 3 NOT NULL,
	"abandoned_cart_enabled" boolean DEFAULT true NOT NULL,
	"abandoned_cart_minutes_after" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reference_prefix" text DEFAULT '#' NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_opt_outs" ADD CONSTRAINT "message_opt_outs_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webstore_cart_contacts" ADD CONSTRAINT "webstore_cart_contacts_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webstore_cart_contacts" ADD CONSTRAINT "webstore_cart_contacts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_default_cancellation_policy_id_cancellation_policies_id_fk" FOREIGN KEY ("default_cancellation_policy_id") REFERENCES "public"."cancellation_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_configurations" ADD CONSTRAINT "product_configurations_default_meeting_point_id_meeting_points_id_fk" FOREIGN KEY ("default_meeting_point_id") REFERENCES "public"."meeting_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_messages_dedupe_key" ON "customer_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "customer_messages_account_order_idx" ON "customer_messages" USING btree ("account_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webstore_cart_contacts_account_cart_key" ON "webstore_cart_contacts" USING btree ("account_id","cart_key");--> statement-breakpoint
CREATE INDEX "webstore_cart_contacts_account_created_idx" ON "webstore_cart_contacts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "slots_starts_at_idx" ON "slots" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "slots_ends_at_idx" ON "slots" USING btree ("ends_at");