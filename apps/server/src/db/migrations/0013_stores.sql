CREATE TABLE "store_experiences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"experience_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"ownership" text DEFAULT 'internal' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"languages" text[] NOT NULL,
	"headline" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_image_id" uuid,
	"hero_image_id" uuid,
	"accent_color" text NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"terms_url" text DEFAULT '' NOT NULL,
	"privacy_url" text DEFAULT '' NOT NULL,
	"hold_minutes" integer,
	"question_mode" text DEFAULT 'all' NOT NULL,
	"payment_mode" text DEFAULT 'full' NOT NULL,
	"deposit_percent" integer DEFAULT 20 NOT NULL,
	"recaptcha_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stores_deposit_percent_range" CHECK ("stores"."deposit_percent" between 1 and 99)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_id" uuid;--> statement-breakpoint
ALTER TABLE "store_experiences" ADD CONSTRAINT "store_experiences_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_experiences" ADD CONSTRAINT "store_experiences_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_experiences" ADD CONSTRAINT "store_experiences_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_logo_image_id_filer_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."filer_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_hero_image_id_filer_images_id_fk" FOREIGN KEY ("hero_image_id") REFERENCES "public"."filer_images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_experiences_store_experience_key" ON "store_experiences" USING btree ("store_id","experience_id");--> statement-breakpoint
CREATE INDEX "store_experiences_store_position_idx" ON "store_experiences" USING btree ("store_id","position");--> statement-breakpoint
CREATE INDEX "store_experiences_experience_idx" ON "store_experiences" USING btree ("experience_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_account_slug_key" ON "stores" USING btree ("account_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_account_default_key" ON "stores" USING btree ("account_id") WHERE "stores"."is_default";--> statement-breakpoint
CREATE INDEX "stores_account_created_idx" ON "stores" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_account_store_idx" ON "orders" USING btree ("account_id","store_id");