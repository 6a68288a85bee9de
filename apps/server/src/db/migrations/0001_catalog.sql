CREATE TABLE "agenda_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"experience_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_questions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"experience_id" uuid NOT NULL,
	"question" text NOT NULL,
	"scope" text DEFAULT 'booking' NOT NULL,
	"answer_type" text DEFAULT 'text' NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cancellation_policies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiences" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"subcategory" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"country_code" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"duration_minutes" integer,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"min_group_size" integer DEFAULT 1 NOT NULL,
	"max_group_size" integer,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"is_open_dated" boolean DEFAULT false NOT NULL,
	"short_description" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"highlights" text[] DEFAULT '{}'::text[] NOT NULL,
	"included" text[] DEFAULT '{}'::text[] NOT NULL,
	"not_included" text[] DEFAULT '{}'::text[] NOT NULL,
	"what_to_bring" text[] DEFAULT '{}'::text[] NOT NULL,
	"important_information" text DEFAULT '' NOT NULL,
	"booking_cutoff_minutes" integer DEFAULT 0 NOT NULL,
	"confirmation_mode" text DEFAULT 'instant' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"meeting_point_id" uuid,
	"cancellation_policy_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_points" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"instructions" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"min_age" smallint,
	"max_age" smallint,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pricing_rate_prices" (
	"account_id" uuid NOT NULL,
	"rate_id" uuid NOT NULL,
	"pricing_category_id" uuid NOT NULL,
	"price_minor" integer NOT NULL,
	"net_price_minor" integer,
	CONSTRAINT "pricing_rate_prices_rate_id_pricing_category_id_pk" PRIMARY KEY("rate_id","pricing_category_id")
);
--> statement-breakpoint
CREATE TABLE "pricing_rates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"experience_id" uuid NOT NULL,
	"name" text NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"pricing_mode" text DEFAULT 'per_person' NOT NULL,
	"min_participants" integer DEFAULT 1 NOT NULL,
	"max_participants" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "start_times" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"experience_id" uuid NOT NULL,
	"time" text NOT NULL,
	"weekdays" smallint[] NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experience_inventory_items" (
	"account_id" uuid NOT NULL,
	"experience_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"usage" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "experience_inventory_items_experience_id_item_id_pk" PRIMARY KEY("experience_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_item_tags" (
	"account_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "inventory_item_tags_item_id_tag_id_pk" PRIMARY KEY("item_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"stock_quantity" integer DEFAULT 0 NOT NULL,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"category_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_tags" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experience_images" (
	"account_id" uuid NOT NULL,
	"experience_id" uuid NOT NULL,
	"image_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "experience_images_experience_id_image_id_pk" PRIMARY KEY("experience_id","image_id")
);
--> statement-breakpoint
CREATE TABLE "filer_folders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filer_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"folder_id" uuid,
	"original_name" text NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" bigint NOT NULL,
	"variants" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"experience_id" uuid,
	"url" text NOT NULL,
	"provider" text NOT NULL,
	"provider_video_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"thumbnail_url" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agenda_items" ADD CONSTRAINT "agenda_items_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_items" ADD CONSTRAINT "agenda_items_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_questions" ADD CONSTRAINT "booking_questions_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_questions" ADD CONSTRAINT "booking_questions_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cancellation_policies" ADD CONSTRAINT "cancellation_policies_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_meeting_point_id_meeting_points_id_fk" FOREIGN KEY ("meeting_point_id") REFERENCES "public"."meeting_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_cancellation_policy_id_cancellation_policies_id_fk" FOREIGN KEY ("cancellation_policy_id") REFERENCES "public"."cancellation_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_points" ADD CONSTRAINT "meeting_points_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_categories" ADD CONSTRAINT "pricing_categories_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_rate_prices" ADD CONSTRAINT "pricing_rate_prices_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_rate_prices" ADD CONSTRAINT "pricing_rate_prices_rate_id_pricing_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."pricing_rates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_rate_prices" ADD CONSTRAINT "pricing_rate_prices_pricing_category_id_pricing_categories_id_fk" FOREIGN KEY ("pricing_category_id") REFERENCES "public"."pricing_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_rates" ADD CONSTRAINT "pricing_rates_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_rates" ADD CONSTRAINT "pricing_rates_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "start_times" ADD CONSTRAINT "start_times_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "start_times" ADD CONSTRAINT "start_times_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_inventory_items" ADD CONSTRAINT "experience_inventory_items_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_inventory_items" ADD CONSTRAINT "experience_inventory_items_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_inventory_items" ADD CONSTRAINT "experience_inventory_items_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_categories" ADD CONSTRAINT "inventory_categories_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_item_tags" ADD CONSTRAINT "inventory_item_tags_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_item_tags" ADD CONSTRAINT "inventory_item_tags_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_item_tags" ADD CONSTRAINT "inventory_item_tags_tag_id_inventory_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."inventory_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_category_id_inventory_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."inventory_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_tags" ADD CONSTRAINT "inventory_tags_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_images" ADD CONSTRAINT "experience_images_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_images" ADD CONSTRAINT "experience_images_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experience_images" ADD CONSTRAINT "experience_images_image_id_filer_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."filer_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filer_folders" ADD CONSTRAINT "filer_folders_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filer_images" ADD CONSTRAINT "filer_images_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filer_images" ADD CONSTRAINT "filer_images_folder_id_filer_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."filer_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_account_id_base_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."base_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_items_account_experience_idx" ON "agenda_items" USING btree ("account_id","experience_id","position");--> statement-breakpoint
CREATE INDEX "booking_questions_account_experience_idx" ON "booking_questions" USING btree ("account_id","experience_id","position");--> statement-breakpoint
CREATE INDEX "cancellation_policies_account_idx" ON "cancellation_policies" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "experiences_account_created_idx" ON "experiences" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "experiences_account_status_type_idx" ON "experiences" USING btree ("account_id","status","type");--> statement-breakpoint
CREATE INDEX "experiences_account_title_idx" ON "experiences" USING btree ("account_id","title");--> statement-breakpoint
CREATE INDEX "meeting_points_account_idx" ON "meeting_points" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_categories_account_name_key" ON "pricing_categories" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "pricing_rate_prices_category_idx" ON "pricing_rate_prices" USING btree ("account_id","pricing_category_id");--> statement-breakpoint
CREATE INDEX "pricing_rates_account_experience_idx" ON "pricing_rates" USING btree ("account_id","experience_id");--> statement-breakpoint
CREATE INDEX "start_times_account_experience_idx" ON "start_times" USING btree ("account_id","experience_id","time");--> statement-breakpoint
CREATE INDEX "experience_inventory_items_item_idx" ON "experience_inventory_items" USING btree ("account_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_categories_account_name_key" ON "inventory_categories" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "inventory_item_tags_tag_idx" ON "inventory_item_tags" USING btree ("account_id","tag_id");--> statement-breakpoint
CREATE INDEX "inventory_items_account_type_idx" ON "inventory_items" USING btree ("account_id","type","is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_tags_account_name_key" ON "inventory_tags" USING btree ("account_id",lower("name"));--> statement-breakpoint
CREATE INDEX "experience_images_image_idx" ON "experience_images" USING btree ("account_id","image_id");--> statement-breakpoint
CREATE INDEX "filer_folders_account_parent_idx" ON "filer_folders" USING btree ("account_id","parent_id");--> statement-breakpoint
CREATE INDEX "filer_images_account_folder_idx" ON "filer_images" USING btree ("account_id","folder_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_account_experience_idx" ON "videos" USING btree ("account_id","experience_id","position");