CREATE TABLE "qr_code_scans" (
	"qr_code_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "qr_code_scans_qr_code_id_day_pk" PRIMARY KEY("qr_code_id","day")
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"store_id" uuid,
	"experience_id" uuid,
	"booking_id" uuid,
	"scans" integer DEFAULT 0 NOT NULL,
	"last_scanned_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"checked_in_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qr_codes_ticket_has_booking" CHECK (("qr_codes"."type" = 'ticket') = ("qr_codes"."booking_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "ticket_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"key_id" text NOT NULL,
	"public_key" text NOT NULL,
	"private_key_encrypted" text NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qr_code_scans" ADD CONSTRAINT "qr_code_scans_qr_code_id_qr_codes_id_fk" FOREIGN KEY ("qr_code_id") REFERENCES "public"."qr_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_code_scans" ADD CONSTRAINT "qr_code_scans_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_checked_in_by_user_id_users_id_fk" FOREIGN KEY ("checked_in_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_keys" ADD CONSTRAINT "ticket_keys_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_code_key" ON "qr_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_booking_key" ON "qr_codes" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "qr_codes_account_created_idx" ON "qr_codes" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "qr_codes_account_type_created_idx" ON "qr_codes" USING btree ("account_id","type","created_at");--> statement-breakpoint
CREATE INDEX "qr_codes_store_idx" ON "qr_codes" USING btree ("store_id") WHERE "qr_codes"."store_id" is not null;--> statement-breakpoint
CREATE INDEX "qr_codes_experience_idx" ON "qr_codes" USING btree ("experience_id") WHERE "qr_codes"."experience_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_keys_account_key_id_key" ON "ticket_keys" USING btree ("account_id","key_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_keys_account_active_key" ON "ticket_keys" USING btree ("account_id") WHERE "ticket_keys"."retired_at" is null;